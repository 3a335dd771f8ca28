import { isValidPartitaIva, isValidPersonalCodiceFiscale } from '@studiolo/domain/anagrafica';
import { formatImporto } from './build.ts';
import {
  type DocumentoSpesa,
  documentoLabel,
  flagOperazioni,
  type IdDocumentoFiscale,
  idSpesaKey,
  natureIva,
  type Precompilata,
  type TipoSpesa,
  tipiSpesa,
  tipiSpesaSenzaTracciabilita,
} from './model.ts';

/**
 * The Sistema TS's own controls, run before a file is sent so that no record comes back refused: the compilation rules
 * of the specification "730 - Spese Sanitarie, Modalità Asincrona" v2.5 (20/12/2020, §5.1 "File XML") and the limits
 * of `730_precompilata.xsd` that a model can break, with Italian messages saying what is wrong, on which document, and
 * what to change in Studiolo. Codes: the Sistema TS's where its code is known (S011 "IL CF DEL CITTADINO RISULTA
 * FORMALMENTE ERRATO", from a real DettaglioErrori file), otherwise a short name of the rule (decision 023: the list of
 * the service's record codes is not published in the kit).
 * Not here, because no file can know them: a citizen code unknown to the Anagrafe Tributaria, a document already sent
 * by another channel, the sender's delegation (service codes 105/106) — the service answers those.
 */

export type TsCheckError = {
  /** The Sistema TS's code when known (S011), else the rule's name (PIVA, DATA_PAGAMENTO, …). */
  codice: string;
  /** What is wrong, in the specification's terms, naming the document. */
  descrizione: string;
  /** What to change, in the words of the app. */
  suggerimento: string;
  /** The index of the record in documentiSpesa, or null for the file as a whole. */
  documento: number | null;
};

export type TsCheckOptions = {
  /** Today in Italy (yyyy-MM-dd): no date may be after it, and it decides which payment years are still open. */
  today: string;
  /**
   * Until when the previous year's payments are still accepted (yyyy-MM-dd); default 31 January of today's year (the
   * yearly deadline since D.Lgs. 81/2025; spec v2.5: "tranne che per il mese di gennaio").
   */
  scadenzaAnnoPrecedente?: string;
  /**
   * The documents the Sistema TS already has (idSpesaKey of each accepted inserimento, not cancelled). When given, a
   * variazione, cancellazione or rimborso must refer to one of them and an inserimento to none.
   */
  inviati?: ReadonlySet<string>;
};

const isoDate = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** @returns whether text is an existing calendar day yyyy-MM-dd. */
const isIsoDate = (text: string): boolean => {
  const m = isoDate.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCDate() === Number(m[3]);
};
const ui = (iso: string) => iso.split('-').reverse().join('-');
const numDocPattern = /^[A-Za-z0-9_./\\-]{1,20}$/;
const maxImportoCents = 9_999_999;
const knownTipi = new Set<string>(tipiSpesa);
const knownNature = new Set<string>(natureIva);
const knownOperazioni = new Set<string>(flagOperazioni);
const operazioneText = { I: 'inserimento', V: 'variazione', R: 'rimborso', C: 'cancellazione' } as const;

