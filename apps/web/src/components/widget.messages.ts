/**
 * Italian texts of the shared widgets. Spec part 1 §2, §5 and part 2 §2, §5 where quoted;
 * the ones marked "decided" are not given by the spec.
 */
export const widgetMessages = {
  avatarColorLabel: 'Colore Avatar',
  // decided
  avatarColorUsed: 'Già usato da un altro membro dello staff',
  invalidOption: 'Opzione non valida.',
  // decided
  noOptions: 'Nessuna opzione trovata',
  backToDashboard: 'Torna alla dashboard',
  confirmTitle: 'Sei sicuro?',
  confirm: 'Procedi',
  cancel: 'Annulla',
  deleteTitle: 'Sicuro di volere eliminare?',
  deleteMessage: 'Operazione irreversibile…',
  deleteConfirm: 'Si',
  deleteCancel: 'Indietro',
  bannerAction: 'Aggiungi',
  // decided
  close: 'Chiudi',
  patientRequired: 'Seleziona un paziente per procedere oppure premi "Annulla"',
  // decided
  patientSearchLabel: 'Paziente',
  patientSearchPlaceholder: 'Cerca paziente per nome, cognome o codice fiscale',
  noPatients: 'Nessun paziente trovato',
  patientSearchFailed: 'Ricerca non riuscita, riprovare',
  proceedWithoutPatient: 'Procedi senza paziente',
  searching: 'Ricerca in corso...',
  supportActive: (email: string) => `Modalità support attiva: loggato come ${email}`,
  supportExit: 'Esci dalla modalità support',
  readOnlyField: 'Campo non modificabile.',
} as const;
