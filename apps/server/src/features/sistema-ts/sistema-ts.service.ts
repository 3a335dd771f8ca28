import type { Fattura } from '@studiolo/domain/invoices';
import { formatUiDate, isoDateToUi, uiDateToIso } from '@studiolo/domain/shared';
import {
  type InviaTsInput,
  sistemaTsMessages as m,
  type OperazioneTs,
  scadenzaTsOf,
} from '@studiolo/domain/sistema-ts';
import { TsCredentialsError, type TsErrore, TsTransientError } from '../../adapters/sistema-ts/sistema-ts.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../shared/app-error.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { DocumentRow } from '../invoices/invoices.repository.ts';
import { fiscalFatturaOfRow } from '../invoices/invoices.service.ts';
import { type SistemaTsCredentials, sistemaTsCredentialsOf } from './sistema-ts.credentials.ts';
import { cancellazioneOf, contenutoOf, prepareFile, recordOf, type TsRecord } from './sistema-ts.records.ts';
import { sistemaTsRepository as repo, type TsInvioRow } from './sistema-ts.repository.ts';
import { expenseCancelled, expenseInTs, type TsState, type TsStorno, tsStateOf } from './ts-state.ts';

export const tsQueues = {
  send: 'ts-send',
  sendFailed: 'ts-send-failed',
  outcome: 'ts-outcome',
} as const;

type LottoJob = { lottoId: string };

const todayInItaly = (now: Date) => uiDateToIso(formatUiDate(now));

/** The studio's credentials, opened (the studio is the request's, or for a job the file's own). */
const credentialsOf = async (db: DbOrTx, deps: AppDeps, studioId: string) =>
  sistemaTsCredentialsOf(
    deps.secrets,
    { studioId },
    (await repo.unsafeSettingsOf(db, studioId)) ?? {},
    deps.now(),
    deps.sistemaTs.certificatePem,
  );

/** The document's records, in the shape its state reads them. */
const seenOf = (rows: { invio: TsInvioRow }[]) =>
  rows.map(({ invio }) => ({
    operazione: invio.operazione as OperazioneTs,
    stato: invio.stato,
    errori: invio.errori as TsErrore[],
    contenuto: contenutoOf(invio.record as unknown as TsRecord),
  }));

type Seen = Awaited<ReturnType<typeof repo.inviiOf>>;

/** A document's record as it would leave now (null when it cannot be built: the errors say why). */
const stateOfDocument = (fattura: Fattura, invii: Seen, pIva: string, storno: TsStorno | null) => {
  const record = recordOf(fattura, { operazione: 'I', pIva });
  const state = tsStateOf(
    { pagata: fattura.pagata, rimborso: fattura.tipoDocumento === 'NOTA_DI_CREDITO', contenuto: contenutoOf(record) },
    seenOf(invii),
    storno,
  );
  const last = invii.at(-1);
  return { state, last };
};

export type TsDocumento = ReturnType<typeof documentoAnswer>;

const documentoAnswer = (f: Fattura, state: TsState, last: Seen[number] | undefined, anno: number) => ({
  id: f.id,
  idDocumento: f.idDocumento,
  tipoDocumento: f.tipoDocumento,
  dataFattura: f.dataFattura,
  dataPagamento: f.pagata ? (f.dataIncasso ?? f.dataFattura) : null,
  cliente: f.paziente.nomeCompleto,
  opposizione: f.paziente.opposizioneTs,
  importo: f.totaleFattura,
  anno,
  stato: state.stato,
  operazione: state.operazione,
  nota: state.nota,
  errori: state.errori,
  protocollo: last?.protocollo ?? null,
  inviatoAt: last ? last.invio.createdAt.toISOString() : null,
});

const annoOf = (f: Fattura) =>
  Number(uiDateToIso(f.pagata ? (f.dataIncasso ?? f.dataFattura) : f.dataFattura).slice(0, 4));

const studioPIva = (f: Fattura) => f.emittente.partitaIva ?? f.emittente.codiceFiscale ?? '';

const byDocumentOf = (invii: Seen) => {
  const byDocument = new Map<string, Seen>();
  for (const i of invii) {
    const list = byDocument.get(i.invio.documentoId ?? '') ?? [];
    list.push(i);
    byDocument.set(i.invio.documentoId ?? '', list);
  }
  return byDocument;
};

/** A credit note cancels its invoice in full when it gives back the whole total (decision 023, 'Credit notes'). */
const isTotale = (nota: DocumentRow, fattura: DocumentRow) => nota.totaleCents >= fattura.totaleCents;

