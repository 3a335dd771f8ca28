import { bookingTexts } from '@studiolo/domain/booking';

const hoursText = (hours: number) => (hours === 1 ? '1 ora' : `${hours} ore`);

/** Every text of the booking pages (issue 28); the shared ones come from the domain. */
export const bookingPageTexts = {
  ...bookingTexts,
  pageTitle: 'Prenota un appuntamento',
  notFoundTitle: 'Pagina di prenotazione non trovata',
  notFound:
    'Il link non è corretto oppure lo studio non accetta prenotazioni online in questo momento. Contatta lo studio per prenotare.',
  noSlugTitle: 'Prenota un appuntamento',
  noSlug:
    'Chiedi allo studio il suo link di prenotazione: lo trovi sul suo sito, in un messaggio o nel codice QR esposto in studio.',
  serviceStep: 'Scegli la prestazione',
  staffStep: 'Scegli il professionista',
  anyStaffHint: 'Il primo professionista libero',
  slotStep: 'Scegli giorno e orario',
  remember: 'Ricorda i miei dati su questo telefono',
  rememberHint: 'Restano solo in questo browser, per la prossima prenotazione. Togli la spunta per dimenticarli.',
  needsScript: 'Per ricevere il codice serve JavaScript: attivalo nel browser e ricarica la pagina.',
  detailsStep: 'I tuoi dati',
  codeStep: 'Conferma con il codice',
  change: 'Cambia',
  changeService: 'Cambia prestazione',
  changeStaff: 'Cambia professionista',
  changeSlot: 'Cambia giorno e orario',
  minutes: (n: number) => `${n} min`,
  noServices: 'Al momento non ci sono prestazioni prenotabili online. Contatta lo studio.',
  daysLabel: 'Giorni con orari liberi',
  timesOf: (day: string) => `Orari liberi di ${day}`,
  noSlots: 'Nessun orario libero in questi giorni.',
  nextDays: 'Giorni successivi',
  previousDays: 'Giorni precedenti',
  slotsLoading: 'Cerco gli orari liberi…',
  nome: 'Nome',
  cognome: 'Cognome',
  cellulare: 'Cellulare',
  email: 'Email',
  emailHint: 'Ti invieremo qui il codice di conferma e il riepilogo della prenotazione.',
  codiceFiscale: 'Codice fiscale (facoltativo)',
  note: 'Note per lo studio (facoltative)',
  noteHint: 'Scrivi solo ciò che serve allo studio per preparare la visita.',
  privacyTitle: 'Informativa sul trattamento dei dati',
  privacyAccept:
    'Ho letto l’informativa e acconsento al trattamento dei miei dati, compresi quelli sulla salute, per questa prenotazione.',
  privacyRequired: 'Per prenotare serve il consenso al trattamento dei dati',
  privacyLink: 'Informativa completa',
  sendCode: 'Invia codice',
  codeSentTo: (to: string, sms: string | null = null) =>
    sms ? `Ti abbiamo inviato un codice a ${to} e per SMS al numero ${sms}.` : `Ti abbiamo inviato un codice a ${to}.`,
  codeHint: 'Inserisci le 6 cifre del codice. È valido 15 minuti.',
  codeLabel: 'Codice di conferma',
  codeFormat: 'Il codice è di 6 cifre',
  confirm: 'Conferma prenotazione',
  resend: 'Invia un nuovo codice',
  resent: 'Ti abbiamo inviato un nuovo codice.',
  slotTakenTitle: 'L’orario scelto non è più disponibile',
  slotTaken: 'Nel frattempo qualcun altro l’ha prenotato. Scegli uno dei prossimi orari liberi:',
  slotTakenNone: 'Scegli un altro giorno o un altro orario.',
  chooseAnother: 'Scegli un altro orario',
  doneTitle: 'Prenotazione ricevuta',
  donePending: 'Lo studio confermerà la prenotazione: riceverai un’email quando lo farà.',
  doneBooked: 'Ti abbiamo inviato un’email con il riepilogo.',
  statusLabel: 'Stato',
  cancelLink: 'Annulla la prenotazione',
  cancelHint: 'Il link per annullare è anche nell’email di riepilogo.',
  when: 'Quando',
  what: 'Prestazione',
  who: 'Con',
  where: 'Dove',
  back: 'Indietro',
  // /prenota/annulla
  cancelPageTitle: 'La tua prenotazione',
  cancelMissingToken: 'Il link non è completo: aprilo di nuovo dall’email di riepilogo della prenotazione.',
  cancelNotFound: 'Prenotazione non trovata: il link non è valido.',
  cancelButton: 'Annulla prenotazione',
  cancelConfirmTitle: 'Annullare la prenotazione?',
  cancelConfirmMessage: (when: string) => `L’appuntamento di ${when} sarà annullato e l’orario tornerà libero.`,
  cancelConfirm: 'Sì, annulla',
  cancelKeep: 'No, mantieni',
  cancelledNow: 'Prenotazione annullata. Lo studio ne è stato avvisato.',
  notCancellableLimit: (hours: number) =>
    hours > 0
      ? `Non è più possibile annullarla online: il limite è ${hours === 1 ? 'di un’ora' : `di ${hours} ore`} prima dell’appuntamento. Contatta lo studio.`
      : 'Non è più possibile annullarla online. Contatta lo studio.',
  notCancellable: 'Non è più possibile annullarla online. Contatta lo studio.',
  alreadyCancelled: 'Questa prenotazione è già stata annullata.',
  studioContacts: 'Contatti dello studio',
  /** The last moment to cancel online, with the studio's limit (the booking's page and its confirmation). */
  cancelUntil: (when: string, hours: number) =>
    hours > 0
      ? `Puoi annullare fino a ${when} (${hoursText(hours)} prima dell’appuntamento).`
      : `Puoi annullare fino all’inizio dell’appuntamento (${when}).`,
  /** Before the code confirms the booking: the studio's limit, from the public page. */
  cancelLimitAhead: (hours: number) =>
    hours > 0
      ? `Potrai annullare online fino a ${hoursText(hours)} prima dell’appuntamento.`
      : 'Potrai annullare online fino all’inizio dell’appuntamento.',
  phoneLabel: 'Telefono',
  emailLabel: 'Email',
} as const;

/**
 * The short notice shown before the patient's data are sent (GDPR art. 13, health data art. 9): who decides (the
 * studio), what is kept and why, for how long; the full text is at /documenti-legali.
 */
export const privacyNotice = (studioName: string) =>
  [
    `Titolare del trattamento è ${studioName}, che riceve la prenotazione.`,
    'Usiamo nome, cognome, cellulare, email, il codice fiscale se lo indichi e le note per fissare l’appuntamento, inviarti il codice di conferma, il riepilogo e gli avvisi sulla prenotazione e registrarti tra i pazienti dello studio.',
    'Le note e la prestazione scelta possono rivelare dati sulla tua salute: lo studio li tratta solo per la visita, con il tuo consenso.',
    'Se non confermi con il codice, la richiesta viene cancellata entro 15 minuti. Dopo la prenotazione i dati restano nella scheda paziente dello studio per il tempo richiesto dagli obblighi di legge sulla documentazione sanitaria e fiscale. Puoi chiedere allo studio di accedervi, correggerli o cancellarli.',
  ] as const;
