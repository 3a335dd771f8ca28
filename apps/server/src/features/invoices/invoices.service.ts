import {
  type Cliente,
  canaleInvioOf,
  canaleMessages,
  cassaPrevidenzialeOf,
  documentTotals,
  type Emittente,
  type Fattura,
  type FatturaData,
  type FatturaListQuery,
  type FatturaRow,
  formatIdDocumento,
  type LineData,
  lineGrossCents,
  invoiceMessages as m,
  type PagataInput,
  type Proforma,
  type ProformaData,
  type SdiInvio,
  type TassazioneData,
  type Totals,
  totalsInEuros,
} from '@studiolo/domain/invoices';
import { isValidForFattura, patientDisplayName } from '@studiolo/domain/patients';
import {
  centsToEuros,
  eurosToCents,
  formatEuroCents,
  formatUiDate,
  isoDateToUi,
  sanitizeFileName,
  uiDateToIso,
} from '@studiolo/domain/shared';
import { sistemaTsMessages } from '@studiolo/domain/sistema-ts';
import type { RegimeFiscale } from '@studiolo/domain/studio';
import { studioDisplayName } from '@studiolo/domain/studio';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, invalidField, notFound } from '../../shared/app-error.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import {
  linkEventsToDocument,
  linkedEventIds,
  moveEventLinks,
  setDocumentEventsPaid,
  unlinkEventsFromDocument,
} from '../calendar/events.service.ts';
import {
  isCorrectable,
  type NotificationAnswer,
  receivedCostsOf,
  sdiInviiOf,
  sdiNotificationsOf,
} from '../einvoicing/sdi-state.ts';
import { isInSistemaTs } from '../sistema-ts/ts-state.ts';
import {
  type DocumentColumns,
  type DocumentFilters,
  type DocumentListRow,
  type DocumentRow,
  type Register,
  invoicesRepository as repo,
  type Serie,
} from './invoices.repository.ts';

type Json = Record<string, unknown>;

/** Today in Europe/Rome, YYYY-MM-DD. */
const todayIso = () => uiDateToIso(formatUiDate(new Date()));

/** An invoice or a pro-forma as written: what the two input schemas have in common, the date as YYYY-MM-DD. */
export type DocumentWrite = {
  serie: Serie;
  tipoDocumento: string;
  numero: number | null;
  sezionale: string;
  suffisso: string | null;
  data: string;
  dataScadenza: string | null;
  pagata: boolean;
  dataIncasso: string | null;
  metodoPagamento: string;
  accepted: boolean | null;
  datiTrasmissione: Json;
  pazienteId: string;
  prestazione: LineData[];
  tassazione: TassazioneData;
  coordinateBancarie: Json | null;
  fatturaSettings: { middleText: string | null; footerText: string | null };
  note: string | null;
  causali: string[];
  linkedCalendarEventsIds: string[];
  totaleFattura: number | undefined;
};

const isoOrNull = (ui: string | null | undefined) => (ui ? uiDateToIso(ui) : null);

export const fromFatturaInput = (f: FatturaData): DocumentWrite => ({
  serie: 'FATTURA',
  tipoDocumento: f.tipoDocumento,
  numero: f.numeroFattura ?? null,
  sezionale: f.sezionale,
  suffisso: f.suffisso,
  data: uiDateToIso(f.dataFattura),
  dataScadenza: isoOrNull(f.dataScadenza),
  pagata: f.pagata,
  // spec part 2 §4: ticking 'Pagato' sets an empty collection date to today
  dataIncasso: f.pagata ? (isoOrNull(f.dataIncasso) ?? todayIso()) : null,
  metodoPagamento: f.metodoPagamento,
  accepted: null,
  datiTrasmissione: {
    idMarcaDaBollo: f.idMarcaDaBollo,
    codiceDestinatario: f.codiceDestinatario,
    pecDestinatario: f.pecDestinatario,
    formatoTrasmissione: f.formatoTrasmissione,
    codiceCIG: f.codiceCIG,
    idDocumentoOrdineAcquisto: f.idDocumentoOrdineAcquisto,
    dataDocumentoOrdineAcquisto: f.dataDocumentoOrdineAcquisto,
    codiceCommessaConvenzione: f.codiceCommessaConvenzione,
    numeroFatturaCollegata: f.numeroFatturaCollegata,
    dataFatturaCollegata: f.dataFatturaCollegata,
  },
  pazienteId: f.pazienteId,
  prestazione: f.prestazione,
  tassazione: f.tassazione,
  coordinateBancarie: f.coordinateBancarie,
  fatturaSettings: f.fatturaSettings,
  note: f.note,
  causali: f.causali,
  linkedCalendarEventsIds: f.linkedCalendarEventsIds,
  totaleFattura: f.totaleFattura,
});

export const fromProformaInput = (p: ProformaData): DocumentWrite => ({
  serie: 'PROFORMA',
  tipoDocumento: 'PROFORMA',
  numero: p.numero ?? null,
  sezionale: '',
  suffisso: null,
  data: uiDateToIso(p.data),
  dataScadenza: isoOrNull(p.dataScadenza),
  pagata: false,
  dataIncasso: null,
  metodoPagamento: p.metodoPagamento,
  accepted: p.accepted,
  datiTrasmissione: {},
  pazienteId: p.pazienteId,
  prestazione: p.prestazione,
  tassazione: p.tassazione,
  coordinateBancarie: p.coordinateBancarie,
  fatturaSettings: p.fatturaSettings,
  note: p.note,
  causali: p.causali,
  linkedCalendarEventsIds: p.linkedCalendarEventsIds,
  totaleFattura: p.totaleFattura,
});

// ---------- the parties as printed ----------

