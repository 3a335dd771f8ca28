import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  patients,
  type SignatureStep,
  settingsSections,
  signatureDocuments,
  signatureRequests,
  signingIdentities,
  smsMessages,
  studioSigningCertificates,
  studios,
} from '../../db/schema/index.ts';
import { inStudio, ownedBy } from '../../db/studio-scope.ts';
import type { StudioContext } from '../../shared/studio-context.ts';

export type SignatureRequestRow = typeof signatureRequests.$inferSelect;
export type SignatureDocumentRow = typeof signatureDocuments.$inferSelect;
type RequestInsert = Omit<typeof signatureRequests.$inferInsert, 'studioId'>;
type DocumentInsert = Omit<typeof signatureDocuments.$inferInsert, 'studioId' | 'id' | 'requestId'>;
type RequestChanges = Partial<Omit<typeof signatureRequests.$inferInsert, 'id' | 'studioId' | 'linkId' | 'steps'>>;

const patientColumns = {
  id: patients.id,
  tipologiaPersona: patients.tipologiaPersona,
  nome: patients.nome,
  cognome: patients.cognome,
  ragioneSociale: patients.ragioneSociale,
  cellulare: patients.cellulare,
  email: patients.email,
  dataNascita: patients.dataNascita,
};

/** Appends steps to the request's timeline in the same statement as the change. */
const withSteps = (steps: SignatureStep[]) => sql`${signatureRequests.steps} || ${JSON.stringify(steps)}::jsonb`;

