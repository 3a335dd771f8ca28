/**
 * What other parts of the app may use of the patients feature (calendar, invoices, forms compose them in app/):
 * the patient field and the adapter that lets the shared PatientSelectDialog search the real API.
 */
export {
  createPatientDialogSearch,
  patientOptionLabel,
  searchPatientsForDialog,
} from './components/patient-options.ts';
export { PatientSearchSelect, type PatientSearchSelectProps } from './components/patient-search-select.tsx';
export { newPatientPath, patientRecordPath } from './paths.ts';
