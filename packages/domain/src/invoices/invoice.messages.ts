/**
 * Invoicing texts: spec part 2 §2, §4, §5, §8 where worded there (verbatim); the rest decided in
 * docs/decisions/020-invoicing.md.
 */
export const invoiceMessages = {
  // spec part 2 §2: customer invoice table
  noInvoices: 'Il cliente non ha ancora nessuna fattura registrata',
  createFirst: 'Crea la prima fattura',
  previous: 'Indietro',
  next: 'Avanti',
  // spec part 2 §2, §4: paid dialogs and SDI column
  markUnpaid: 'Fattura NON pagata - Vuoi segnare la fattura come non pagata?',
  proceed: 'Procedi',
  cancel: 'Annulla',
  update: 'Aggiorna',
  notElectronic: 'Non Elettr.',
  processing: 'Elaborazione',
  toSend: 'Da Inviare',
  // spec part 2 §5
  codiceDestinatarioInvalid: 'Codice non valido',
  pecInvalid: 'PEC non valida',
  linkedInvoiceInvalid: 'Rif. non valido',
  cigInvalid: 'Codice CIG non valido',
  purchaseOrderInvalid: "Identificativo ordine d'acquisto non valido.",
  purchaseOrderDateInvalid: "Data dell'ordine d'acquisto non valida.",
  commessaInvalid: 'Codice Commessa non valido.',
  ibanInvalid: 'IBAN non valido',
  forbiddenCharacters: 'Caratteri vietati!!',
  forbiddenCharactersHint:
    'Sono ammessi solo i caratteri latini: sostituisci le virgolette curve (“ ” ‘ ’) con quelle dritte (" \') e togli simboli e lettere di altri alfabeti.',
  deprecatedCode: 'Codice deprecato!',
  deprecatedCodeHint: 'Lo SDI potrebbe scartare la fattura: scegli la natura specifica (es. N2.2, N3.6, N6.9).',
  required: 'Campo obbligatorio',
  invalidValue: 'Valore non valido',
  invalidDate: 'Data non valida',
  dueBeforeDate: 'La scadenza non può essere precedente alla data del documento.',
  collectionWithoutPaid: "La data d'incasso si indica solo per un documento pagato.",
  // spec part 2 §4, §8: lines
  addLine: 'Aggiungi trattamento',
  fillAllLines: 'Compila tutti i campi prima di aggiungere un nuovo trattamento.',
  warningTitle: 'Attenzione',
  genericService: 'Prestazione generica',
  // spec part 2 §8
  stillUnpaid: 'La fattura risulta ancora non pagata.',
  recipientCopied: 'Codice Destinatario copiato!',
  copiedTitle: 'Copiato!',
  // spec part 2 §2: appointment picker
  appointmentsSelected: (n: number) => `Appuntamenti (selezionati ${n})`,
  appointmentType: 'Tipo di appuntamento',
  paid: 'Pagati',
  notPaid: 'Non Pagati',
  selected: 'Selezionati',
  from: 'Da',
  to: 'A',
  date: 'Data',
  price: 'Prezzo',
  paidColumn: 'Pagato',
  alreadyLinked: (idDocumento: string) => `Già collegato al documento ${idDocumento}`,
  noAppointments: 'Nessun appuntamento trovato...',
  close: 'Chiudi',
  linkAppointments: 'Collega appuntamenti',
  // spec part 2 §2: panels and PDF page
  taxPanel: 'Tassazione',
  goBack: 'Torna indietro',
  downloadDocument: 'Scarica documento',
  statistics: 'Statistiche',
  suggested: (amount: string) => `Suggerito ${amount}`,
  opposesTs: 'Si oppone al TS.',
  // spec part 2 §2: PDF stamp duty note
  stampDutyNote: 'Imposta di bollo di 2 euro dovuta sugli importi superiori a 77,47 euro non soggetti a IVA.',
  stampDutyVirtual: 'Imposta di bollo assolta in modo virtuale ai sensi del D.M. 17/06/2014.',
  stampDutyPhysical: (id: string | null) =>
    id
      ? `Marca da bollo da 2,00 euro applicata sull'originale (identificativo ${id}).`
      : "Marca da bollo da 2,00 euro applicata sull'originale.",
  // server answers (decided)
  invoiceCreated: 'Fattura creata',
  invoiceUpdated: 'Fattura aggiornata',
  invoiceDeleted: 'Fattura eliminata',
  proformaCreated: 'Proforma creata',
  proformaUpdated: 'Proforma aggiornata',
  proformaDeleted: 'Proforma eliminata',
  creditNoteCreated: 'Nota di credito creata',
  paidUpdated: 'Stato di pagamento aggiornato',
  linkedEventsUpdated: 'Appuntamenti collegati aggiornati',
  customerUpdated: 'Dati del cliente aggiornati nel documento',
  numberTaken: (id: string, next: number) => `Il numero ${id} è già stato usato: il prossimo numero libero è ${next}.`,
  numberGap: (next: number) => `Il prossimo numero è ${next}: la numerazione non può avere buchi.`,
  dateBeforePrevious: (id: string, date: string) =>
    `La data non può essere precedente a quella del documento ${id} (${date}).`,
  dateAfterNext: (id: string, date: string) =>
    `La data non può essere successiva a quella del documento ${id} (${date}).`,
  numberFixed: 'Numero, sezionale e anno di un documento emesso non si possono cambiare.',
  deleteOnlyLast: (id: string) =>
    `Si può eliminare solo l'ultimo documento della numerazione (${id}): per annullare questa fattura emetti una nota di credito.`,
  sentToSdiLocked: 'Il documento è già stato inviato allo SDI e non si può modificare né eliminare.',
  totalMismatch: (expected: string) =>
    `Il totale non corrisponde alle righe e alle imposte: il totale corretto è ${expected}. Ricarica la pagina.`,
  patientNotFound: 'Paziente non trovato',
  patientNotValidForInvoice:
    'I dati del paziente non sono sufficienti per emettere una fattura: completa codice fiscale e indirizzo.',
  // issue 17 item 3, decision 012: a foreign patient may be registered without a fiscal code, not invoiced
  patientWithoutFiscalCode:
    'Il paziente non ha codice fiscale né partita IVA (un paziente straniero può esserne privo): per emettere una fattura inseriscili nella sua anagrafica. Puoi intanto emettere un pro-forma.',
  patientFixed: 'Il paziente di un documento esistente non si può cambiare.',
  sezionaleUnknown: 'Sezionale non trovato o non attivo.',
  sezionaleNotForType: 'Questo sezionale non è previsto per questo tipo di documento.',
  linkedInvoiceNotFound: 'La fattura collegata non esiste: indica numero e data di una fattura emessa.',
  creditNoteOfCreditNote: 'Una nota di credito si emette solo a partire da una fattura.',
  proformaAlreadyConverted: (id: string) => `Questa proforma è già stata convertita nella fattura ${id}.`,
  eventsNotFound: 'Uno o più appuntamenti non esistono o non sono di questo paziente.',
  eventLinkedElsewhere: (id: string) => `Un appuntamento è già collegato al documento ${id}.`,
  tooManyLines: 'Troppe righe: al massimo 200 trattamenti per documento.',
  withholdingTypeRequired: 'Campo obbligatorio',
} as const;