export const signatureRepository = {
  /**
   * Deletes a patient's requests that were never signed (pending, revoked, expired, locked), before the patient goes;
   * the signed ones stay, and keep the patient (their foreign key refuses the delete).
   */
  deleteUnsignedOfPatient: (db: DbOrTx, ctx: StudioContext, patientId: string) =>
    db
      .delete(signatureRequests)
      .where(
        inStudio(
          signatureRequests,
          ctx,
          and(eq(signatureRequests.patientId, patientId), ne(signatureRequests.status, 'SIGNED')),
        ),
      ),

  findPatient: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select(patientColumns)
      .from(patients)
      .where(inStudio(patients, ctx, eq(patients.id, id)))
      .then((r) => r[0] ?? null),

  /** The studio's settings section `general` (the signature link's period lives there). */
  findGeneralSettings: (db: DbOrTx, ctx: StudioContext) =>
    db
      .select({ data: settingsSections.data })
      .from(settingsSections)
      .where(inStudio(settingsSections, ctx, eq(settingsSections.section, 'general')))
      .then((r) => r[0]?.data ?? null),

  insertRequest: (db: DbOrTx, ctx: StudioContext, row: RequestInsert, documents: DocumentInsert[]) =>
    db
      .insert(signatureRequests)
      .values(ownedBy(ctx, row))
      .returning()
      .then(async (r) => {
        const request = r[0] as SignatureRequestRow;
        const docs = await db
          .insert(signatureDocuments)
          .values(documents.map((d) => ownedBy(ctx, { ...d, requestId: request.id })))
          .returning();
        return { request, documents: docs };
      }),

  find: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select()
      .from(signatureRequests)
      .where(inStudio(signatureRequests, ctx, eq(signatureRequests.id, id)))
      .then((r) => r[0] ?? null),

  /** The documents of requests already scoped by studio (their ids come from a scoped query). */
  documentsOf: (db: DbOrTx, requestIds: string[]) =>
    requestIds.length === 0
      ? Promise.resolve([] as SignatureDocumentRow[])
      : db
          .select()
          .from(signatureDocuments)
          .where(inArray(signatureDocuments.requestId, requestIds))
          .orderBy(asc(signatureDocuments.position)),

  pageForPatient: async (
    db: DbOrTx,
    ctx: StudioContext,
    patientId: string,
    page: { page: number; size: number; direction: 'ASC' | 'DESC' },
  ) => {
    const where = inStudio(signatureRequests, ctx, eq(signatureRequests.patientId, patientId));
    const order = page.direction === 'ASC' ? asc : desc;
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(signatureRequests)
        .where(where)
        .orderBy(order(signatureRequests.createdAt), order(signatureRequests.id))
        .limit(page.size)
        .offset(page.page * page.size),
      db
        .select({ n: count() })
        .from(signatureRequests)
        .where(where)
        .then((r) => r[0]?.n ?? 0),
    ]);
    return { rows, total };
  },

  /** A studio's change of one of its requests (revoke), only while it is in `fromStatus`. */
  updateInStudio: (
    db: DbOrTx,
    ctx: StudioContext,
    id: string,
    fromStatus: string,
    changes: RequestChanges,
    steps: SignatureStep[],
  ) =>
    db
      .update(signatureRequests)
      .set({ ...changes, steps: withSteps(steps) })
      .where(inStudio(signatureRequests, ctx, eq(signatureRequests.id, id), eq(signatureRequests.status, fromStatus)))
      .returning()
      .then((r) => r[0] ?? null),

  /**
   * unsafe: a request by its public link id, whatever the studio. SECURITY: the link id is 256 random bits and is the
   * patient's only credential on the public signing page; nothing else reaches a request without a studio context.
   */
  unsafeFindByLink: (db: DbOrTx, linkId: string) =>
    db
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.linkId, linkId))
      .then((r) => r[0] ?? null),

  /**
   * unsafe: changes a request found by its link (public page) or by a job, by id, only while it is still in
   * `fromStatus` (a compare-and-set: two concurrent signatures or a revocation in between cannot both win).
   */
  unsafeUpdate: (db: DbOrTx, id: string, fromStatus: string, changes: RequestChanges, steps: SignatureStep[]) =>
    db
      .update(signatureRequests)
      .set({ ...changes, steps: withSteps(steps) })
      .where(and(eq(signatureRequests.id, id), eq(signatureRequests.status, fromStatus)))
      .returning()
      .then((r) => r[0] ?? null),

  /** unsafe: a request by id for a job (the id comes from a job this server queued, never from a request). */
  unsafeFindById: (db: DbOrTx, id: string) =>
    db
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.id, id))
      .then((r) => r[0] ?? null),

  /** unsafe: counts a wrong code atomically (no lost update between two guesses); see unsafeFindByLink. */
  unsafeCountWrongCode: (db: DbOrTx, id: string, step: SignatureStep) =>
    db
      .update(signatureRequests)
      .set({ otpFailedAttempts: sql`${signatureRequests.otpFailedAttempts} + 1`, steps: withSteps([step]) })
      .where(and(eq(signatureRequests.id, id), eq(signatureRequests.status, 'PENDING')))
      .returning()
      .then((r) => r[0] ?? null),

  /** unsafe: the patient and studio of a request reached by its link (see unsafeFindByLink). */
  unsafePartiesOf: async (db: DbOrTx, request: SignatureRequestRow) => {
    const [patient, studio] = await Promise.all([
      db
        .select(patientColumns)
        .from(patients)
        .where(and(eq(patients.id, request.patientId), eq(patients.studioId, request.studioId)))
        .then((r) => r[0] ?? null),
      db
        .select({
          tipologiaPersona: studios.tipologiaPersona,
          nome: studios.nome,
          cognome: studios.cognome,
          ragioneSociale: studios.ragioneSociale,
        })
        .from(studios)
        .where(eq(studios.id, request.studioId))
        .then((r) => r[0] ?? null),
    ]);
    return { patient, studio };
  },

  setSigned: (db: DbOrTx, documentId: string, signedKey: string, signedSha256: string) =>
    db.update(signatureDocuments).set({ signedKey, signedSha256 }).where(eq(signatureDocuments.id, documentId)),

  findIdentity: (db: DbOrTx, name: string) =>
    db
      .select()
      .from(signingIdentities)
      .where(eq(signingIdentities.name, name))
      .then((r) => r[0] ?? null),

  /** The first identity stored wins (two servers starting together keep one). */
  insertIdentity: (db: DbOrTx, row: typeof signingIdentities.$inferInsert) =>
    db.insert(signingIdentities).values(row).onConflictDoNothing(),

  findStudioCertificate: (db: DbOrTx, studioId: string) =>
    db
      .select()
      .from(studioSigningCertificates)
      .where(eq(studioSigningCertificates.studioId, studioId))
      .then((r) => r[0] ?? null),

  /** One certificate per studio: a new upload replaces the one before. */
  saveStudioCertificate: (db: DbOrTx, row: typeof studioSigningCertificates.$inferInsert) =>
    db
      .insert(studioSigningCertificates)
      .values(row)
      .onConflictDoUpdate({
        target: studioSigningCertificates.studioId,
        set: {
          certificatePem: row.certificatePem,
          sealedPrivateKey: row.sealedPrivateKey,
          uploadedByUserId: row.uploadedByUserId ?? null,
          createdAt: new Date(),
        },
      }),

  deleteStudioCertificate: (db: DbOrTx, studioId: string) =>
    db
      .delete(studioSigningCertificates)
      .where(eq(studioSigningCertificates.studioId, studioId))
      .returning({ studioId: studioSigningCertificates.studioId })
      .then((r) => r.length > 0),

  insertSms: (db: DbOrTx, row: typeof smsMessages.$inferInsert) => db.insert(smsMessages).values(row),

  listSms: (db: DbOrTx, ctx: StudioContext, limit: number) =>
    db
      .select()
      .from(smsMessages)
      .where(inStudio(smsMessages, ctx))
      .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id))
      .limit(limit),
};
