/** The address of a patient's record (spec part 1 §2: /customers/add with the patient's id and the tab). */
export const patientRecordPath = (id: string, tab = 0) => `/customers/add?id=${encodeURIComponent(id)}&tab=${tab}`;
/** The form for a new patient. */
export const newPatientPath = '/customers/add';