const checkId = (
  id: IdDocumentoFiscale,
  role: 'idSpesa' | 'idRimborso',
  where: string,
  options: TsCheckOptions,
  add: (codice: string, descrizione: string, suggerimento: string) => void,
) => {
  const field = role === 'idSpesa' ? '' : ' del documento rimborsato (idRimborso)';
  if (!isValidPartitaIva(id.pIva))
    add(
      'PIVA',
      `<pIva>${field} non valida: "${id.pIva}" (${where})`,
      'La partita IVA dello studio identifica ogni documento al Sistema TS: inseriscila corretta (11 cifre) in Impostazioni › Studio.',
    );
  if (!isIsoDate(id.dataEmissione) || id.dataEmissione < '2014-01-01')
    add(
      'DATA_EMISSIONE',
      `<dataEmissione>${field} mancante o non valida: "${id.dataEmissione}" (${where})`,
      role === 'idSpesa'
        ? 'Controlla la data del documento: il Sistema TS accetta documenti emessi dal 1° gennaio 2014.'
        : 'Indica nella nota di credito la data della fattura che rettifica.',
    );
  else if (id.dataEmissione > options.today)
    add(
      'DATA_EMISSIONE',
      `<dataEmissione>${field} nel futuro: ${ui(id.dataEmissione)} (${where})`,
      'Un documento non può essere comunicato prima della sua data: correggi la data o invialo da quel giorno.',
    );
  const n = id.numDocumentoFiscale;
  if (!numDocPattern.test(n.numDocumento))
    add(
      'NUM_DOCUMENTO',
      `<numDocumento>${field} non ammesso: "${n.numDocumento}" (${where}); ammessi da 1 a 20 tra lettere, cifre e _ . / \\ -`,
      role === 'idSpesa'
        ? 'Accorcia il sezionale o il suffisso della numerazione in Impostazioni › Fatturazione: il numero completo non può superare 20 caratteri.'
        : 'Indica nella nota di credito il numero della fattura che rettifica, come è stato emesso.',
    );
  if (!Number.isInteger(n.dispositivo) || n.dispositivo < 1 || n.dispositivo > 999)
    add(
      'DISPOSITIVO',
      `<dispositivo>${field} fuori dominio: ${n.dispositivo} (${where}); vale da 1 a 999`,
      'Per fatture e ricevute il dispositivo vale 1.',
    );
};