/**
 * How the credit notes bear on these rows: for an invoice, the note that cancels it in full (if any); for a note, its
 * invoice and whether the Sistema TS has that invoice's expense. Notes and invoices of other years count too.
 */
const stornoOf = async (db: DbOrTx, ctx: StudioContext, rows: DocumentRow[]) => {
  const invoiceIds = rows.filter((r) => r.tipoDocumento !== 'NOTA_DI_CREDITO').map((r) => r.id);
  const linkedIds = [
    ...new Set(
      rows.flatMap((r) =>
        r.tipoDocumento === 'NOTA_DI_CREDITO' && r.fatturaCollegataId ? [r.fatturaCollegataId] : [],
      ),
    ),
  ];
  const [notes, invoices] = await Promise.all([
    repo.creditNotesOf(db, ctx, invoiceIds),
    repo.documentsAnyYear(db, ctx, linkedIds),
  ]);
  const invoiceInvii = byDocumentOf(await repo.inviiOf(db, ctx, linkedIds));
  const invoiceById = new Map(invoices.map((i) => [i.id, i]));
  const rowById = new Map(rows.map((r) => [r.id, r]));
  const result = new Map<string, TsStorno>();
  for (const n of notes) {
    const fattura = rowById.get(n.fatturaCollegataId ?? '');
    if (!fattura || result.has(fattura.id) || !isTotale(n, fattura)) continue;
    result.set(fattura.id, { ruolo: 'FATTURA_ANNULLATA', nota: n.idDocumento, rimborsata: n.pagata });
  }
  for (const r of rows) {
    const fattura = invoiceById.get(r.fatturaCollegataId ?? '');
    if (r.tipoDocumento !== 'NOTA_DI_CREDITO' || !fattura) continue;
    const seen = seenOf(invoiceInvii.get(fattura.id) ?? []);
    result.set(r.id, {
      ruolo: 'NOTA',
      fattura: fattura.idDocumento,
      totale: isTotale(r, fattura),
      fatturaInTs: expenseInTs(seen),
      fatturaCancellata: expenseCancelled(seen),
    });
  }
  return result;
};

/** The documents of these rows with their state, in the rows' order. */
const documentiOf = async (db: DbOrTx, ctx: StudioContext, rows: DocumentRow[]) => {
  const byDocument = byDocumentOf(
    await repo.inviiOf(
      db,
      ctx,
      rows.map((r) => r.id),
    ),
  );
  const storni = await stornoOf(db, ctx, rows);
  return rows.map((row) => {
    const f = fiscalFatturaOfRow(row);
    const seen = byDocument.get(row.id) ?? [];
    const { state, last } = stateOfDocument(f, seen, studioPIva(f), storni.get(row.id) ?? null);
    return { fattura: f, seen, state, answer: documentoAnswer(f, state, last, annoOf(f)) };
  });
};

/** GET /sistema-ts/riepilogo?anno=: a year's health expenses, what is still due and the deadline. */
export const riepilogo = async (deps: AppDeps, ctx: StudioContext, anno: number) => {
  const documenti = (await documentiOf(deps.db, ctx, await repo.documentsOfYear(deps.db, ctx, anno))).map(
    (d) => d.answer,
  );
  const count = (stato: string) => documenti.filter((d) => d.stato === stato).length;
  const years = await repo.years(deps.db, ctx);
  return {
    anno,
    anni: [...new Set([...years, anno])].sort((a, b) => b - a),
    scadenza: isoDateToUi(scadenzaTsOf(anno)),
    canale: deps.sistemaTs.label,
    simulatore: deps.sistemaTs.provider === 'simulator',
    conteggi: {
      nonPagate: count('NON_PAGATA'),
      nonRimborsate: count('NON_RIMBORSATA'),
      annullate: count('ANNULLATA'),
      daInviare: count('DA_INVIARE'),
      inviati: count('INVIATO'),
      accettati: count('ACCETTATO'),
      scartati: count('SCARTATO'),
      cancellati: count('CANCELLATO'),
    },
    documenti,
  };
};

type Escluso = { documentoId: string; idDocumento: string; errori: TsErrore[] };

type Candidate = { documentoId: string; fattura: Fattura; record: TsRecord };

/**
 * Checks the candidates as the Sistema TS would and queues one file with those that pass, in the caller's
 * transaction (the job sends it after the commit); answers the others with what to fix. Nothing is queued when the
 * file itself is wrong (the sender's codes).
 */
