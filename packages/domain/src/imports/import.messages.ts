const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The preview's counts in one line, both imports: "30 righe: 26 valide, 4 con errori, 1 duplicato." */
export const importCountsSummary = (c: { total: number; valid: number; invalid: number; duplicates: number }) =>
  `${count(c.total, 'riga', 'righe')}: ${count(c.valid, 'valida', 'valide')}, ${c.invalid} con errori, ${count(c.duplicates, 'duplicato', 'duplicati')}.`;

/** Italian texts of the patient import (issue 30 item 1; not worded in the spec: decision 039). */
export const importMessages = {
  emptyFile: 'Il file è vuoto.',
  headerOnly: 'Il file contiene solo la riga di intestazione: nessun paziente da importare.',
  noHeader: 'Il file non ha una riga di intestazione con i nomi delle colonne.',
  tooLarge: (mb: number) => `Il file supera il limite di ${mb} MB.`,
  tooManyRows: (max: number) =>
    `Il file contiene più di ${max.toLocaleString('it-IT')} righe: dividilo in più file e importali uno alla volta.`,
  tooManyColumns: (max: number) => `Il file ha più di ${max} colonne: non sembra un elenco di pazienti.`,
  unreadable:
    'Il file non è un CSV o un foglio Excel (.xlsx) leggibile. Esporta i pazienti in CSV o XLSX dal programma che usavi, oppure contatta l’assistenza.',
  oldExcel:
    'I fogli Excel 97-2003 (.xls) e quelli protetti da password non possono essere letti: apri il file con Excel e salvalo come .xlsx o .csv senza password, oppure contatta l’assistenza.',
  brokenEncoding:
    'La codifica dei caratteri del file non è riconosciuta (sono ammessi UTF-8 e Windows-1252): salvalo come «CSV UTF-8» e riprova.',
  brokenXlsx: 'Il foglio Excel è danneggiato e non può essere letto.',
  noSheet: 'Il foglio Excel non contiene fogli di lavoro.',
  unclosedQuote: (line: number) => `Virgolette non chiuse o fuori posto alla riga ${line}: controlla il file.`,
  noMappedName:
    'Nessuna colonna corrisponde al nome del paziente: indica a mano quale colonna contiene cognome e nome (o la ragione sociale).',
  // per cell
  formulaCell: 'La cella contiene una formula: le formule non vengono importate. Scrivi il valore.',
  formulaLike: (first: string) =>
    `Il valore inizia con «${first}» e potrebbe essere eseguito come formula da un foglio di calcolo: correggilo.`,
  cellTooLong: 'Il valore è troppo lungo.',
  dateInvalid: 'Data non valida: usa il formato GG/MM/AAAA.',
  sessoInvalid: 'Sesso non valido: usa M o F.',
  nazionalitaUnknown: 'Nazionalità non riconosciuta: usa il nome del paese o la sigla di due lettere (IT).',
  comuneUnknown: 'Comune non trovato tra i comuni italiani in vigore.',
  comuneProvinciaMismatch: (provincia: string) => `Il comune indicato è in provincia di ${provincia}.`,
  capComuneMismatch: 'Il CAP non corrisponde al comune indicato.',
  // codice fiscale against the other fields: warnings (omocodia and typing errors in old records are common)
  cfCognomeMismatch: 'Il codice fiscale non corrisponde al cognome.',
  cfNomeMismatch: 'Il codice fiscale non corrisponde al nome.',
  cfSessoMismatch: 'Il codice fiscale non corrisponde al sesso.',
  cfDataNascitaMismatch: 'Il codice fiscale non corrisponde alla data di nascita.',
  cfLuogoNascitaMismatch: (luogo: string) => `Il codice fiscale indica come luogo di nascita ${luogo}.`,
  cfCenturyAmbiguous: 'Dal codice fiscale il secolo di nascita è incerto: controlla la data di nascita.',
  filledFromCodiceFiscale: 'Ricavato dal codice fiscale.',
  filledFromComune: 'Ricavato dal comune.',
  filledFromPartitaIva: 'Ricavato dalla partita IVA.',
  // duplicates
  duplicateInFile: (row: number) => `Stesso paziente della riga ${row} del file.`,
  duplicateExisting: (name: string) => `Paziente già presente: ${name}.`,
} as const;

/** Italian texts of the appointment import (issue 30 item 2; not worded in the spec: decision 045). */
export const appointmentImportMessages = {
  headerOnly: 'Il file contiene solo la riga di intestazione: nessun appuntamento da importare.',
  dateMissing: 'Manca la data dell’appuntamento.',
  dateInvalid: 'Data non valida: usa il formato GG/MM/AAAA.',
  startMissing: 'Manca l’ora di inizio.',
  timeInvalid: 'Ora non valida: usa il formato HH:MM (es. 09:30).',
  endMissing: 'Manca l’ora di fine o la durata.',
  durationInvalid: 'Durata non valida: indica i minuti (es. 45) oppure ore e minuti (es. 1h30 o 01:30).',
  endBeforeStart: 'L’ora di fine deve essere successiva all’ora di inizio.',
  tooLong: (hours: number) => `Un appuntamento importato non può durare più di ${hours} ore.`,
  skippedHour: (time: string) =>
    `L’ora indicata non esiste in quel giorno (cambio dell’ora legale): l’appuntamento inizia alle ${time}.`,
  endFromService: 'Durata ricavata dalla prestazione.',
  patientMissing: 'Manca il paziente: indica il codice fiscale oppure cognome e nome.',
  patientNotFound:
    'Paziente non trovato: importa prima i pazienti o correggi il nome (i pazienti non vengono creati dall’importazione degli appuntamenti).',
  patientCodeNotFound: (cf: string) =>
    `Nessun paziente dello studio ha il codice fiscale ${cf}: importa prima i pazienti o correggilo.`,
  patientAmbiguous: (n: number) =>
    `${n} pazienti dello studio hanno questo nome: indica il codice fiscale (o la data di nascita) per scegliere quello giusto.`,
  patientMatchedByName: 'Il codice fiscale non è registrato nel paziente trovato per nome: controlla che sia lui.',
  birthDateInvalid: 'Data di nascita non valida: usa il formato GG/MM/AAAA.',
  serviceNotFound: (name: string) =>
    `Prestazione «${name}» non trovata tra quelle dello studio: l’appuntamento viene importato senza prestazione.`,
  staffNotFound: (name: string) =>
    `Operatore «${name}» non trovato tra il personale dello studio: l’appuntamento viene importato senza operatore.`,
  staffAmbiguous: (name: string) =>
    `Più persone dello studio corrispondono a «${name}»: l’appuntamento viene importato senza operatore.`,
  staffDefault: 'Unico operatore dello studio.',
  noteTooLong: 'La nota supera i 4000 caratteri.',
  overlap: (what: string) => `Si sovrappone ${what} dello stesso operatore.`,
  overlapFileRow: (row: number) => `all’appuntamento della riga ${row}`,
  overlapExisting: 'a un appuntamento già in calendario',
  duplicateInFile: (row: number) => `Stesso paziente e stessa ora della riga ${row} del file.`,
  duplicateExisting: 'Il paziente ha già un appuntamento in calendario a quest’ora.',
} as const;
