import { asc, count, countDistinct, eq, gt, max, min, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  bodyCharts,
  clinicalOutcomeMeasures,
  documentiContabili,
  documentiRicevuti,
  events,
  formTemplates,
  legalAcceptances,
  patientAttachments,
  patients,
  sdiInvii,
  signatureDocuments,
  signatureRequests,
  studioMembers,
} from '../../db/schema/index.ts';
import { inStudio } from '../../db/studio-scope.ts';
import type { StudioContext } from '../../shared/studio-context.ts';

/** Rows read per query: memory holds one page of small rows (ids, names), never a page of files. */
export const exportPageSize = 200;

/** One patient, or the whole studio (undefined). */
type Only = string | undefined;

const after = (column: PgColumn, id: string | null) => (id ? gt(column, id) : undefined);
/** Patient first, then id: the files of a patient come together (one folder each, names made unique in it). */
export type PatientCursor = { pazienteId: string; id: string } | null;
const afterPair = (patient: PgColumn, id: PgColumn, cursor: PatientCursor) =>
  cursor ? sql`(${patient}, ${id}) > (${cursor.pazienteId}::uuid, ${cursor.id}::uuid)` : undefined;
const ofPatient = (column: PgColumn, only: Only) => (only ? eq(column, only) : undefined);

const patientName = {
  nome: patients.nome,
  cognome: patients.cognome,
  ragioneSociale: patients.ragioneSociale,
  tipologiaPersona: patients.tipologiaPersona,
};

/**
 * The studio's rows an export walks, a keyset page (by id) at a time, each query scoped by inStudio: another studio's
 * rows are never read, whatever the request says. The files themselves are read by the owning features' services.
 */