type PatientRow = NonNullable<Awaited<ReturnType<typeof repo.findPatient>>>;
type StudioRow = NonNullable<Awaited<ReturnType<typeof repo.findStudio>>>;

const clienteOf = (p: PatientRow): Cliente => {
  const datiGenerali = {
    tipologiaPersona: p.tipologiaPersona,
    nome: p.nome,
    cognome: p.cognome,
    ragioneSociale: p.ragioneSociale,
    codiceFiscale: p.codiceFiscale,
    partitaIva: p.partitaIva,
    codiceDestinatario: p.codiceDestinatario,
    isPubblicaAmministrazione: p.isPubblicaAmministrazione,
  };
  const residenza = { indirizzo: p.indirizzo, cap: p.cap, comune: p.comune, provincia: p.provincia };
  return {
    id: p.id,
    tipologiaPersona: p.tipologiaPersona,
    nome: p.nome,
    cognome: p.cognome,
    nomeCompleto: patientDisplayName(datiGenerali),
    ragioneSociale: p.ragioneSociale,
    codiceFiscale: p.codiceFiscale,
    partitaIva: p.partitaIva,
    codiceDestinatario: p.codiceDestinatario,
    pec: p.pec,
    email: p.email,
    residenza: { ...residenza, nazione: p.nazionalita },
    validForFattura: isValidForFattura({ datiGenerali, residenza } as Parameters<typeof isValidForFattura>[0]),
    opposizioneTs: p.tipologiaPersona === 'FISICA' && !p.trasmissioneSistemaSanitario,
  };
};

const part = (json: Json, key: string) => (typeof json[key] === 'string' ? (json[key] as string) : null);

const emittenteOf = (s: StudioRow): Emittente => ({
  denominazione: studioDisplayName(s),
  professione: s.professione,
  iscrizioneAlbo: s.iscrizioneAlbo,
  codiceFiscale: s.codiceFiscale,
  partitaIva: s.partitaIva,
  residenza: {
    indirizzo: part(s.residenza, 'indirizzo'),
    cap: part(s.residenza, 'cap'),
    comune: part(s.residenza, 'comune'),
    provincia: part(s.residenza, 'provincia'),
  },
  email: part(s.contatti, 'email'),
  telefono: part(s.contatti, 'telefono') ?? part(s.contatti, 'cellulare'),
  pec: part(s.contatti, 'pec'),
  logoAssetId: s.logoAssetId,
});

const searchTextOf = (c: Cliente, idDocumento: string) =>
  [c.nomeCompleto, c.codiceFiscale, c.partitaIva, idDocumento].filter(Boolean).join(' ').toLowerCase();

// ---------- answers ----------

const storedLines = (row: DocumentRow) => row.prestazione as unknown as LineData[];
const storedTassazione = (row: DocumentRow) => row.tassazione as unknown as TassazioneData;
const totalsOf = (row: DocumentRow): Totals =>
  documentTotals(
    { prestazione: storedLines(row), tassazione: storedTassazione(row) },
    row.regimeFiscale as RegimeFiscale | null,
  );