const queueFile = async (
  deps: AppDeps,
  ctx: StudioContext,
  tx: Parameters<Parameters<AppDeps['db']['transaction']>[0]>[0],
  credentials: SistemaTsCredentials,
  candidates: Candidate[],
) => {
  const prepared = prepareFile(
    credentials,
    candidates.map((c) => c.record),
    todayInItaly(deps.now()),
  );
  if (prepared.erroriFile.length)
    throw new AppError(
      'VALIDATION',
      prepared.erroriFile.map((e) => `${e.descrizione}. ${e.suggerimento ?? ''}`.trim()),
    );
  const esclusi: Escluso[] = [];
  const records: Candidate[] = [];
  candidates.forEach((c, i) => {
    const errori = prepared.errori[i] ?? [];
    if (errori.length) esclusi.push({ documentoId: c.documentoId, idDocumento: c.fattura.idDocumento, errori });
    else records.push(c);
  });
  if (!prepared.xml) return { lotto: null, records, esclusi };
  const lotto = await repo.insertLotto(tx, ctx, {
    xml: prepared.xml,
    canale: deps.sistemaTs.provider,
  });
  await repo.insertInvii(
    tx,
    ctx,
    lotto.id,
    records.map((r) => ({
      documentoId: r.documentoId,
      anno: annoOf(r.fattura),
      numeroDocumento: r.fattura.idDocumento,
      dataEmissione: uiDateToIso(r.fattura.dataFattura),
      operazione: r.record.flagOperazione,
      record: r.record as unknown as Record<string, unknown>,
    })),
  );
  return { lotto, records, esclusi };
};

/**
 * POST /sistema-ts/invia: the chosen documents, or all those due in a year, checked as the Sistema TS would; those
 * that pass leave in one file (queued durably, sent once), those that do not are answered with what to fix. A document
 * already travelling or accepted and unchanged is not sent again.
 */
export const invia = async (deps: AppDeps, ctx: StudioContext, input: InviaTsInput) => {
  const result = await deps.db.transaction(async (tx) => {
    const rows = input.documentoIds
      ? await repo.documentsByIds(tx, ctx, input.documentoIds)
      : await repo.documentsOfYear(tx, ctx, input.anno as number);
    if (input.documentoIds && rows.length !== new Set(input.documentoIds).size) throw notFound();
    const credentials = await credentialsOf(tx, deps, ctx.studioId);
    const documenti = await documentiOf(tx, ctx, rows);
    const candidates: Candidate[] = [];
    for (const d of documenti) {
      const operazione = d.state.operazione;
      if (!operazione || (d.state.stato !== 'DA_INVIARE' && d.state.stato !== 'SCARTATO')) continue;
      const accepted = d.seen.filter((x) => x.invio.stato === 'ACCETTATO').at(-1);
      // an invoice cancelled by its credit note (decision 023): the accepted record, withdrawn
      const record =
        operazione === 'C' && accepted
          ? cancellazioneOf(accepted.invio.record as unknown as TsRecord)
          : recordOf(d.fattura, { operazione, pIva: studioPIva(d.fattura) });
      candidates.push({ documentoId: d.fattura.id, fattura: d.fattura, record });
    }
    const { lotto, records, esclusi } = candidates.length
      ? await queueFile(deps, ctx, tx, credentials, candidates)
      : { lotto: null, records: [], esclusi: [] };
    if (!lotto) {
      if (esclusi.length)
        throw new AppError('VALIDATION', [
          m.excluded(esclusi.length),
          ...esclusi.flatMap((e) => e.errori.map((x) => `${e.idDocumento}: ${x.descrizione}`)),
        ]);
      throw new AppError('VALIDATION', m.nothingToSend);
    }
    await recordAudit(tx, ctx, {
      action: 'sistema-ts.send',
      entityType: 'sistema-ts',
      entityId: lotto.id,
      detail: `${records.length} spese`,
    });
    return { lottoId: lotto.id, inviati: records.length, esclusi };
  });
  await deps.jobs.send<LottoJob>(tsQueues.send, { lottoId: result.lottoId }, { singletonKey: result.lottoId });
  return result;
};

