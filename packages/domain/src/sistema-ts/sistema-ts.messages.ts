/** Italian texts of the Sistema Tessera Sanitaria (issue 14; decided in decision 023 where the spec is silent). */
export const sistemaTsMessages = {
  cfProprietarioInvalid: 'Codice fiscale non valido: serve quello del professionista (16 caratteri) o della struttura.',
  codiceRegioneInvalid: 'Codice regione non valido: 3 cifre (ad es. 080 per l’Emilia-Romagna).',
  codiceAslInvalid: 'Codice ASL non valido: 3 cifre.',
  codiceSsaInvalid: 'Codice struttura (SSA) non valido: fino a 6 cifre.',
  strutturaCodes: 'Per una struttura servono codice regione, codice ASL e codice struttura (SSA).',
  pincodeInvalid: 'Il pincode è di 10 cifre.',
  certificateInvalid: 'Il certificato non è leggibile: carica il file .cer del Sistema TS (PEM o DER in base64).',
  certificateExpired: (date: string) =>
    `Il certificato del Sistema TS è scaduto il ${date}: scarica quello nuovo dal portale e caricalo qui.`,
  notConfigured:
    'Configura il Sistema TS in Impostazioni › Sistema TS: codice fiscale, credenziali, pincode e certificato.',
  wrongCredentials: 'Credenziali del Sistema TS non valide: controlla utente, password e pincode.',
  credentialsOk: 'Credenziali verificate: il Sistema TS le ha accettate.',
  serviceUnreachable: 'Il Sistema TS non ha risposto dopo diversi tentativi: riprova l’invio più tardi.',
  nothingToSend: 'Nessuna spesa da inviare.',
  notForSistemaTs: 'Questo documento non va al Sistema TS: è una fattura elettronica per lo SDI.',
  alreadyInFlight: 'La spesa è già in corso di invio al Sistema TS.',
  yearInvalid: 'Anno non valido.',
  notCancellable: 'Solo una spesa accettata dal Sistema TS si può cancellare.',
  acceptedLocked:
    'La spesa è già al Sistema TS: per eliminare il documento cancella prima la spesa dal Sistema TS (Annulla invio), oppure emetti una nota di credito.',
  sent: (n: number) => (n === 1 ? '1 spesa inviata al Sistema TS.' : `${n} spese inviate al Sistema TS.`),
  excluded: (n: number) =>
    n === 1
      ? '1 documento non è stato inviato: correggi gli errori indicati.'
      : `${n} documenti non sono stati inviati: correggi gli errori indicati.`,
  cancelQueued: 'Cancellazione inviata al Sistema TS.',
  // a credit note and its invoice (decision 023, 'Credit notes')
  annullataDa: (nota: string) => `Annullata da nota di credito ${nota}: la spesa non va al Sistema TS.`,
  annullaFatturaNonInviata: (fattura: string) =>
    `Annulla la fattura ${fattura}, che non era stata inviata: né la fattura né la nota vanno al Sistema TS.`,
  cancellaSpesaDi: (fattura: string) =>
    `Nessun rimborso segnato: al Sistema TS va la cancellazione della spesa della fattura ${fattura}. Se hai restituito il pagamento, segna il rimborso.`,
  spesaCancellata: (nota: string) =>
    `Annullata da nota di credito ${nota}: la spesa va cancellata dal Sistema TS (il paziente non l’ha pagata).`,
  fatturaCancellata: (fattura: string) =>
    `La spesa della fattura ${fattura} è stata cancellata dal Sistema TS: la nota non va inviata.`,
  inAttesaDiRimborso: 'Al Sistema TS va il rimborso quando lo segni, con la data e il metodo.',
} as const;

/** The states of a document for the Sistema TS, as the invoice and the yearly overview name them. */
export const statoTsLabels = {
  NON_PAGATA: 'In attesa di pagamento',
  NON_RIMBORSATA: 'In attesa di rimborso',
  ANNULLATA: 'Non va inviata',
  DA_INVIARE: 'Da inviare',
  INVIATO: 'Inviato',
  ACCETTATO: 'Accettato',
  SCARTATO: 'Scartato',
  CANCELLATO: 'Cancellato',
} as const;
export type StatoTs = keyof typeof statoTsLabels;

/** The states of a record in a transmission (ts_invii.stato) and of a transmission (ts_lotti.stato). */
export const statoInvioTsLabels: Record<string, string> = {
  IN_CODA: 'In coda',
  INVIO_IN_CORSO: 'Invio in corso',
  INVIATO: 'Inviato, in attesa di esito',
  ELABORATO: 'Esito ricevuto',
  ACCETTATO: 'Accettato',
  SCARTATO: 'Scartato',
  ERRORE_INVIO: 'Errore di invio',
};

/** What each record does (flagOperazione of the specification). */
export const operazioneTsLabels = {
  I: 'Inserimento',
  V: 'Variazione',
  C: 'Cancellazione',
  R: 'Rimborso',
} as const;
export type OperazioneTs = keyof typeof operazioneTsLabels;
