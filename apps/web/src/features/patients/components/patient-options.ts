import type { Patient, PatientState } from '@studiolo/domain/patients';
import type { PatientOption } from '../../../components/patient-select-dialog.tsx';
import { patientPickerPageSize, searchPatients } from '../api/search-patients.ts';

/** How a patient reads in a picker: the display name, and the fiscal code to tell namesakes apart. */
export const patientOptionLabel = (p: Patient): string => {
  const name = p.datiGenerali.nomeCompleto || [p.datiGenerali.cognome, p.datiGenerali.nome].filter(Boolean).join(' ');
  const code = p.datiGenerali.codiceFiscale ?? p.datiGenerali.partitaIva;
  return code ? `${name} (${code})` : name || 'Senza nome';
};

/**
 * The shared PatientSelectDialog's `searchPatients` on the real API: GET /v2/pazienti, page size 20 (spec part 1
 * §7, §9), reading `content`; `statoPaziente` narrows it (e.g. active patients only for a new appointment).
 */
export const createPatientDialogSearch =
  ({ statoPaziente = null }: { statoPaziente?: PatientState | null } = {}) =>
  async (text: string): Promise<PatientOption[]> => {
    const page = await searchPatients({ searchText: text, statoPaziente, size: patientPickerPageSize, page: 0 });
    return page.content.map((p) => ({ id: p.id, label: patientOptionLabel(p) }));
  };

/**
 * Every patient, active or not.
 * @example <PatientSelectDialog searchPatients={searchPatientsForDialog} title="Scegli il paziente" … />
 */
export const searchPatientsForDialog = createPatientDialogSearch();
