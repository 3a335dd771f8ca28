/** Every Italian text of the signature request and the signing page (decision 028; spec part 1 §2 where it gives them). */
export const signatureMessages = {
  contactsTitle: 'Verifica contatti',
  // spec part 1 §2 "Verifica contatti": the phone must belong to the signer
  contactsNote:
    'Il numero di cellulare deve appartenere a chi firma: il codice di firma arriva lì. Se il numero non è del firmatario, la firma vale solo come firma elettronica semplice, con valore legale limitato.',
  linkTitle: 'Link di firma',
  // spec part 1 §2: the dialog says that code and link go to the patient's phone; the code leaves when the patient asks
  linkSent:
    'Il link è stato inviato al cellulare del paziente; il codice di firma gli arriverà per SMS quando aprirà il link.',
  linkSentEmail: 'Il link è stato inviato anche per e-mail.',
  cellulareRequired: 'Inserisci il cellulare di chi firma.',
  patientWithoutPhone:
    'Il paziente non ha un numero di cellulare: inseriscilo in "Verifica contatti" per inviare i moduli in firma.',
  templatesRequired: 'Seleziona almeno un modulo da firmare.',
  tooManyTemplates: 'Puoi inviare in firma al massimo 10 moduli alla volta.',
  created: 'Richiesta di firma inviata al paziente.',
  revoked: 'Richiesta di firma revocata.',
  cannotRevoke: 'Questa richiesta non è più in attesa di firma: non si può revocare.',
  notSignedYet: 'I documenti non sono ancora stati firmati.',
  linkInvalid: 'Link di firma non valido.',
  requestRevoked: 'Questa richiesta di firma è stata revocata dallo studio.',
  requestSigned: 'Questi documenti sono già stati firmati.',
  requestExpired: 'Questa richiesta di firma è scaduta: chiedi allo studio di inviarne una nuova.',
  requestLocked: 'Troppi codici errati: la richiesta è bloccata. Chiedi allo studio di inviarne una nuova.',
  otpSent: (maskedPhone: string) => `Codice inviato via SMS al numero ${maskedPhone}. Vale 10 minuti.`,
  otpTooSoon: 'Hai appena ricevuto un codice: attendi un minuto prima di chiederne un altro.',
  otpTooManySends: 'Hai chiesto troppi codici per questa richiesta: chiedi allo studio di inviarne una nuova.',
  otpFormat: 'Il codice è di 6 cifre.',
  otpMissing: 'Richiedi prima il codice.',
  otpExpired: 'Il codice è scaduto: richiedine uno nuovo.',
  otpWrong: (left: number) =>
    left === 1 ? 'Codice errato. Resta un tentativo.' : `Codice errato. Restano ${left} tentativi.`,
  signatureImageRequired: 'Disegna la tua firma nel riquadro.',
  signatureImageInvalid: 'La firma disegnata non è leggibile: cancella e riprova.',
  idDocumentInvalid: 'Il documento d’identità deve essere un’immagine (JPEG o PNG) o un PDF.',
  signerInvalid: 'Indica nome e cognome di chi firma.',
  guardianRequired: 'Il paziente è minorenne: deve firmare un genitore o il tutore, indicando nome e cognome.',
  signed: 'Documenti firmati. Riceverai una copia per e-mail.',
  timestampUnavailable:
    'Il servizio di marcatura temporale non risponde: nulla è stato firmato. Riprova tra qualche minuto con lo stesso codice.',
  verifyNotPdf: 'Il file non è un PDF leggibile.',
  certificateSaved:
    'Certificato di firma dello studio salvato: i prossimi documenti firmati saranno sigillati con questo.',
  certificateRemoved:
    'Certificato dello studio rimosso: i documenti firmati saranno sigillati con il certificato del server.',
  certificateFileRequired: 'Scegli il file del certificato (.p12 o .pfx).',
  certificateTooLarge: 'Il file del certificato supera 100 KB: non sembra un certificato.',
  certificateUnreadable: 'Il file non è un certificato PKCS#12 leggibile, oppure la password è errata.',
  certificateExpired: (day: string) => `Il certificato è scaduto il ${day}: caricane uno valido.`,
  certificateNotYetValid: (day: string) => `Il certificato è valido solo dal ${day}.`,
  sealedWithStudio: (subject: string) => `Certificato dello studio (${subject})`,
  sealedWithDeployment: (subject: string) => `Certificato configurato sul server (${subject})`,
  sealedWithServer: 'Certificato autofirmato del server Studiolo',
  smsLink: (studio: string, url: string) =>
    `${studio} ti ha inviato dei documenti da firmare: ${url} . Il codice di firma ti arriverà per SMS quando lo chiedi.`,
  smsOtp: (code: string) => `Il tuo codice di firma Studiolo è ${code}. Vale 10 minuti. Non condividerlo.`,
  mailLinkSubject: (studio: string) => `${studio}: documenti da firmare`,
  mailLinkText: (studio: string, url: string) =>
    `Buongiorno,\n\n${studio} ti ha inviato dei documenti da leggere e firmare elettronicamente.\nApri il link: ${url}\n\nIl codice di firma ti arriverà per SMS sul cellulare indicato allo studio.\n`,
  mailCopySubject: (studio: string) => `${studio}: copia dei documenti firmati`,
  mailCopyText: (studio: string) =>
    `Buongiorno,\n\nin allegato la copia dei documenti che hai firmato elettronicamente per ${studio}.\nOgni PDF porta una firma digitale che ne garantisce l’integrità.\n`,
  smsReminder: (studio: string, url: string) =>
    `Promemoria: ${studio} attende la tua firma sui documenti inviati: ${url} .`,
  mailReminderSubject: (studio: string) => `${studio}: promemoria documenti da firmare`,
  statusLabels: {
    PENDING: 'In attesa di firma',
    SIGNED: 'Firmato',
    REVOKED: 'Revocato',
    EXPIRED: 'Scaduto',
    LOCKED: 'Bloccato',
  },
  signerRoles: { PAZIENTE: 'Paziente', GENITORE: 'Genitore', TUTORE: 'Tutore' },
} as const;
