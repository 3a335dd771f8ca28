/** Which parts an export holds: what the role may read (a part it may not read is named as left out). */
export type ExportSections = {
  /** One patient's data (art. 15) rather than the whole studio (art. 20). */
  patient: boolean;
  anagrafica: boolean;
  appuntamenti: boolean;
  fatture: boolean;
  ricevute: boolean;
  cartella: boolean;
  firme: boolean;
  moduli: boolean;
};

export type ExportCounts = {
  documenti: number;
  inviati: number;
  ricevuti: number;
  allegati: number;
  schemi: number;
  firme: number;
  firmeFile: number;
  moduli: number;
};

const when = (now: Date) =>
  new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'long', timeStyle: 'short' }).format(now);

/**
 * LEGGIMI.txt, the first file of the ZIP: what each file is, in Italian, for whoever opens it without Studiolo (the
 * studio's next program, its accountant, the patient who asked). CRLF: Notepad opens it as lines.
 */
export const readme = (s: ExportSections, c: ExportCounts, now: Date) => {
  const lines: string[] = [];
  const add = (...l: string[]) => lines.push(...l);
  if (s.patient)
    add(
      'Studiolo: i dati di un paziente',
      '',
      'Questo archivio contiene tutti i dati che lo studio conserva in Studiolo su un paziente, per rispondere a una',
      'richiesta di accesso (art. 15 del Regolamento UE 2016/679, GDPR).',
    );
  else
    add(
      'Studiolo: tutti i dati dello studio',
      '',
      'Questo archivio contiene tutti i dati dello studio conservati in Studiolo, in formati aperti, per portarli con',
      'sé o in un altro programma (portabilità dei dati, art. 20 del Regolamento UE 2016/679, GDPR).',
    );
  add(
    `Esportato il ${when(now)} (ora italiana).`,
    '',
    'Formati: CSV (UTF-8 con BOM e separatore punto e virgola: si aprono con Excel, LibreOffice o Numbers), JSON,',
    'PDF, XML (FatturaPA), HTML. Le celle dei CSV che iniziano con = + - @ sono precedute da un apostrofo: nessun',
    'foglio di calcolo le esegue come formule.',
    '',
    'FILE',
    '',
    'LEGGIMI.txt                  questo file.',
  );
  if (!s.patient)
    add(
      'studio.json                  i dati dello studio (ragione sociale, partita IVA, indirizzo, contatti).',
      'documenti-accettati.csv      i documenti legali che le persone dello studio hanno accettato (termini di',
      '                             servizio, informativa, accordo sul trattamento dei dati): versione, data e ora.',
    );
  if (s.anagrafica)
    add(
      s.patient
        ? 'paziente.csv, paziente.json   l’anagrafica del paziente (dati generali, contatti, residenza, dati sanitari).'
        : 'pazienti.csv                 l’anagrafica di tutti i pazienti, una riga per paziente.',
    );
  if (s.appuntamenti)
    add(
      'appuntamenti.csv             gli appuntamenti (data, orari in ora italiana, paziente, calendario, prezzo, pagato,',
      '                             note); ogni occorrenza di un appuntamento ricorrente è una riga.',
    );
  if (s.fatture)
    add(
      'fatture/elenco.csv           fatture, note di credito e proforma: numero, data, cliente, totale, pagamento.',
      `fatture/pdf/                 il PDF di ciascuna fattura e nota di credito, come stampato da Studiolo (${c.documenti} documenti in tutto, proforma compresi).`,
      'proforma/                    il PDF di ciascuna proforma.',
      `fatture/xml/                 il file FatturaPA (XML) di ciascuna fattura elettronica inviata allo SDI, come è stato`,
      `                             inviato l’ultima volta (${c.inviati}). Una fattura mai inviata non ha un file XML.`,
    );
  if (s.ricevute)
    add(
      'fatture-ricevute/elenco.csv  le fatture ricevute dai fornitori (fornitore, numero, data, importi).',
      `fatture-ricevute/xml/        il file XML di ciascuna (${c.ricevuti}), senza la busta della firma (.p7m).`,
    );
  if (s.cartella)
    add(
      'cartella-clinica/valutazioni.csv  le valutazioni (anamnesi, dolore, esame obiettivo, articolarità, diagnosi, piano).',
      'cartella-clinica/diario.csv       il diario dei trattamenti (SOAP), con l’appuntamento a cui si riferisce.',
      'cartella-clinica/misure-esito.csv i questionari di esito (NRS, ODI, NDI, DASH…): punteggio, fascia e risposte.',
      `cartella-clinica/allegati/        i file allegati alla cartella, una cartella per paziente (${c.allegati}).`,
      `cartella-clinica/schemi-corporei/ gli schemi corporei disegnati, in JSON (${c.schemi}): l’immagine di base`,
      '                                  ("immagine") e i tratti come coordinate, come li ridisegna Studiolo.',
    );
  if (s.firme)
    add(
      `firme/                       i documenti firmati elettronicamente (${c.firme} richieste), una cartella per paziente`,
      '                             e per firma: i PDF firmati (con la firma digitale dello studio, verificabile con',
      '                             Adobe Reader), il dossier delle prove (dossier.pdf) e gli stessi fatti in dossier.json.',
    );
  if (s.moduli)
    add(
      `moduli/                      i modelli di modulo dello studio in HTML (${c.moduli}); moduli.json ne elenca i titoli.`,
    );
  add(
    'file-mancanti.txt            presente solo se un file registrato non è stato trovato nell’archivio dei file.',
    '',
    'NON INCLUSI',
    '',
  );
  const out: string[] = [];
  if (!s.anagrafica) out.push('- l’anagrafica: il suo ruolo non può vederla.');
  if (!s.appuntamenti) out.push('- gli appuntamenti: il suo ruolo non può vedere il calendario.');
  if (!s.fatture)
    out.push('- fatture e proforma: il suo ruolo non può vederle; le scarica chi ha accesso alle fatture.');
  if (!s.cartella) out.push('- la cartella clinica: il suo ruolo non può leggerla.');
  if (!s.firme) out.push('- i documenti firmati: il suo ruolo non può vederli.');
  out.push(
    '- le password, i codici di verifica e le credenziali dei servizi collegati (SDI, Sistema TS, Google Calendar):',
    '  non sono dati dello studio da portare altrove, e in un archivio sarebbero un rischio.',
    '- il registro delle attività (chi ha fatto cosa): si legge in Impostazioni › Registro attività.',
    '- i file inviati al Sistema TS: si scaricano da Fatture › Sistema TS, con i codici fiscali cifrati come inviati.',
  );
  if (s.patient) out.push('- i modelli di modulo e le fatture ricevute: sono dello studio, non del paziente.');
  add(...out, '');
  return lines.join('\r\n');
};
