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
  /** The consent is the button's own words (issue 39: one tap fewer, as the large booking sites ask it). */
  consentStatement:
    'Premendo «Acconsento, inviami il codice» dichiari di aver letto l’informativa e acconsenti al trattamento dei tuoi dati, compresi quelli sulla salute, per questa prenotazione.',
  privacyLink: 'Informativa completa',
  sendCode: 'Acconsento, inviami il codice',
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
 * studio), what is kept and why, for how long; the full text is the studio's notice (patientNoticeTexts).
 */
export const privacyNotice = (studioName: string) =>
  [
    `Titolare del trattamento è ${studioName}, che riceve la prenotazione.`,
    'Usiamo nome, cognome, cellulare, email, il codice fiscale se lo indichi e le note per fissare l’appuntamento, inviarti il codice di conferma, il riepilogo e gli avvisi sulla prenotazione e registrarti tra i pazienti dello studio.',
    'Le note e la prestazione scelta possono rivelare dati sulla tua salute: lo studio li tratta solo per la visita, con il tuo consenso.',
    'Se non confermi con il codice, la richiesta viene cancellata entro 15 minuti. Dopo la prenotazione i dati restano nella scheda paziente dello studio per il tempo richiesto dagli obblighi di legge sulla documentazione sanitaria e fiscale. Puoi chiedere allo studio di accedervi, correggerli o cancellarli.',
  ] as const;

/**
 * The studio's notice for its patients (GDPR art. 13; health data art. 9), opened by "Informativa completa" at
 * /prenota/:slug/informativa and drawn from the studio's own data (issue 39 item 3). The studio is the controller;
 * the provider of Studiolo processes the data on its behalf (art. 28), and its own documents name it with its
 * sub-processors. Nothing here depends on the studio's settings, so it holds whatever the studio has switched on.
 */
export const patientNoticeTexts = {
  pageTitle: 'Informativa privacy per i pazienti',
  title: 'Informativa sul trattamento dei dati personali dei pazienti',
  intro: (studio: string) =>
    `Questa informativa spiega come ${studio} tratta i tuoi dati quando prenoti online e quando sei paziente dello studio (artt. 13 e 9 del Regolamento UE 2016/679, GDPR).`,
  backToBooking: 'Torna alla prenotazione',
  sections: (studio: { name: string; address: string | null; phone: string | null; email: string | null }) => {
    const contacts = [
      studio.address,
      studio.phone && `telefono ${studio.phone}`,
      studio.email && `email ${studio.email}`,
    ].filter(Boolean);
    return [
      {
        title: 'Titolare del trattamento',
        paragraphs: [
          `Titolare del trattamento è ${studio.name}${contacts.length > 0 ? ` (${contacts.join(', ')})` : ''}. Per qualsiasi domanda sui tuoi dati e per esercitare i tuoi diritti puoi rivolgerti direttamente allo studio.`,
        ],
      },
      {
        title: 'Quali dati trattiamo',
        paragraphs: [
          'Dati anagrafici e di contatto: nome, cognome, cellulare, email e, se lo indichi, il codice fiscale.',
          'Dati sulla salute: la prestazione prenotata, le note che scrivi per lo studio e, se diventi paziente, la documentazione clinica, i consensi firmati e le prestazioni ricevute.',
          'Dati amministrativi: appuntamenti, pagamenti e documenti fiscali.',
        ],
      },
      {
        title: 'Perché e su quale base',
        paragraphs: [
          'Per fissare e gestire gli appuntamenti e inviarti il codice di conferma, il riepilogo, gli avvisi e i promemoria: è necessario per dare seguito alla tua richiesta (art. 6.1.b GDPR).',
          'Per le prestazioni sanitarie e la relativa documentazione clinica, da parte di professionisti tenuti al segreto professionale (art. 9.2.h GDPR); i dati sulla salute che ci dai al momento della prenotazione sono trattati con il tuo consenso (art. 9.2.a GDPR).',
          'Per gli obblighi di legge: fatture, contabilità e, dove previsto, l’invio delle spese sanitarie al Sistema Tessera Sanitaria per la dichiarazione precompilata (art. 6.1.c GDPR).',
          'I tuoi dati non sono usati per pubblicità, non sono diffusi e non sono usati per decisioni automatizzate.',
        ],
      },
      {
        title: 'Se non ci dai i dati',
        paragraphs: [
          'Nome, cognome, cellulare ed email servono per prenotare online: senza, puoi prenotare chiamando lo studio. Il codice fiscale serve per la fattura e per la detrazione della spesa.',
        ],
      },
      {
        title: 'Chi può vedere i dati',
        paragraphs: [
          'I professionisti e i collaboratori dello studio autorizzati, tenuti alla riservatezza.',
          'Il fornitore del gestionale Studiolo, che conserva i dati per conto dello studio come responsabile del trattamento (art. 28 GDPR), e i suoi fornitori per l’invio di email e SMS e per l’archiviazione, indicati nei suoi documenti legali.',
          'Dove la legge lo richiede: l’Agenzia delle Entrate e il Sistema Tessera Sanitaria, e i consulenti dello studio per gli adempimenti fiscali.',
        ],
      },
      {
        title: 'Per quanto tempo',
        paragraphs: [
          'Una richiesta di prenotazione che non confermi con il codice viene cancellata entro 15 minuti.',
          'La scheda paziente e la documentazione clinica sono conservate per il tempo necessario alla cura e richiesto dagli obblighi sulla documentazione sanitaria; i documenti fiscali per 10 anni (art. 2220 del Codice civile).',
        ],
      },
      {
        title: 'I tuoi diritti',
        paragraphs: [
          'Puoi chiedere allo studio di accedere ai tuoi dati, correggerli, cancellarli (nei limiti degli obblighi di conservazione), limitarne il trattamento, riceverli in un formato leggibile da una macchina e opporti al trattamento (artt. 15–22 GDPR).',
          'Puoi revocare il consenso in ogni momento, senza effetto sul trattamento già fatto.',
          'Puoi chiedere allo studio che le tue spese sanitarie non siano inviate al Sistema Tessera Sanitaria.',
          'Se ritieni che il trattamento non sia corretto puoi presentare reclamo al Garante per la protezione dei dati personali (www.garanteprivacy.it).',
        ],
      },
    ];
  },
  providerDocuments: 'Documenti legali del fornitore',
} as const;
