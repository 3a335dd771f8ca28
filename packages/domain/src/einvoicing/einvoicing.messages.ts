/** Italian texts of electronic invoicing (spec part 2 §2, §3, §8; the rest decided in decision 022). */
export const einvoicingMessages = {
  errorsFound: 'Errori trovati',
  notForSdi: 'Questa fattura non va inviata allo SDI.',
  notElectronic: 'Questo documento non è una fattura elettronica: non ha un file XML.',
  noTransmitter: 'Inserisci il codice fiscale dello studio in Impostazioni › Studio: serve come trasmittente.',
  intermediaryUnreachable: "L'intermediario SDI non ha risposto dopo diversi tentativi: riprova l'invio più tardi.",
  codiceDestinatarioCopied: 'Codice Destinatario copiato!',
  informazioniAggiuntive: 'Informazioni aggiuntive',
  passiveDisabled: 'La fatturazione passiva non è attiva: attivala per importare le fatture ricevute.',
  fileTooLarge: 'Il file supera 5 MB, il limite dello SDI per una fattura.',
  /** decided (decision 033, bounded work) */
  fileTooManyLines: 'La fattura è troppo lunga per il caricamento: al massimo circa 700 righe di dettaglio.',
  /** decided (decision 033, bounded work) */
  uploadTooLarge: 'I file superano 10 MB in tutto: caricali in più volte.',
  fileType: 'Carica file .xml o .xml.p7m di fatture elettroniche.',
  noFiles: 'Nessun file ricevuto.',
  alreadyImported: 'Fattura già importata.',
  badSignature: 'La firma del file .p7m non è valida: il contenuto potrebbe essere stato alterato.',
  notP7m: 'Il file .p7m non è una busta CAdES leggibile.',
  webhookSignature: 'Firma della richiesta non valida.',
  webhookReplay: 'Richiesta già ricevuta o troppo vecchia.',
  notAddressable: 'Fattura ricevuta non attribuibile a uno studio: cessionario sconosciuto.',
  notAddressedToStudio:
    'La fattura non è intestata allo studio: il cessionario ha un altro codice fiscale o partita IVA.',
  notAddressedToStudioFix: 'Controlla che sia davvero una spesa dello studio prima di registrarla.',
  periodRequired: 'Indica il periodo: data di inizio e di fine.',
  periodTooLong: 'Il periodo può essere al massimo di un anno.',
} as const;

/** The states of an attempt, as the invoice screen names them. */
export const statoInvioLabels: Record<string, string> = {
  IN_CODA: 'In coda',
  INVIO_IN_CORSO: 'Invio in corso',
  INVIATO: 'Inviata, in attesa di esito',
  SCARTATO: 'Scartata dallo SDI',
  CONSEGNATO: 'Consegnata',
  NON_CONSEGNATO: 'Non consegnata: a disposizione del cliente',
  ACCETTATO: 'Accettata dal cliente',
  RIFIUTATO: 'Rifiutata dal cliente',
  DECORRENZA_TERMINI: 'Decorrenza termini',
  ERRORE_INVIO: 'Invio non riuscito',
};

/** spec part 2 §2: the tooltip of each notification badge. */
export const sdiNotificationLabels: Record<string, string> = {
  NS: 'Notifica di scarto',
  MT: 'File dei metadati',
  RC: 'Ricevuta di consegna',
  MC: 'Notifica di mancata consegna',
  EC: 'Notifica di esito cedente/prestatore',
  SE: 'Scarto esito committente',
  NE: 'Notifica esito committente',
  DT: 'Notifica decorrenza termini',
  AT: 'Attestazione di avvenuta trasmissione con impossibilità di recapito',
};