const checkDocumento = (d: DocumentoSpesa, index: number, options: TsCheckOptions, add: (e: TsCheckError) => void) => {
  const where = `documento ${documentoLabel(d.idSpesa)}`;
  const push = (codice: string, descrizione: string, suggerimento: string) =>
    add({ codice, descrizione, suggerimento, documento: index });

  if (!knownOperazioni.has(d.flagOperazione))
    push(
      'FLAG_OPERAZIONE',
      `<flagOperazione> non ammesso: "${d.flagOperazione}" (${where}); vale I, V, R o C`,
      'Scegli se la spesa è un inserimento, una variazione, un rimborso o una cancellazione.',
    );
  checkId(d.idSpesa, 'idSpesa', where, options, push);

  // dates: spec v2.5 dataPagamento "deve essere coincidente o maggiore rispetto alla data di emissione …"
  const emissione = d.idSpesa.dataEmissione;
  if (!isIsoDate(d.dataPagamento) || d.dataPagamento < '2015-01-01')
    push(
      'DATA_PAGAMENTO',
      d.dataPagamento
        ? `<dataPagamento> non valida: "${d.dataPagamento}" (${where})`
        : `<dataPagamento> mancante (${where}): la spesa non risulta pagata`,
      'Il Sistema TS riceve le spese pagate: segna il documento come pagato e indica la data dell’incasso.',
    );
  else {
    if (d.dataPagamento > options.today)
      push(
        'DATA_PAGAMENTO',
        `<dataPagamento> nel futuro: ${ui(d.dataPagamento)} (${where})`,
        'Il Sistema TS riceve solo spese già pagate: correggi la data dell’incasso.',
      );
    if (d.dataPagamento < emissione && !d.flagPagamentoAnticipato)
      push(
        'PAGAMENTO_ANTICIPATO',
        `<dataPagamento> ${ui(d.dataPagamento)} precedente a <dataEmissione> ${ui(emissione)} senza <flagPagamentoAnticipato> (${where})`,
        'Se il paziente ha pagato prima della fattura (un acconto) va indicato il pagamento anticipato; altrimenti correggi la data dell’incasso.',
      );
    if (d.flagPagamentoAnticipato && d.dataPagamento >= emissione)
      push(
        'PAGAMENTO_ANTICIPATO',
        `<flagPagamentoAnticipato> presente con <dataPagamento> ${ui(d.dataPagamento)} non precedente a <dataEmissione> ${ui(emissione)} (${where})`,
        'Il pagamento anticipato si indica solo se il paziente ha pagato prima della data della fattura.',
      );
    if (d.flagOperazione === 'R' && d.dataPagamento !== emissione)
      push(
        'DATA_PAGAMENTO',
        `Per un rimborso <dataPagamento> (${ui(d.dataPagamento)}) deve coincidere con <dataEmissione> (${ui(emissione)}) (${where})`,
        'La data del rimborso è la data della nota di credito.',
      );
    // spec v2.5: the payment's year is the current one, or the previous one in January (the yearly deadline)
    const year = Number(options.today.slice(0, 4));
    const paidYear = Number(d.dataPagamento.slice(0, 4));
    const deadline = options.scadenzaAnnoPrecedente ?? `${year}-01-31`;
    const open = paidYear === year || (paidYear === year - 1 && options.today <= deadline);
    if (d.dataPagamento <= options.today && !open)
      push(
        'ANNO_CHIUSO',
        `<dataPagamento> ${ui(d.dataPagamento)} in un anno d’imposta già chiuso (${where}): si accettano le spese pagate nel ${year}${options.today <= deadline ? ` e nel ${year - 1}` : ''}`,
        `Le spese del ${paidYear} non si possono più comunicare al Sistema TS: il paziente le indica nella propria dichiarazione.`,
      );
  }

  // the citizen and the opposition (spec v2.5 cfCittadino "Deve essere assente se flagOpposizione=1")
  const oppone = d.flagOpposizione === '1';
  if (oppone && d.cfCittadino)
    push(
      'OPPOSIZIONE',
      `<cfCittadino> presente con <flagOpposizione> 1 (${where})`,
      'Il paziente si è opposto all’invio: la spesa va senza il suo codice fiscale.',
    );
  if (!oppone && !d.cfCittadino)
    push(
      'CF_CITTADINO',
      `<cfCittadino> mancante senza opposizione del paziente (${where})`,
      'Inserisci il codice fiscale del paziente nella sua anagrafica (è sulla tessera sanitaria), oppure segna che si oppone all’invio al Sistema TS.',
    );
  if (d.cfCittadino && !isValidPersonalCodiceFiscale(d.cfCittadino))
    push(
      'S011',
      `IL CF DEL CITTADINO RISULTA FORMALMENTE ERRATO: "${d.cfCittadino}" (${where})`,
      'Correggi il codice fiscale del paziente nella sua anagrafica, copiandolo dalla tessera sanitaria.',
    );

  const tipi = d.voci.map((v) => v.tipoSpesa);
  // spec v2.5: pagamentoTracciato "Obbligatorio dal 1/1/2020 per tutte le spese tranne … TK, FC, AD, FV"
  if (!d.pagamentoTracciato && tipi.some((t) => !tipiSpesaSenzaTracciabilita.includes(t)))
    push(
      'PAGAMENTO_TRACCIATO',
      `<pagamentoTracciato> mancante (${where})`,
      'Indica il metodo di pagamento del documento: contanti o un pagamento tracciabile (carta, bonifico, assegno).',
    );
  if (!d.tipoDocumento)
    push(
      'TIPO_DOCUMENTO',
      `<tipoDocumento> mancante (${where}); vale F (fattura) o D (documento commerciale)`,
      'Il documento va indicato come fattura.',
    );

  // rimborso, variazione, cancellazione: what they refer to
  if (d.flagOperazione === 'R') {
    if (!d.idRimborso)
      push(
        'RIMBORSO',
        `<idRimborso> obbligatorio per un rimborso (${where})`,
        'Collega la nota di credito alla fattura che rettifica (numero e data).',
      );
    else {
      checkId(d.idRimborso, 'idRimborso', where, options, push);
      if (idSpesaKey(d.idRimborso) === idSpesaKey(d.idSpesa))
        push(
          'RIMBORSO',
          `<idRimborso> uguale a <idSpesa> (${where})`,
          'Il rimborso è un documento nuovo (la nota di credito) che rimanda alla fattura: non può rimandare a sé stesso.',
        );
      else if (isIsoDate(d.idRimborso.dataEmissione) && d.idRimborso.dataEmissione > emissione)
        push(
          'RIMBORSO',
          `Documento rimborsato ${documentoLabel(d.idRimborso)} successivo al rimborso (${where})`,
          'La nota di credito non può avere una data precedente a quella della fattura che rettifica.',
        );
      else if (options.inviati && !options.inviati.has(idSpesaKey(d.idRimborso)))
        push(
          'RIMBORSO',
          `Il documento rimborsato ${documentoLabel(d.idRimborso)} non risulta al Sistema TS (${where})`,
          'Invia prima la fattura al Sistema TS (o controlla numero e data della fattura collegata): il rimborso si riferisce a una spesa già comunicata.',
        );
    }
  } else if (d.idRimborso)
    push(
      'RIMBORSO',
      `<idRimborso> presente in un${d.flagOperazione === 'I' ? ' ' : 'a '}${operazioneText[d.flagOperazione] ?? 'operazione'} (${where})`,
      'Il riferimento al documento rimborsato si indica solo nei rimborsi (note di credito).',
    );
  if (options.inviati) {
    const sent = options.inviati.has(idSpesaKey(d.idSpesa));
    if ((d.flagOperazione === 'V' || d.flagOperazione === 'C') && !sent)
      push(
        'NON_INVIATO',
        `${d.flagOperazione === 'V' ? 'Variazione' : 'Cancellazione'} di un documento che non risulta al Sistema TS (${where})`,
        d.flagOperazione === 'V'
          ? 'Il documento non è ancora stato accettato dal Sistema TS: invialo come nuovo inserimento.'
          : 'Il documento non è al Sistema TS: non c’è nulla da cancellare.',
      );
    if ((d.flagOperazione === 'I' || d.flagOperazione === 'R') && sent)
      push(
        'GIA_INVIATO',
        `Documento già presente al Sistema TS (${where})`,
        'Per correggere una spesa già comunicata invia una variazione; per ritirarla, una cancellazione.',
      );
  }

  // the voci
  if (!d.voci.length)
    push(
      'VOCE_SPESA',
      `Nessuna <voceSpesa> (${where})`,
      'Una spesa sanitaria deve avere almeno una prestazione con un importo.',
    );
  d.voci.forEach((v, k) => {
    const at = `voce ${k + 1}, ${where}`;
    if (!knownTipi.has(v.tipoSpesa))
      push(
        'TIPO_SPESA',
        `<tipoSpesa> non ammesso: "${v.tipoSpesa}" (${at})`,
        `Scegli il tipo di spesa tra ${tipiSpesa.join(', ')} (SP per le prestazioni sanitarie).`,
      );
    const flagFits: Record<string, TipoSpesa> = { '1': 'TK', '2': 'SR' };
    if (v.flagTipoSpesa && flagFits[v.flagTipoSpesa] !== v.tipoSpesa)
      push(
        'FLAG_TIPO_SPESA',
        `<flagTipoSpesa> ${v.flagTipoSpesa} con <tipoSpesa> ${v.tipoSpesa} (${at}): 1 vale solo con TK, 2 solo con SR`,
        'Togli l’indicazione di pronto soccorso o intramoenia, che non si applica a questo tipo di spesa.',
      );
    if (!Number.isInteger(v.importoCents) || v.importoCents < 1 || v.importoCents > maxImportoCents)
      push(
        'IMPORTO',
        `<importo> fuori dominio: ${Number.isInteger(v.importoCents) ? formatImporto(v.importoCents) : v.importoCents} (${at}); sempre positivo, da 0.01 a 99999.99, anche per un rimborso`,
        v.importoCents < 1
          ? 'Ogni voce deve avere un importo positivo: togli le righe a zero dal documento.'
          : 'Un importo oltre 99.999,99 € va diviso su più documenti.',
      );
    const hasRate = v.aliquotaIva !== null;
    const hasNature = v.naturaIva !== null;
    if (hasRate === hasNature)
      push(
        'IVA',
        hasRate
          ? `<aliquotaIVA> e <naturaIVA> entrambe presenti (${at}): vanno in alternativa`
          : `<aliquotaIVA> o <naturaIVA> mancante (${at})`,
        'Ogni riga deve avere un codice IVA: con aliquota se l’IVA si applica, altrimenti con la natura (N4 per le prestazioni sanitarie esenti).',
      );
    if (hasRate && v.aliquotaIva !== null) {
      const bp = Math.round(v.aliquotaIva * 100);
      if (!(v.aliquotaIva > 0 && v.aliquotaIva <= 100) || Math.abs(bp - v.aliquotaIva * 100) > 1e-6)
        push(
          'ALIQUOTA_IVA',
          `<aliquotaIVA> non valida: ${v.aliquotaIva} (${at}); una percentuale maggiore di zero, fino a 100.00`,
          'Un importo senza IVA si indica con la natura (ad esempio N4), non con l’aliquota zero.',
        );
    }
    if (hasNature && v.naturaIva !== null) {
      const okForDocument = d.tipoDocumento === 'D' ? /^N[1-6]$/.test(v.naturaIva) : knownNature.has(v.naturaIva);
      if (!okForDocument)
        push(
          'NATURA_IVA',
          `<naturaIVA> non ammessa: "${v.naturaIva}" (${at}); ${d.tipoDocumento === 'D' ? 'per un documento commerciale da N1 a N6' : 'per una fattura da N1 a N7 o i loro sottocodici'}`,
          'Scegli per la riga un codice IVA con una natura valida (N4 per le prestazioni sanitarie esenti art. 10).',
        );
    }
  });
};

