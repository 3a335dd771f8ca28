import { anagraficaMessages } from '../anagrafica/anagrafica.messages.ts';

/** Patient texts: spec part 1 §5 and part 2 §5 where worded there, the rest decided in docs/decisions/012. */
export const patientMessages = {
  latinOnly: 'Sono ammessi solo caratteri latini',
  dataNascitaInvalid: 'Data di nascita non valida',
  dataNascitaFuture: 'La data di nascita non può essere nel futuro',
  nazionalitaInvalid: 'Nazionalità non valida',
  tagInvalid: 'Etichetta non valida',
  pubblicaAmministrazioneTooltip: 'Ricordati di indicare il codice fiscale della PA (11 numeri)',
  opponeTs: 'Si oppone al TS.',
  readOnlyField: 'Campo non modificabile.',
  cardReadOk: 'Lettura tessera riuscita',
  cardReadFailed: anagraficaMessages.healthCardReadFailed,
  notFound: 'Paziente non trovato',
  duplicateCodiceFiscale: (nome: string) => `Esiste già un paziente con questo codice fiscale: ${nome}`,
  deleteRefused: (what: string) =>
    `Impossibile eliminare il paziente: ha ${what}, che sono documenti legali e vanno conservati. Puoi renderlo non attivo.`,
  created: 'Paziente creato',
  updated: 'Paziente aggiornato',
  /** A company or public administration is a customer, not a patient (issue 26 item 4; decision 003). */
  customerCreated: 'Cliente creato',
  customerUpdated: 'Cliente aggiornato',
  deleted: 'Paziente eliminato',
  stateChanged: 'Stato del paziente aggiornato',
  tagAdded: 'Etichetta aggiunta',
  tagRemoved: 'Etichetta rimossa',
  pazienteIdMismatch: 'Il paziente indicato non corrisponde',
} as const;

/** Italian labels of the patient states (spec part 1 §3: ACTIVE and UNACTIVE). */
export const patientStateLabels = { ACTIVE: 'Attivo', UNACTIVE: 'Non attivo' } as const;