/** POST /sistema-ts/cancella/{id}: an accepted expense taken back from the Sistema TS (before deleting it). */
export const cancella = async (deps: AppDeps, ctx: StudioContext, documentoId: string) => {
  const lottoId = await deps.db.transaction(async (tx) => {
    const [row] = await repo.documentsByIds(tx, ctx, [documentoId]);
    if (!row) throw notFound();
    const credentials = await credentialsOf(tx, deps, ctx.studioId);
    const [d] = await documentiOf(tx, ctx, [row]);
    if (!d) throw notFound();
    if (d.state.stato === 'INVIATO') throw new AppError('VALIDATION', m.alreadyInFlight);
    const accepted = d.seen.filter((s) => s.invio.stato === 'ACCETTATO').at(-1);
    if (!accepted || accepted.invio.operazione === 'C') throw new AppError('VALIDATION', m.notCancellable);
    const record = cancellazioneOf(accepted.invio.record as unknown as TsRecord);
    const { lotto, esclusi } = await queueFile(deps, ctx, tx, credentials, [
      { documentoId, fattura: d.fattura, record },
    ]);
    if (!lotto)
      throw new AppError(
        'VALIDATION',
        esclusi.flatMap((e) => e.errori.map((x) => `${x.descrizione}. ${x.suggerimento ?? ''}`.trim())),
      );
    await recordAudit(tx, ctx, {
      action: 'sistema-ts.cancel',
      entityType: 'invoice',
      entityId: documentoId,
    });
    return lotto.id;
  });
  await deps.jobs.send<LottoJob>(tsQueues.send, { lottoId }, { singletonKey: lottoId });
  return getDocumento(deps, ctx, documentoId);
};

/** GET /sistema-ts/documento/{id}: one document's state and records. */
export const getDocumento = async (deps: AppDeps, ctx: StudioContext, documentoId: string) => {
  const [row] = await repo.documentsByIds(deps.db, ctx, [documentoId], { lock: false });
  if (!row) throw notFound();
  const [d] = await documentiOf(deps.db, ctx, [row]);
  if (!d) throw notFound();
  return {
    ...d.answer,
    invii: d.seen.map(({ invio, protocollo }) => ({
      id: invio.id,
      operazione: invio.operazione as OperazioneTs,
      stato: invio.stato,
      errori: invio.errori as TsErrore[],
      protocollo,
      createdAt: invio.createdAt.toISOString(),
    })),
  };
};

/** POST /settings/sistema-ts/verifica: 'prova credenziali'. */
export const verificaCredenziali = async (deps: AppDeps, ctx: StudioContext) => {
  const credentials = await credentialsOf(deps.db, deps, ctx.studioId);
  let refused: string | null;
  try {
    refused = await deps.sistemaTs.verifyCredentials(credentials);
  } catch (err) {
    if (err instanceof TsTransientError) throw new AppError('SERVICE_UNAVAILABLE', m.serviceUnreachable);
    throw err;
  }
  if (refused) throw new AppError('VALIDATION', `${m.wrongCredentials} ${refused}`);
  return { message: m.credentialsOk };
};

// ---------- jobs ----------

/** The job: hands the file to the Sistema TS, once, then waits for its outcome. */
const sendJob = async (deps: AppDeps, { lottoId }: LottoJob) => {
  const lotto = await deps.db.transaction((tx) => repo.unsafeClaimLotto(tx, lottoId, 'IN_CODA', 'INVIO_IN_CORSO'));
  if (!lotto) return;
  const records = await repo.unsafeInviiOfLotto(deps.db, lottoId);
  try {
    const credentials = await credentialsOf(deps.db, deps, lotto.studioId);
    const sent = await deps.sistemaTs.send(
      {
        xml: lotto.xml,
        records: records.map((r) => {
          const rec = r.record as unknown as TsRecord;
          return {
            numDocumento: r.numeroDocumento,
            dataEmissione: r.dataEmissione,
            cfCittadino: rec.cfCittadino ?? null,
          };
        }),
      },
      credentials,
    );
    await deps.db.transaction(async (tx) => {
      await repo.unsafeUpdateLotto(tx, lottoId, {
        stato: 'INVIATO',
        protocollo: sent.protocollo,
        inviatoAt: deps.now(),
        errore: null,
      });
      await repo.unsafeUpdateInvii(tx, lottoId, { stato: 'INVIATO' });
    });
    await deps.jobs.send<LottoJob>(
      tsQueues.outcome,
      { lottoId },
      { startAfterSeconds: deps.config.SDI_SIMULATOR_DELAY_SECONDS, singletonKey: lottoId },
    );
  } catch (err) {
    const final = !(err instanceof TsTransientError);
    const message = err instanceof AppError ? String(err.answer) : err instanceof Error ? err.message : String(err);
    await deps.db.transaction(async (tx) => {
      await repo.unsafeUpdateLotto(tx, lottoId, { stato: final ? 'ERRORE_INVIO' : 'IN_CODA', errore: message });
      if (final)
        await repo.unsafeUpdateInvii(tx, lottoId, {
          stato: 'ERRORE_INVIO',
          errori: [{ codice: err instanceof TsCredentialsError ? 'CREDENZIALI' : 'INVIO', descrizione: message }],
        });
    });
    // a transient failure goes back to the queue, which retries with back-off; a final one waits for the user
    if (!final) throw err;
  }
};