/** @returns every rule of the Sistema TS the file breaks; empty when it will accept every record. */
export const checkSpeseSanitarie = (file: Precompilata, options: TsCheckOptions): TsCheckError[] => {
  const errors: TsCheckError[] = [];
  const add = (e: TsCheckError) => errors.push(e);
  const p = file.proprietario;
  const cf = p.cfProprietario.trim().toUpperCase();
  if (!(cf.length === 16 ? isValidPersonalCodiceFiscale(cf) : isValidPartitaIva(cf)))
    add({
      codice: 'CF_PROPRIETARIO',
      descrizione: `<cfProprietario> non valido: "${p.cfProprietario}"`,
      suggerimento:
        'Inserisci in Impostazioni › Sistema TS il codice fiscale del professionista (16 caratteri) o della struttura (11 cifre) con cui accedi al Sistema TS.',
      documento: null,
    });
  const codes = [p.codiceRegione, p.codiceAsl, p.codiceSSA];
  if (codes.some(Boolean)) {
    // spec v2.5 "Sezione Proprietario (caso d'uso Struttura)": the three codes together, as in the credentials' letter
    const ok =
      /^[A-Z0-9]{3}$/.test(p.codiceRegione ?? '') &&
      /^[A-Z0-9]{3}$/.test(p.codiceAsl ?? '') &&
      /^[A-Z0-9]{5,6}$/.test(p.codiceSSA ?? '');
    if (!ok)
      add({
        codice: 'PROPRIETARIO',
        descrizione: `Dati della struttura incompleti o non validi: codiceRegione "${p.codiceRegione ?? ''}" (3 caratteri), codiceAsl "${p.codiceAsl ?? ''}" (3), codiceSSA "${p.codiceSSA ?? ''}" (5 o 6)`,
        suggerimento:
          'Per una struttura inserisci in Impostazioni › Sistema TS codice regione, codice ASL e codice struttura come scritti nella lettera di assegnazione delle credenziali; per un professionista lasciali vuoti.',
        documento: null,
      });
  }
  if (!file.documentiSpesa.length)
    add({
      codice: 'FILE_VUOTO',
      descrizione: 'Il file non contiene alcun <documentoSpesa>',
      suggerimento: 'Non ci sono spese da inviare.',
      documento: null,
    });
  const seen = new Map<string, number>();
  file.documentiSpesa.forEach((d, i) => {
    checkDocumento(d, i, options, add);
    const key = `${idSpesaKey(d.idSpesa)}`;
    const first = seen.get(key);
    if (first !== undefined)
      add({
        codice: 'DUPLICATO',
        descrizione: `Documento ${documentoLabel(d.idSpesa)} presente più volte nel file (record ${first + 1} e ${i + 1})`,
        suggerimento:
          'Ogni documento va una sola volta per invio: manda la variazione o la cancellazione in un invio successivo.',
        documento: i,
      });
    else seen.set(key, i);
  });
  return errors;
};
