import { desc, eq, like } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { auditEvents, users } from '../../db/schema/index.ts';
import { inStudio } from '../../db/studio-scope.ts';
import type { RequestMeta } from '../../shared/request-meta.ts';
import type { StudioContext } from '../../shared/studio-context.ts';

export type AuditEntry = {
  action: string;
  entityType?: string;
  entityId?: string | null;
  outcome?: 'success' | 'failure';
  changedFields?: string[];
  /** Never clinical values, tokens or fiscal codes: a short technical note at most. */
  detail?: string;
  /** The patient whose clinical record the event read or changed (the clinical access log, decision 029). */
  pazienteId?: string | null;
};

/** Who acts: a user or studio context, or an anonymous caller (failed sign-in). */
export type AuditActor = {
  userId: string | null;
  actorUserId: string | null;
  meta: RequestMeta;
  studioId?: string | null;
};

/** Append-only: the app only ever inserts and reads audit events. Call inside the change's transaction. */
export const recordAudit = (db: DbOrTx, actor: AuditActor, entry: AuditEntry) => recordAudits(db, actor, [entry]);

/** Several entries of one actor in one INSERT (a change of many rows: one statement, not one per row). */
export const recordAudits = (db: DbOrTx, actor: AuditActor, entries: AuditEntry[]) =>
  db.insert(auditEvents).values(entries.map((entry) => auditRow(actor, entry)));

const auditRow = (actor: AuditActor, entry: AuditEntry) =>
  ({
    studioId: actor.studioId ?? null,
    // In support mode the operator is the actor and the user is who they act as.
    actorUserId: actor.actorUserId ?? actor.userId,
    actingAsUserId: actor.actorUserId ? actor.userId : null,
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId ?? null,
    outcome: entry.outcome ?? 'success',
    changedFields: entry.changedFields ?? null,
    detail: entry.detail ?? null,
    pazienteId: entry.pazienteId ?? null,
    requestId: actor.meta.requestId,
    ip: actor.meta.ip,
    userAgent: actor.meta.userAgent?.slice(0, 300) ?? null,
  }) satisfies typeof auditEvents.$inferInsert;

/** The studio's events, newest first, with the e-mails of who acted (and of whom they acted as). */
export const listAuditForStudio = (
  db: DbOrTx,
  ctx: StudioContext,
  limit: number,
  filter: { pazienteId?: string | undefined; clinical?: boolean | undefined } = {},
) => {
  const actor = alias(users, 'actor');
  const actedAs = alias(users, 'acted_as');
  return db
    .select({
      id: auditEvents.id,
      occurredAt: auditEvents.occurredAt,
      action: auditEvents.action,
      entityType: auditEvents.entityType,
      entityId: auditEvents.entityId,
      outcome: auditEvents.outcome,
      actorEmail: actor.email,
      actingAsEmail: actedAs.email,
      ip: auditEvents.ip,
      changedFields: auditEvents.changedFields,
      pazienteId: auditEvents.pazienteId,
    })
    .from(auditEvents)
    .leftJoin(actor, eq(actor.id, auditEvents.actorUserId))
    .leftJoin(actedAs, eq(actedAs.id, auditEvents.actingAsUserId))
    .where(
      inStudio(
        auditEvents,
        ctx,
        filter.pazienteId ? eq(auditEvents.pazienteId, filter.pazienteId) : undefined,
        filter.clinical ? like(auditEvents.action, 'clinical.%') : undefined,
      ),
    )
    .orderBy(desc(auditEvents.occurredAt))
    .limit(limit);
};

/** Names of the top-level fields whose value differs (what the audit trail keeps instead of values). */
export const changedFieldNames = (before: Record<string, unknown>, after: Record<string, unknown>): string[] =>
  Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