const common = (row: DocumentRow, linked: string[]) => {
  const totals = totalsOf(row);
  const t = storedTassazione(row);
  const prevalent = totals.riepilogoIva.reduce(
    (best, r) => (r.imponibileCents > (best?.imponibileCents ?? -1) ? r : best),
    totals.riepilogoIva[0],
  );
  return {
    id: row.id,
    idDocumento: row.idDocumento,
    studioId: row.studioId,
    pazienteId: row.pazienteId,
    paziente: row.cliente as unknown as Cliente,
    emittente: row.emittente as unknown as Emittente,
    anno: row.anno,
    dataScadenza: row.dataScadenza ? isoDateToUi(row.dataScadenza) : null,
    metodoPagamento: row.metodoPagamento as Fattura['metodoPagamento'],
    prestazione: storedLines(row).map((l) => ({
      descrizione: l.descrizione,
      quantita: l.quantita,
      prezzoPerUnita: centsToEuros(l.prezzoPerUnita),
      prezzoLordo: centsToEuros(
        lineGrossCents(
          { quantita: l.quantita, prezzoPerUnitaCents: l.prezzoPerUnita, sconto: l.sconto, codiceIvaId: l.codiceIvaId },
          t.ivaAndRivalsaInclusa,
        ),
      ),
      codiceIvaId: l.codiceIvaId,
      sconto: l.sconto,
      riferimentoAmministrazione: l.riferimentoAmministrazione,
      // documents saved before lines had a tipoSpesa
      tipoSpesa: l.tipoSpesa ?? null,
    })),
    tassazione: {
      regimeFiscale: row.regimeFiscale as RegimeFiscale | null,
      cassaPrevidenzialeType: t.cassaPrevidenzialeType,
      tipoContributo: cassaPrevidenzialeOf(t.cassaPrevidenzialeType).tipoContributo,
      cassaPrevidenziale: t.cassaPrevidenziale,
      marcaDaBollo: {
        active: totals.marcaDaBolloDovuta,
        value: centsToEuros(totals.marcaDaBolloCents),
        typeValue: 'ABS_VALUE' as const,
      },
      aliquotaIVA: { active: totals.ivaCents > 0, value: prevalent?.aliquota ?? 0, typeValue: 'PERCENTAGE' as const },
      marcaDaBolloCaricoMio: t.marcaDaBolloCaricoMio,
      marcaDaBolloVirtuale: t.marcaDaBolloVirtuale,
      ivaAndRivalsaInclusa: t.ivaAndRivalsaInclusa,
      ritenutaAcconto: {
        isActive: t.ritenutaAcconto.isActive,
        baseImponibile: centsToEuros(t.ritenutaAcconto.baseImponibile),
        importoRitenuta: centsToEuros(totals.ritenutaCents),
        aliquotaRitenuta: t.ritenutaAcconto.aliquotaRitenuta,
        tipoRitenuta: t.ritenutaAcconto.tipoRitenuta,
        causalePagamento: t.ritenutaAcconto.causalePagamento,
      },
    },
    coordinateBancarie: (row.coordinateBancarie as Fattura['coordinateBancarie']) ?? null,
    fatturaSettings: row.fatturaSettings as Fattura['fatturaSettings'],
    note: row.note,
    causali: row.causali,
    linkedCalendarEventsIds: linked,
    totali: totalsInEuros(totals),
    totalePrestazione: centsToEuros(totals.totalePrestazioniCents),
    aliquotaIva: prevalent?.aliquota ?? 0,
    totaleFattura: centsToEuros(totals.totaleCents),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
};

const dt = (row: DocumentRow) => row.datiTrasmissione as Record<string, string | null>;

type SdiState = { notifications: NotificationAnswer[]; invii: SdiInvio[] };

/** Where a stored document goes (the column written by canaleOf); why, from the same rule. */
const canaleDecisionOf = (row: DocumentRow) => {
  const c = row.cliente as unknown as Cliente;
  const decision = canaleInvioOf({
    tipoDocumento: row.tipoDocumento,
    cliente: c,
    formatoTrasmissione: (dt(row).formatoTrasmissione as 'FPR_12' | 'FPA_12' | null) ?? null,
  });
  // the column is the truth (a credit note follows its invoice); the reason comes with the channel it names
  if (row.canaleInvio && row.canaleInvio !== decision.canale)
    return {
      canale: row.canaleInvio,
      motivo: row.canaleInvio === 'SISTEMA_TS' ? canaleMessages.sistemaTs : decision.motivo,
    };
  return decision;
};

const toFattura = (row: DocumentRow, linked: string[], creditNotes: string[], sdi: SdiState): Fattura => ({
  ...common(row, linked),
  tipoDocumento: row.tipoDocumento as Fattura['tipoDocumento'],
  numeroFattura: row.numero,
  sezionale: row.sezionale,
  suffisso: row.suffisso,
  dataFattura: isoDateToUi(row.dataDocumento),
  dataIncasso: row.dataIncasso ? isoDateToUi(row.dataIncasso) : null,
  pagata: row.pagata,
  idMarcaDaBollo: dt(row).idMarcaDaBollo ?? null,
  isElettronica: row.canaleInvio === 'SDI',
  isInviataToSDI: row.isInviataToSdi,
  sdiNotifications: sdi.notifications,
  sdiInvii: sdi.invii,
  canaleInvio: canaleDecisionOf(row).canale,
  canaleMotivo: canaleDecisionOf(row).motivo,
  codiceDestinatario: dt(row).codiceDestinatario ?? null,
  pecDestinatario: dt(row).pecDestinatario ?? null,
  formatoTrasmissione: (dt(row).formatoTrasmissione as Fattura['formatoTrasmissione']) ?? 'FPR_12',
  codiceCIG: dt(row).codiceCIG ?? null,
  idDocumentoOrdineAcquisto: dt(row).idDocumentoOrdineAcquisto ?? null,
  dataDocumentoOrdineAcquisto: dt(row).dataDocumentoOrdineAcquisto ?? null,
  codiceCommessaConvenzione: dt(row).codiceCommessaConvenzione ?? null,
  numeroFatturaCollegata: dt(row).numeroFatturaCollegata ?? null,
  dataFatturaCollegata: dt(row).dataFatturaCollegata ?? null,
  proformaId: row.proformaId,
  noteDiCreditoIds: creditNotes,
});

/**
 * An invoice's fiscal content read from its row alone (customer, lines, taxes, totals, payment), for the features
 * that only read it to send it elsewhere (the Sistema TS): its linked appointments, credit notes and SDI history are
 * left empty.
 */
export const fiscalFatturaOfRow = (row: DocumentRow): Fattura =>
  toFattura(row, [], [], { notifications: [], invii: [] });

const toProforma = (row: DocumentRow, linked: string[], fatturaIdDocumento: string | null): Proforma => ({
  ...common(row, linked),
  tipoDocumento: 'PROFORMA',
  numero: row.numero,
  data: isoDateToUi(row.dataDocumento),
  accepted: row.accepted ?? false,
  fatturaId: row.fatturaId,
  fatturaIdDocumento,
});

const toRow = (r: DocumentListRow, today: string, notifications: NotificationAnswer[]): FatturaRow => ({
  id: r.id,
  idDocumento: r.idDocumento,
  tipoDocumento: r.tipoDocumento as FatturaRow['tipoDocumento'],
  numero: r.numero,
  anno: r.anno,
  sezionale: r.sezionale,
  pazienteId: r.pazienteId,
  cliente: r.cliente,
  dataFattura: isoDateToUi(r.dataDocumento),
  dataScadenza: r.dataScadenza ? isoDateToUi(r.dataScadenza) : null,
  pagata: r.pagata,
  dataIncasso: r.dataIncasso ? isoDateToUi(r.dataIncasso) : null,
  metodoPagamento: r.metodoPagamento as FatturaRow['metodoPagamento'],
  isElettronica: r.canaleInvio === 'SDI',
  isInviataToSDI: r.isInviataToSdi,
  sdiNotifications: notifications,
  // spec part 2 §4: overdue is unpaid with the due date in the past
  scaduta:
    r.tipoDocumento !== 'PROFORMA' &&
    r.tipoDocumento !== 'NOTA_DI_CREDITO' &&
    !r.pagata &&
    r.dataScadenza !== null &&
    r.dataScadenza < today,
  accepted: r.accepted,
  totaleFattura: centsToEuros(r.totaleCents),
  netto: centsToEuros(r.nettoCents),
});

const answerOf = async (db: DbOrTx, ctx: StudioContext, row: DocumentRow): Promise<Fattura | Proforma> => {
  const linked = await linkedEventIds(db, ctx, row.id);
  if (row.serie === 'PROFORMA') {
    const invoice = row.fatturaId ? await repo.find(db, ctx, 'FATTURA', row.fatturaId) : null;
    return toProforma(row, linked, invoice?.idDocumento ?? null);
  }
  const notifications = (await sdiNotificationsOf(db, ctx, [row.id])).get(row.id) ?? [];
  const invii = row.isInviataToSdi ? await sdiInviiOf(db, ctx, row.id) : [];
  return toFattura(row, linked, await repo.creditNotesOf(db, ctx, row.id), { notifications, invii });
};

// ---------- numbering ----------

const registerOf = (w: { serie: Serie; sezionale: string; data: string }): Register => ({
  serie: w.serie,
  sezionale: w.sezionale,
  anno: Number(w.data.slice(0, 4)),
});

/** GET next-documento-id: the number a new document of the register would take now. */
export const nextNumber = async (
  deps: AppDeps,
  ctx: StudioContext,
  serie: Serie,
  sezionale: string,
  date: string | null,
) => {
  const anno = Number((date ? uiDateToIso(date) : todayIso()).slice(0, 4));
  return { numeroDocumento: (await repo.lastNumber(deps.db, ctx, { serie, sezionale, anno })) + 1 };
};

/** The documents of a register stay in date order: a number's date is between its neighbours' (law: DPR 633/72 art. 21). */
const checkDateOrder = async (tx: DbOrTx, ctx: StudioContext, r: Register, numero: number, data: string) => {
  const previous = numero > 1 ? await repo.findByNumber(tx, ctx, r, numero - 1) : null;
  if (previous && previous.dataDocumento > data)
    throw invalidField(
      r.serie === 'PROFORMA' ? 'data' : 'dataFattura',
      m.dateBeforePrevious(previous.idDocumento, isoDateToUi(previous.dataDocumento)),
    );
  const following = await repo.findByNumber(tx, ctx, r, numero + 1);
  if (following && following.dataDocumento < data)
    throw invalidField(
      r.serie === 'PROFORMA' ? 'data' : 'dataFattura',
      m.dateAfterNext(following.idDocumento, isoDateToUi(following.dataDocumento)),
    );
};

/**
 * Takes the register's next number inside the creating transaction (the counter row stays locked until it commits):
 * the number asked for must be that one, so no number is ever given twice or skipped.
 */
const takeNumber = async (tx: DbOrTx, ctx: StudioContext, r: Register, requested: number | null) => {
  const last = await repo.lockCounter(tx, ctx, r);
  const next = last + 1;
  const field = r.serie === 'PROFORMA' ? 'numero' : 'numeroFattura';
  if (requested !== null && requested <= last)
    throw new AppError(
      'CONFLICT',
      m.numberTaken(formatIdDocumento({ numero: requested, anno: r.anno, sezionale: r.sezionale }), next),
      {
        fields: { [field]: m.numberTaken(String(requested), next) },
      },
    );
  if (requested !== null && requested > next) throw invalidField(field, m.numberGap(next));
  await repo.setCounter(tx, ctx, r, next);
  return next;
};

// ---------- writes ----------

const checkTotal = (w: DocumentWrite, totals: Totals) => {
  if (w.totaleFattura !== undefined && eurosToCents(w.totaleFattura) !== totals.totaleCents)
    throw invalidField('totaleFattura', m.totalMismatch(formatEuroCents(totals.totaleCents)));
};

const checkSezionale = async (tx: DbOrTx, ctx: StudioContext, w: DocumentWrite) => {
  if (!w.sezionale) return;
  const s = await repo.findSezionale(tx, ctx, w.sezionale);
  if (!s?.active) throw invalidField('sezionale', m.sezionaleUnknown);
  if (s.documentTypes.length && !s.documentTypes.includes(w.tipoDocumento))
    throw invalidField('sezionale', m.sezionaleNotForType);
};

const patientFor = async (tx: DbOrTx, ctx: StudioContext, w: DocumentWrite) => {
  const patient = await repo.findPatient(tx, ctx, w.pazienteId);
  if (!patient) throw invalidField('pazienteId', m.patientNotFound);
  const cliente = clienteOf(patient);
  // spec part 2 §5: a pro-forma can still be created for a patient whose data do not suffice for an invoice
  if (w.serie === 'FATTURA' && !cliente.validForFattura)
    throw invalidField(
      'pazienteId',
      cliente.codiceFiscale || cliente.partitaIva ? m.patientNotValidForInvoice : m.patientWithoutFiscalCode,
    );
  return cliente;
};

const linkErrors = {
  notOfPatient: () => invalidField('linkedCalendarEventsIds', m.eventsNotFound),
  linkedElsewhere: (id: string) => invalidField('linkedCalendarEventsIds', m.eventLinkedElsewhere(id)),
};

const columnsOf = (
  w: DocumentWrite,
  totals: Totals,
): Omit<
  DocumentColumns,
  | 'numero'
  | 'idDocumento'
  | 'cliente'
  | 'clienteSearch'
  | 'emittente'
  | 'regimeFiscale'
  | 'serie'
  | 'anno'
  | 'sezionale'
> => ({
  tipoDocumento: w.tipoDocumento,
  suffisso: w.suffisso,
  dataDocumento: w.data,
  dataScadenza: w.dataScadenza,
  pagata: w.pagata,
  dataIncasso: w.dataIncasso,
  metodoPagamento: w.metodoPagamento,
  accepted: w.accepted,
  datiTrasmissione: w.datiTrasmissione,
  prestazione: w.prestazione as unknown as Json[],
  tassazione: w.tassazione as unknown as Json,
  coordinateBancarie: w.coordinateBancarie,
  fatturaSettings: w.fatturaSettings,
  note: w.note,
  causali: w.causali,
  totaleCents: totals.totaleCents,
  nettoCents: totals.nettoCents,
});

/** Where a credit note points: the invoice of that number and date, when it was issued here. */
const linkedInvoiceOf = async (tx: DbOrTx, ctx: StudioContext, w: DocumentWrite) => {
  if (w.tipoDocumento !== 'NOTA_DI_CREDITO') return null;
  const numero = w.datiTrasmissione.numeroFatturaCollegata as string | null;
  const data = w.datiTrasmissione.dataFatturaCollegata as string | null;
  if (!numero || !data) return null;
  return (await repo.findInvoiceByIdDocumento(tx, ctx, numero, uiDateToIso(data)))?.id ?? null;
};

/** Creates an invoice, credit note or pro-forma with its number, in one transaction with its links and audit. */
const insertDocument = async (
  tx: DbOrTx,
  ctx: StudioContext,
  w: DocumentWrite,
  extra: { proformaId?: string | null; fatturaCollegataId?: string | null } = {},
) => {
  const cliente = await patientFor(tx, ctx, w);
  const studio = await repo.findStudio(tx, ctx);
  if (!studio) throw notFound();
  await checkSezionale(tx, ctx, w);
  const regime = studio.regimeFiscale as RegimeFiscale;
  const totals = documentTotals(w, regime);
  checkTotal(w, totals);
  const r = registerOf(w);
  const numero = await takeNumber(tx, ctx, r, w.numero);
  await checkDateOrder(tx, ctx, r, numero, w.data);
  const idDocumento = formatIdDocumento({ numero, anno: r.anno, sezionale: r.sezionale, suffisso: w.suffisso });
  const fatturaCollegataId = extra.fatturaCollegataId ?? (await linkedInvoiceOf(tx, ctx, w));
  const row = await repo.insert(tx, ctx, {
    ...columnsOf(w, totals),
    serie: w.serie,
    sezionale: r.sezionale,
    anno: r.anno,
    numero,
    idDocumento,
    pazienteId: w.pazienteId,
    cliente: cliente as unknown as Json,
    clienteSearch: searchTextOf(cliente, idDocumento),
    emittente: emittenteOf(studio) as unknown as Json,
    regimeFiscale: regime,
    proformaId: extra.proformaId ?? null,
    fatturaCollegataId,
    canaleInvio: await canaleOf(tx, ctx, w, cliente, fatturaCollegataId),
  });
  await linkEventsToDocument(
    tx,
    ctx,
    { id: row.id, idDocumento, pazienteId: row.pazienteId, markPaid: row.pagata },
    w.linkedCalendarEventsIds,
    linkErrors,
  );
  await recordAudit(tx, ctx, {
    action: w.serie === 'PROFORMA' ? 'proforma.create' : 'invoice.create',
    entityType: w.serie === 'PROFORMA' ? 'proforma' : 'invoice',
    entityId: row.id,
  });
  return row;
};

export const createDocument = (deps: AppDeps, ctx: StudioContext, w: DocumentWrite) =>
  deps.db.transaction(async (tx) => answerOf(tx, ctx, await insertDocument(tx, ctx, w)));

/** Sent invoices are read-only (the law allows paid state and links), unless the SDI refused the last attempt. */
const lockedForSdi = async (tx: DbOrTx, ctx: StudioContext, row: DocumentRow) => {
  if (row.isInviataToSdi && !(await isCorrectable(tx, ctx, row.id))) throw new AppError('CONFLICT', m.sentToSdiLocked);
};

/** The channel of a document being written (null for a pro-forma): the domain's rule, one for every document. */
const canaleOf = async (
  tx: DbOrTx,
  ctx: StudioContext,
  w: DocumentWrite,
  cliente: Cliente,
  fatturaCollegataId: string | null,
) => {
  if (w.serie === 'PROFORMA') return null;
  const collegata = fatturaCollegataId ? await repo.find(tx, ctx, 'FATTURA', fatturaCollegataId) : null;
  return canaleInvioOf({
    tipoDocumento: w.tipoDocumento,
    cliente,
    formatoTrasmissione: (w.datiTrasmissione.formatoTrasmissione as 'FPR_12' | 'FPA_12' | null) ?? null,
    tipoDocumentoCollegato: collegata?.tipoDocumento ?? null,
  }).canale;
};

/** For sending: the invoice locked for the transaction, with its channel and the reason. */
export const lockFatturaForSdi = async (tx: DbOrTx, ctx: StudioContext, id: string) => {
  const row = await repo.findForUpdate(tx, ctx, 'FATTURA', id);
  if (!row) throw notFound();
  const decision = canaleDecisionOf(row);
  return { fattura: (await answerOf(tx, ctx, row)) as Fattura, ...decision };
};

export const markInviataToSdi = (tx: DbOrTx, ctx: StudioContext, id: string) =>
  repo.update(tx, ctx, id, { isInviataToSdi: true });

/** The update itself, in the caller's transaction: the document as it is after. */
const updateIn = async (tx: DbOrTx, ctx: StudioContext, id: string, w: DocumentWrite) => {
  const row = await repo.findForUpdate(tx, ctx, w.serie, id);
  if (!row) throw notFound();
  await lockedForSdi(tx, ctx, row);
  if (row.pazienteId !== w.pazienteId) throw invalidField('pazienteId', m.patientFixed);
  const r = registerOf(w);
  const field = w.serie === 'PROFORMA' ? 'numero' : 'numeroFattura';
  if ((w.numero !== null && w.numero !== row.numero) || r.sezionale !== row.sezionale || r.anno !== row.anno)
    throw invalidField(
      w.numero !== null && w.numero !== row.numero ? field : w.sezionale !== row.sezionale ? 'sezionale' : field,
      m.numberFixed,
    );
  await checkSezionale(tx, ctx, w);
  await checkDateOrder(tx, ctx, r, row.numero, w.data);
  const studio = await repo.findStudio(tx, ctx);
  if (!studio) throw notFound();
  const totals = documentTotals(w, row.regimeFiscale as RegimeFiscale | null);
  checkTotal(w, totals);
  const idDocumento = formatIdDocumento({
    numero: row.numero,
    anno: r.anno,
    sezionale: r.sezionale,
    suffisso: w.suffisso,
  });
  const fatturaCollegataId = row.fatturaCollegataId ?? (await linkedInvoiceOf(tx, ctx, w));
  const updated = await repo.update(tx, ctx, row.id, {
    ...columnsOf(w, totals),
    idDocumento,
    clienteSearch: searchTextOf(row.cliente as unknown as Cliente, idDocumento),
    emittente: emittenteOf(studio) as unknown as Json,
    fatturaCollegataId,
    canaleInvio: await canaleOf(tx, ctx, w, row.cliente as unknown as Cliente, fatturaCollegataId),
  });
  const kept = await linkEventsToDocument(
    tx,
    ctx,
    { id: row.id, idDocumento, pazienteId: row.pazienteId, markPaid: updated.pagata },
    w.linkedCalendarEventsIds,
    linkErrors,
  );
  await unlinkEventsFromDocument(tx, ctx, row.id, { keep: kept });
  await recordAudit(tx, ctx, {
    action: w.serie === 'PROFORMA' ? 'proforma.update' : 'invoice.update',
    entityType: w.serie === 'PROFORMA' ? 'proforma' : 'invoice',
    entityId: row.id,
  });
  return updated;
};

export const updateDocument = (deps: AppDeps, ctx: StudioContext, id: string, w: DocumentWrite) =>
  deps.db.transaction(async (tx) => answerOf(tx, ctx, await updateIn(tx, ctx, id, w)));

class PreviewDone extends Error {
  readonly doc: Fattura;
  constructor(doc: Fattura) {
    super('preview');
    this.doc = doc;
  }
}

/**
 * The invoice as it would be if saved now (new, or the changes to an existing one), with every rule of saving applied
 * (number, totals, customer, channel), in a transaction that is then rolled back: nothing is written, no number taken.
 */
export const previewFattura = async (deps: AppDeps, ctx: StudioContext, w: DocumentWrite, id: string | null) => {
  try {
    await deps.db.transaction(async (tx) => {
      const row = id ? await updateIn(tx, ctx, id, w) : await insertDocument(tx, ctx, w);
      throw new PreviewDone((await answerOf(tx, ctx, row)) as Fattura);
    });
  } catch (err) {
    if (err instanceof PreviewDone) return err.doc;
    throw err;
  }
  throw new Error('preview transaction ended without a document');
};

export const getDocument = async (deps: AppDeps, ctx: StudioContext, serie: Serie, id: string) => {
  const row = await repo.find(deps.db, ctx, serie, id);
  if (!row) throw notFound();
  return answerOf(deps.db, ctx, row);
};

/** PUT /{id}/customer: the customer's data read again from the patient record (after 'Correggi'). */
export const refreshCustomer = (deps: AppDeps, ctx: StudioContext, serie: Serie, id: string) =>
  deps.db.transaction(async (tx) => {
    const row = await repo.findForUpdate(tx, ctx, serie, id);
    if (!row) throw notFound();
    await lockedForSdi(tx, ctx, row);
    if (!row.pazienteId) throw invalidField('pazienteId', m.patientNotFound);
    const patient = await repo.findPatient(tx, ctx, row.pazienteId);
    if (!patient) throw invalidField('pazienteId', m.patientNotFound);
    const cliente = clienteOf(patient);
    const updated = await repo.update(tx, ctx, row.id, {
      cliente: cliente as unknown as Json,
      clienteSearch: searchTextOf(cliente, row.idDocumento),
    });
    await recordAudit(tx, ctx, {
      action: `${serie === 'PROFORMA' ? 'proforma' : 'invoice'}.customer`,
      entityType: serie === 'PROFORMA' ? 'proforma' : 'invoice',
      entityId: row.id,
    });
    return answerOf(tx, ctx, updated);
  });

/** PUT /{fatturaId}/pagata (spec part 2 §4): paid with method and collection date, or back to unpaid. */
export const setPaid = (deps: AppDeps, ctx: StudioContext, id: string, p: PagataInput) =>
  deps.db.transaction(async (tx) => {
    const row = await repo.findForUpdate(tx, ctx, 'FATTURA', id);
    if (!row) throw notFound();
    const updated = await repo.update(
      tx,
      ctx,
      row.id,
      p.isPagata
        ? {
            pagata: true,
            dataIncasso: isoOrNull(p.dataIncasso),
            metodoPagamento: p.metodoPagamento ?? row.metodoPagamento,
          }
        : { pagata: false, dataIncasso: null },
    );
    if (p.isPagata) await setDocumentEventsPaid(tx, ctx, row.id);
    await recordAudit(tx, ctx, {
      action: 'invoice.paid',
      entityType: 'invoice',
      entityId: row.id,
      changedFields: ['pagata', 'dataIncasso'],
    });
    return answerOf(tx, ctx, updated) as Promise<Fattura>;
  });

/** PUT /linked-calendar-events: the document's appointments replaced (also after it was sent to the SDI). */
export const setLinkedEvents = (deps: AppDeps, ctx: StudioContext, id: string, eventIds: string[]) =>
  deps.db.transaction(async (tx) => {
    const row = await repo.findForUpdate(tx, ctx, 'FATTURA', id);
    if (!row) throw notFound();
    const kept = await linkEventsToDocument(
      tx,
      ctx,
      { id: row.id, idDocumento: row.idDocumento, pazienteId: row.pazienteId, markPaid: row.pagata },
      eventIds,
      linkErrors,
    );
    await unlinkEventsFromDocument(tx, ctx, row.id, { keep: kept });
    await recordAudit(tx, ctx, { action: 'invoice.link-events', entityType: 'invoice', entityId: row.id });
    return answerOf(tx, ctx, row) as Promise<Fattura>;
  });

/**
 * DELETE: an invoice or credit note only when it is the last number of its register (the number goes back, no gap);
 * a pro-forma, which is no fiscal document, always (decision 020).
 */
export const deleteDocument = (
  deps: AppDeps,
  ctx: StudioContext,
  serie: Serie,
  id: string,
  opts: { setLinkedEventsAsNotPaid: boolean },
) =>
  deps.db.transaction(async (tx) => {
    const row = await repo.findForUpdate(tx, ctx, serie, id);
    if (!row) throw notFound();
    if (row.isInviataToSdi) throw new AppError('CONFLICT', m.sentToSdiLocked);
    if (await isInSistemaTs(tx, ctx, row.id)) throw new AppError('CONFLICT', sistemaTsMessages.acceptedLocked);
    const r: Register = { serie, sezionale: row.sezionale, anno: row.anno };
    const last = await repo.lockCounter(tx, ctx, r);
    if (serie === 'FATTURA' && row.numero !== last) {
      const lastDoc = await repo.findByNumber(tx, ctx, r, last);
      throw new AppError('CONFLICT', m.deleteOnlyLast(lastDoc?.idDocumento ?? String(last)));
    }
    await unlinkEventsFromDocument(tx, ctx, row.id, { setNotPaid: opts.setLinkedEventsAsNotPaid });
    if (row.proformaId) await repo.update(tx, ctx, row.proformaId, { fatturaId: null });
    await repo.delete(tx, ctx, row.id);
    if (row.numero === last) await repo.setCounter(tx, ctx, r, last - 1);
    await recordAudit(tx, ctx, {
      action: serie === 'PROFORMA' ? 'proforma.delete' : 'invoice.delete',
      entityType: serie === 'PROFORMA' ? 'proforma' : 'invoice',
      entityId: row.id,
    });
  });

/** PUT /proforma/{id}/accepted. */
export const setAccepted = (deps: AppDeps, ctx: StudioContext, id: string, accepted: boolean) =>
  deps.db.transaction(async (tx) => {
    const row = await repo.findForUpdate(tx, ctx, 'PROFORMA', id);
    if (!row) throw notFound();
    const updated = await repo.update(tx, ctx, row.id, { accepted });
    await recordAudit(tx, ctx, { action: 'proforma.accepted', entityType: 'proforma', entityId: row.id });
    return answerOf(tx, ctx, updated) as Promise<Proforma>;
  });

/** The stored document as a new write (a conversion's starting point), dated today. */
const copyOf = (row: DocumentRow, over: Partial<DocumentWrite>): DocumentWrite => ({
  serie: 'FATTURA',
  tipoDocumento: 'FATTURA_SANITARIA',
  numero: null,
  sezionale: '',
  suffisso: null,
  data: todayIso(),
  dataScadenza: row.dataScadenza && row.dataScadenza >= todayIso() ? row.dataScadenza : null,
  pagata: false,
  dataIncasso: null,
  metodoPagamento: row.metodoPagamento,
  accepted: null,
  datiTrasmissione: {},
  pazienteId: row.pazienteId ?? '',
  prestazione: storedLines(row),
  tassazione: storedTassazione(row),
  coordinateBancarie: row.coordinateBancarie ?? null,
  fatturaSettings: row.fatturaSettings as DocumentWrite['fatturaSettings'],
  note: row.note,
  causali: row.causali,
  linkedCalendarEventsIds: [],
  totaleFattura: undefined,
  ...over,
});

/** POST /fattura/createFromProforma/{id}: the pro-forma becomes an invoice with the next number, dated today. */
export const createFromProforma = (deps: AppDeps, ctx: StudioContext, id: string) =>
  deps.db.transaction(async (tx) => {
    const proforma = await repo.findForUpdate(tx, ctx, 'PROFORMA', id);
    if (!proforma) throw notFound();
    if (proforma.fatturaId) {
      const existing = await repo.find(tx, ctx, 'FATTURA', proforma.fatturaId);
      throw new AppError('CONFLICT', m.proformaAlreadyConverted(existing?.idDocumento ?? proforma.fatturaId));
    }
    const invoice = await insertDocument(tx, ctx, copyOf(proforma, {}), { proformaId: proforma.id });
    await repo.update(tx, ctx, proforma.id, { accepted: true, fatturaId: invoice.id });
    await moveEventLinks(tx, ctx, proforma.id, { id: invoice.id, idDocumento: invoice.idDocumento, markPaid: false });
    return answerOf(tx, ctx, invoice) as Promise<Fattura>;
  });

/** POST /nota-di-credito/from-fattura/{id}: a credit note for the whole invoice, dated today, with the next number. */
export const creditNoteFromInvoice = (deps: AppDeps, ctx: StudioContext, id: string) =>
  deps.db.transaction(async (tx) => {
    const invoice = await repo.findForUpdate(tx, ctx, 'FATTURA', id);
    if (!invoice) throw notFound();
    if (invoice.tipoDocumento === 'NOTA_DI_CREDITO') throw new AppError('VALIDATION', m.creditNoteOfCreditNote);
    const d = dt(invoice);
    const sezionale = invoice.sezionale
      ? await repo
          .findSezionale(tx, ctx, invoice.sezionale)
          .then((s) =>
            s?.active && (!s.documentTypes.length || s.documentTypes.includes('NOTA_DI_CREDITO'))
              ? invoice.sezionale
              : '',
          )
      : '';
    const note = await insertDocument(
      tx,
      ctx,
      copyOf(invoice, {
        tipoDocumento: 'NOTA_DI_CREDITO',
        sezionale,
        datiTrasmissione: {
          ...d,
          idMarcaDaBollo: null,
          numeroFatturaCollegata: invoice.idDocumento,
          dataFatturaCollegata: isoDateToUi(invoice.dataDocumento),
        },
        tassazione: { ...storedTassazione(invoice), marcaDaBolloVirtuale: true },
      }),
      { fatturaCollegataId: invoice.id },
    );
    return answerOf(tx, ctx, note) as Promise<Fattura>;
  });

/** GET /{id}/pdf: the document as printed, built on a worker thread (A4, every figure from its totals). */
export const documentPdf = async (deps: AppDeps, ctx: StudioContext, serie: Serie, id: string) => {
  const row = await repo.find(deps.db, ctx, serie, id);
  if (!row) throw notFound();
  const doc = await answerOf(deps.db, ctx, row);
  const logoKey = doc.emittente.logoAssetId ? await repo.findAssetKey(deps.db, ctx, doc.emittente.logoAssetId) : null;
  const logo = logoKey ? await deps.storage.get(logoKey) : null;
  const bytes = await deps.pdfs.render(doc, { logo });
  const kind =
    serie === 'PROFORMA' ? 'proforma' : doc.tipoDocumento === 'NOTA_DI_CREDITO' ? 'nota-di-credito' : 'fattura';
  return { bytes, fileName: sanitizeFileName(`${kind}-${doc.idDocumento.replaceAll('/', '-')}.pdf`) };
};

// ---------- lists and stats ----------

export const listDocuments = async (
  deps: AppDeps,
  ctx: StudioContext,
  serie: Serie,
  q: Partial<FatturaListQuery> & Pick<FatturaListQuery, 'page' | 'size' | 'direction'>,
  extra: Partial<DocumentFilters> = {},
) => {
  const filters: DocumentFilters = {
    serie,
    startDate: isoOrNull(q.startDate),
    endDate: isoOrNull(q.endDate),
    searchText: q.searchText?.toLowerCase() ?? null,
    tipoDocumento: q.tipoDocumento,
    isPagata: q.isPagata ?? null,
    sezionale: q.sezionale,
    metodoPagamento: q.metodoPagamento,
    pazienteId: q.pazienteId,
    ...extra,
  };
  const { rows, total, exact } = await repo.page(deps.db, ctx, filters, q);
  const today = todayIso();
  const notifications = await sdiNotificationsOf(
    deps.db,
    ctx,
    rows.filter((r) => r.isInviataToSdi).map((r) => r.id),
  );
  return {
    content: rows.map((r) => toRow(r, today, notifications.get(r.id) ?? [])),
    totalElements: total,
    totalIsExact: exact,
    page: q.page,
    size: q.size,
  };
};

/** GET /paziente/{id}: the patient's documents; another studio's patient is not found. */
export const patientDocuments = async (
  deps: AppDeps,
  ctx: StudioContext,
  serie: Serie,
  pazienteId: string,
  q: Pick<FatturaListQuery, 'page' | 'size' | 'direction'>,
) => {
  if (!(await repo.findPatient(deps.db, ctx, pazienteId))) throw notFound();
  return listDocuments(deps, ctx, serie, { ...q, pazienteId });
};

const statsOf = async (deps: AppDeps, ctx: StudioContext, from: string, to: string) => {
  const s = await repo.stats(deps.db, ctx, from, to, todayIso());
  // costs: the invoices received from suppliers (manual expenses are not built yet)
  const costs = await receivedCostsOf(deps.db, ctx, from, to);
  return {
    fatturato: centsToEuros(Number(s.fatturato)),
    incassato: centsToEuros(Number(s.incassato)),
    costo: centsToEuros(costs.costoCents),
    nrFattureNonPagate: Number(s.nonPagate),
    nrFattureScadute: Number(s.scadute),
    nrFattureRicevute: costs.count,
    nrNoteDaRimborsare: Number(s.daRimborsare),
  };
};

export const yearStats = async (deps: AppDeps, ctx: StudioContext, year: number) => ({
  [String(year)]: await statsOf(deps, ctx, `${year}-01-01`, `${year}-12-31`),
});

export const periodStats = async (deps: AppDeps, ctx: StudioContext, startDate: string, endDate: string) => {
  const s = await statsOf(deps, ctx, uiDateToIso(startDate), uiDateToIso(endDate));
  return { ...s, netCashFlow: centsToEuros(eurosToCents(s.incassato) - eurosToCents(s.costo)) };
};

/** spec part 2 §9: the current year plus the years with invoices, descending. */
export const invoicingYears = async (deps: AppDeps, ctx: StudioContext) => {
  const years = new Set([Number(todayIso().slice(0, 4)), ...(await repo.years(deps.db, ctx))]);
  return { anniConFatture: [...years].sort((a, b) => b - a) };
};