/** The job: asks the outcome of a file; while the Sistema TS is still working on it, the queue asks again later. */
const outcomeJob = async (deps: AppDeps, { lottoId }: LottoJob) => {
  const lotto = await repo.unsafeFindLotto(deps.db, lottoId);
  if (lotto?.stato !== 'INVIATO' || !lotto.protocollo) return;
  const credentials = await credentialsOf(deps.db, deps, lotto.studioId);
  const outcomes = await deps.sistemaTs.outcomes(lotto.protocollo, credentials);
  if (!outcomes) throw new TsTransientError('outcome not ready');
  const records = await repo.unsafeInviiOfLotto(deps.db, lottoId);
  await deps.db.transaction(async (tx) => {
    for (const [indice, record] of records.entries()) {
      const outcome = outcomes.find((o) => o.indice === indice);
      await repo.unsafeUpdateInvio(tx, record.id, {
        stato: outcome?.esito ?? 'ACCETTATO',
        errori: outcome?.errori ?? [],
      });
    }
    await repo.unsafeUpdateLotto(tx, lottoId, { stato: 'ELABORATO', esitoAt: deps.now() });
  });
};

export const registerSistemaTsJobs = (deps: AppDeps) => {
  deps.jobs.define<LottoJob>(tsQueues.sendFailed, { retryLimit: 3 }, async ({ lottoId }) => {
    await deps.db.transaction(async (tx) => {
      await repo.unsafeUpdateLotto(tx, lottoId, { stato: 'ERRORE_INVIO', errore: m.serviceUnreachable });
      await repo.unsafeUpdateInvii(tx, lottoId, {
        stato: 'ERRORE_INVIO',
        errori: [{ codice: 'INVIO', descrizione: m.serviceUnreachable }],
      });
    });
  });
  deps.jobs.define<LottoJob>(
    tsQueues.send,
    { retryLimit: 6, retryBackoff: true, retryDelay: 30, retryDelayMax: 3600, deadLetter: tsQueues.sendFailed },
    (job) => sendJob(deps, job),
  );
  // the Sistema TS works files in minutes to hours: asked again with back-off for about two days
  deps.jobs.define<LottoJob>(
    tsQueues.outcome,
    { retryLimit: 20, retryBackoff: true, retryDelay: 60, retryDelayMax: 4 * 3600 },
    (job) => outcomeJob(deps, job),
  );
};

/** At start-up: files accepted but not handed to the queue before a crash go to it now. */
export const recoverTsLotti = async (deps: AppDeps) => {
  const stale = await repo.unsafeStaleLotti(deps.db, new Date(deps.now().getTime() - 60_000));
  for (const { id, stato } of stale) {
    if (stato === 'INVIATO') {
      await deps.jobs.send<LottoJob>(tsQueues.outcome, { lottoId: id }, { singletonKey: id });
      continue;
    }
    await deps.db.transaction((tx) => repo.unsafeClaimLotto(tx, id, 'INVIO_IN_CORSO', 'IN_CODA'));
    await deps.jobs.send<LottoJob>(tsQueues.send, { lottoId: id }, { singletonKey: id });
  }
};

/**
 * invioAutomatico (settings sistema-ts): a health expense leaves as soon as its document is saved paid, and again
 * when it changes; what cannot leave (settings missing, a check failing) waits in the yearly overview with its reason,
 * and the document is saved all the same.
 */
export const sendIfAutomatic = async (deps: AppDeps, ctx: StudioContext, doc: { id: string; canaleInvio: string }) => {
  if (doc.canaleInvio !== 'SISTEMA_TS') return;
  const stored = await repo.unsafeSettingsOf(deps.db, ctx.studioId);
  if (stored?.invioAutomatico !== true) return;
  try {
    await invia(deps, ctx, { documentoIds: [doc.id] });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
  }
};