export const studioExportRepository = {
  /**
   * The legal documents the studio's people accepted (decision 043): the owner's terms and DPA are the studio's
   * contract. Few rows (people × versions), read at once.
   */
  legalAcceptances: (db: DbOrTx, ctx: StudioContext) =>
    db
      .select({
        nome: studioMembers.name,
        cognome: studioMembers.lastname,
        email: studioMembers.email,
        role: studioMembers.role,
        document: legalAcceptances.document,
        version: legalAcceptances.version,
        acceptedAt: legalAcceptances.acceptedAt,
      })
      .from(studioMembers)
      .innerJoin(legalAcceptances, eq(legalAcceptances.userId, studioMembers.userId))
      .where(inStudio(studioMembers, ctx))
      .orderBy(asc(studioMembers.lastname), asc(studioMembers.name), asc(legalAcceptances.acceptedAt)),

  findPatient: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select({ id: patients.id, ...patientName })
      .from(patients)
      .where(inStudio(patients, ctx, eq(patients.id, id)))
      .then((r) => r[0] ?? null),

  /** Where the studio's (or the patient's) appointments and series lie: the span the calendar export walks. */
  eventsSpan: (db: DbOrTx, ctx: StudioContext, only: Only) =>
    db
      .select({ from: min(events.startAt), to: max(events.untilAt), last: max(events.endAt) })
      .from(events)
      .where(inStudio(events, ctx, ofPatient(events.pazienteId, only)))
      .then((r) => r[0] ?? null),

  documentsPage: (db: DbOrTx, ctx: StudioContext, only: Only, afterId: string | null) =>
    db
      .select({
        id: documentiContabili.id,
        serie: documentiContabili.serie,
        tipoDocumento: documentiContabili.tipoDocumento,
        idDocumento: documentiContabili.idDocumento,
        dataDocumento: documentiContabili.dataDocumento,
        dataScadenza: documentiContabili.dataScadenza,
        cliente: documentiContabili.cliente,
        totaleCents: documentiContabili.totaleCents,
        pagata: documentiContabili.pagata,
        dataIncasso: documentiContabili.dataIncasso,
        metodoPagamento: documentiContabili.metodoPagamento,
        isInviataToSdi: documentiContabili.isInviataToSdi,
        canaleInvio: documentiContabili.canaleInvio,
      })
      .from(documentiContabili)
      .where(
        inStudio(
          documentiContabili,
          ctx,
          ofPatient(documentiContabili.pazienteId, only),
          after(documentiContabili.id, afterId),
        ),
      )
      .orderBy(asc(documentiContabili.id))
      .limit(exportPageSize),

  /** One row per received file (the rows of a file's documents share it: its first document stands for it). */
  receivedPage: (db: DbOrTx, ctx: StudioContext, afterId: string | null) =>
    db
      .select({
        id: documentiRicevuti.id,
        fileName: documentiRicevuti.fileName,
        fornitore: documentiRicevuti.fornitore,
        fornitorePartitaIva: documentiRicevuti.fornitorePartitaIva,
        fornitoreCodiceFiscale: documentiRicevuti.fornitoreCodiceFiscale,
        tipoDocumento: documentiRicevuti.tipoDocumento,
        numero: documentiRicevuti.numero,
        dataDocumento: documentiRicevuti.dataDocumento,
        imponibileCents: documentiRicevuti.imponibileCents,
        ivaCents: documentiRicevuti.ivaCents,
        totaleCents: documentiRicevuti.totaleCents,
        indice: documentiRicevuti.indice,
      })
      .from(documentiRicevuti)
      .where(inStudio(documentiRicevuti, ctx, after(documentiRicevuti.id, afterId)))
      .orderBy(asc(documentiRicevuti.id))
      .limit(exportPageSize),

  attachmentsPage: (db: DbOrTx, ctx: StudioContext, only: Only, cursor: PatientCursor) =>
    db
      .select({
        id: patientAttachments.id,
        pazienteId: patientAttachments.pazienteId,
        fileName: patientAttachments.fileName,
        storageKey: patientAttachments.storageKey,
        ...patientName,
      })
      .from(patientAttachments)
      .innerJoin(patients, eq(patients.id, patientAttachments.pazienteId))
      .where(
        inStudio(
          patientAttachments,
          ctx,
          ofPatient(patientAttachments.pazienteId, only),
          afterPair(patientAttachments.pazienteId, patientAttachments.id, cursor),
        ),
      )
      .orderBy(asc(patientAttachments.pazienteId), asc(patientAttachments.id))
      .limit(exportPageSize),

  bodyChartsPage: (db: DbOrTx, ctx: StudioContext, only: Only, cursor: PatientCursor) =>
    db
      .select({
        id: bodyCharts.id,
        pazienteId: bodyCharts.pazienteId,
        imageId: bodyCharts.imageId,
        title: bodyCharts.title,
        note: bodyCharts.note,
        strokes: bodyCharts.strokes,
        valutazioneId: bodyCharts.valutazioneId,
        diarioId: bodyCharts.diarioId,
        createdAt: bodyCharts.createdAt,
        updatedAt: bodyCharts.updatedAt,
        ...patientName,
      })
      .from(bodyCharts)
      .innerJoin(patients, eq(patients.id, bodyCharts.pazienteId))
      .where(
        inStudio(
          bodyCharts,
          ctx,
          ofPatient(bodyCharts.pazienteId, only),
          afterPair(bodyCharts.pazienteId, bodyCharts.id, cursor),
        ),
      )
      .orderBy(asc(bodyCharts.pazienteId), asc(bodyCharts.id))
      // strokes may be tens of thousands of points each: a smaller page
      .limit(20),

  outcomesPage: (db: DbOrTx, ctx: StudioContext, only: Only, cursor: PatientCursor) =>
    db
      .select({
        id: clinicalOutcomeMeasures.id,
        pazienteId: clinicalOutcomeMeasures.pazienteId,
        codice: clinicalOutcomeMeasures.codice,
        data: clinicalOutcomeMeasures.data,
        punteggio: clinicalOutcomeMeasures.punteggio,
        fascia: clinicalOutcomeMeasures.fascia,
        risposte: clinicalOutcomeMeasures.risposte,
        note: clinicalOutcomeMeasures.note,
        codiceFiscale: patients.codiceFiscale,
        ...patientName,
      })
      .from(clinicalOutcomeMeasures)
      .innerJoin(patients, eq(patients.id, clinicalOutcomeMeasures.pazienteId))
      .where(
        inStudio(
          clinicalOutcomeMeasures,
          ctx,
          ofPatient(clinicalOutcomeMeasures.pazienteId, only),
          afterPair(clinicalOutcomeMeasures.pazienteId, clinicalOutcomeMeasures.id, cursor),
        ),
      )
      .orderBy(asc(clinicalOutcomeMeasures.pazienteId), asc(clinicalOutcomeMeasures.id))
      .limit(exportPageSize),

  signedPage: (db: DbOrTx, ctx: StudioContext, only: Only, cursor: PatientCursor) =>
    db
      .select({ id: signatureRequests.id, pazienteId: signatureRequests.patientId, ...patientName })
      .from(signatureRequests)
      .innerJoin(patients, eq(patients.id, signatureRequests.patientId))
      .where(
        inStudio(
          signatureRequests,
          ctx,
          eq(signatureRequests.status, 'SIGNED'),
          ofPatient(signatureRequests.patientId, only),
          afterPair(signatureRequests.patientId, signatureRequests.id, cursor),
        ),
      )
      .orderBy(asc(signatureRequests.patientId), asc(signatureRequests.id))
      .limit(exportPageSize),

  formTemplatesPage: (db: DbOrTx, ctx: StudioContext, afterId: string | null) =>
    db
      .select({
        id: formTemplates.id,
        title: formTemplates.title,
        content: formTemplates.content,
        sharedWithCommunity: formTemplates.sharedWithCommunity,
        createdAt: formTemplates.createdAt,
        updatedAt: formTemplates.updatedAt,
      })
      .from(formTemplates)
      .where(inStudio(formTemplates, ctx, after(formTemplates.id, afterId)))
      .orderBy(asc(formTemplates.id))
      .limit(exportPageSize),

  /** How many of each the ZIP will hold (the web shows the number of files with the bytes received). */
  counts: async (db: DbOrTx, ctx: StudioContext, only: Only) => {
    const n = (q: Promise<{ n: number }[]>) => q.then((r) => Number(r[0]?.n ?? 0));
    const c = { n: count() };
    return {
      documenti: await n(
        db
          .select(c)
          .from(documentiContabili)
          .where(inStudio(documentiContabili, ctx, ofPatient(documentiContabili.pazienteId, only))),
      ),
      // the invoices with a file sent to the SDI (its last attempt goes in the ZIP)
      inviati: await n(
        db
          .select({ n: countDistinct(sdiInvii.documentoId) })
          .from(sdiInvii)
          .innerJoin(documentiContabili, eq(documentiContabili.id, sdiInvii.documentoId))
          .where(inStudio(sdiInvii, ctx, ofPatient(documentiContabili.pazienteId, only))),
      ),
      ricevuti: only
        ? 0
        : await n(
            db
              .select(c)
              .from(documentiRicevuti)
              .where(inStudio(documentiRicevuti, ctx, eq(documentiRicevuti.indice, 0))),
          ),
      allegati: await n(
        db
          .select(c)
          .from(patientAttachments)
          .where(inStudio(patientAttachments, ctx, ofPatient(patientAttachments.pazienteId, only))),
      ),
      schemi: await n(
        db
          .select(c)
          .from(bodyCharts)
          .where(inStudio(bodyCharts, ctx, ofPatient(bodyCharts.pazienteId, only))),
      ),
      firme: await n(
        db
          .select(c)
          .from(signatureRequests)
          .where(
            inStudio(
              signatureRequests,
              ctx,
              ofPatient(signatureRequests.patientId, only),
              eq(signatureRequests.status, 'SIGNED'),
            ),
          ),
      ),
      firmeFile: await n(
        db
          .select(c)
          .from(signatureDocuments)
          .innerJoin(signatureRequests, eq(signatureRequests.id, signatureDocuments.requestId))
          .where(
            inStudio(
              signatureRequests,
              ctx,
              ofPatient(signatureRequests.patientId, only),
              eq(signatureRequests.status, 'SIGNED'),
            ),
          ),
      ),
      moduli: only ? 0 : await n(db.select(c).from(formTemplates).where(inStudio(formTemplates, ctx))),
    };
  },
};
