/** Calendar texts: spec part 1 §2, §5, §8 where worded there; the rest decided in docs/decisions/013. */
export const calendarMessages = {
  // spec part 1 §2: bulk dialogs
  bulkDeleteTitle: 'Elimina eventi calendario',
  bulkExportTitle: 'Esporta eventi calendario',
  bulkDeleteHint: 'Lascia vuoto per eliminare eventi di tutti i pazienti',
  bulkExportHint: 'Lascia vuoto per esportare eventi di tutti i pazienti',
  searchEvents: 'Cerca Eventi',
  searching: 'Ricerca in corso...',
  aboutToDelete: (n: number) => `Stai per eliminare ${n} eventi`,
  aboutToExport: (n: number) => `Stai per esportare ${n} eventi`,
  backupRequired: 'Email di backup obbligatoria',
  irreversible: 'Operazione irreversibile',
  acknowledge: "Ho capito che l'operazione è irreversibile e riceverò il backup via email.",
  deleteN: (n: number) => `Elimina ${n} Eventi`,
  deleting: 'Eliminazione in corso...',
  exportN: (n: number) => `Esporta ${n} Eventi`,
  exporting: 'Esportazione in corso...',
  downloadCsv: 'Download CSV',
  back: 'Indietro',
  recurringUpdateTitle: 'Aggiorna evento ricorrente',
  thisEvent: 'Questo evento',
  thisAndFollowing: 'Questo evento e quelli successivi',
  // spec part 1 §8
  noEventsFound: 'Nessun evento trovato per i criteri selezionati',
  countFailed: 'Impossibile recuperare il numero di eventi',
  deleteFailed: "Errore durante l'eliminazione degli eventi",
  exportFailed: "Errore durante l'esportazione degli eventi",
  abortUpdate: 'Abort update',
  // spec part 1 §5: bulk dialogs (also the server's answer for a reversed or too long range)
  endBeforeStart: 'La data di fine deve essere successiva alla data di inizio',
  rangeTooLong: 'Il range di date non può superare 365 giorni',
  // decided (decision 013)
  dateInvalid: 'Data non valida',
  eventNotFound: 'Evento non trovato',
  calendarNotFound: 'Calendario non trovato',
  scopeRequired: 'Scegliere se aggiornare solo questo evento o anche quelli successivi',
  externalReadOnly: 'Gli eventi del calendario esterno si modificano dal calendario esterno',
  created: 'Appuntamento creato',
  updated: 'Appuntamento aggiornato',
  deleted: 'Appuntamento eliminato',
  bulkDeleted: (n: number) => `${n} eventi eliminati. Il backup è stato inviato via email.`,
  bulkDeletedLocalOutbox: (n: number) =>
    `${n} eventi eliminati. Il backup è nella posta locale (Impostazioni → Posta in uscita): nessuna email è stata inviata.`,
  backupFailed:
    "Errore durante l'eliminazione degli eventi: non è stato possibile inviare il backup via email, nessun evento è stato eliminato.",
  backupMailSubject: (from: string, to: string) => `Backup eventi calendario dal ${from} al ${to}`,
  calendarCreated: 'Calendario creato',
  calendarUpdated: 'Calendario aggiornato',
  feedCreated: 'Nuovo link di iscrizione creato: copialo ora, per sicurezza non verrà più mostrato',
  feedRevoked: 'Link di iscrizione disattivato',
  productCreated: 'Prestazione creata',
  productUpdated: 'Prestazione aggiornata',
  productDeleted: 'Prestazione eliminata',
  productsDeleted: (n: number) => `${n} prestazioni eliminate`,
  priceInvalid: 'Importo non valido',
  duplicated: (n: number) => (n === 1 ? 'Appuntamento duplicato' : `${n} appuntamenti duplicati`),
  googleNotConfigured:
    'Google Calendar non è configurato su questo server: nessuna sincronizzazione eseguita. Puoi comunque iscriverti al calendario dal telefono con il link iCalendar.',
  durationInvalid: 'Durata non valida',
  // Google Calendar link (decision 014)
  googleNotLinked:
    'Nessun account Google collegato: collegalo da Impostazioni calendario → Calendari → Google Calendar.',
  googleLinked: 'Account Google collegato: ora puoi sincronizzare il calendario.',
  googleLinkFailed: 'Collegamento con Google non riuscito: riprova.',
  googleLinkDenied: "Collegamento annullato: l'accesso a Google Calendar non è stato concesso.",
  googleStateInvalid: 'Link di collegamento non valido o scaduto: riprova dalle impostazioni del calendario.',
  googleDisconnected: 'Account Google scollegato',
  googleSynced: (n: number) =>
    n === 0 ? 'Google Calendar è già aggiornato' : `Sincronizzazione con Google Calendar completata: ${n} modifiche`,
  googleSyncBusy: 'Una sincronizzazione con Google Calendar è già in corso: riprova tra qualche istante.',
  googleAuthRevoked: "L'accesso a Google Calendar non è più valido: scollega e collega di nuovo l'account Google.",
  googleUnavailable: 'Google Calendar non risponde: riprova più tardi. Quanto già sincronizzato resta salvato.',
  googleCalendarUnknown: 'Calendario Google non trovato',
  googleCalendarTaken: 'Questo calendario Google è già collegato a un altro calendario dello studio',
  googleCalendarReadOnly: 'Su questo calendario Google non hai il permesso di scrivere',
  googleCalendarLinkUpdated: 'Collegamento con Google Calendar aggiornato',
} as const;

/** spec part 1 §9: appointment-type filter. */
export const appointmentTypeFilters = { PAID: 'Pagati', NOT_PAID: 'Non Pagati', SELECTED: 'Selezionati' } as const;
/** spec part 1 §9: at most 365 days in a bulk range. */
export const bulkRangeMaxDays = 365;
