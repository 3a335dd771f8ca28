import { desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/index.ts';
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
};

/** Who acts: a user or studio context, or an anonymous caller (failed sign-in). */
export type AuditActor = {
  userId: string | null;
  actorUserId: string | null;
  meta: RequestMeta;
  studioId?: string | null;
};

/** Append-only: the app only ever inserts and reads audit events. Call inside the change's transaction. */
export const recordAudit = (db: DbOrTx, actor: AuditActor, entry: AuditEntry) =>
  db.insert(auditEvents).values({
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
    requestId: actor.meta.requestId,
    ip: actor.meta.ip,
    userAgent: actor.meta.userAgent?.slice(0, 300) ?? null,
  });

export const listAuditForStudio = (db: DbOrTx, ctx: StudioContext, limit: number) =>
  db.select().from(auditEvents).where(inStudio(auditEvents, ctx)).orderBy(desc(auditEvents.occurredAt)).limit(limit);

/** Names of the top-level fields whose value differs (what the audit trail keeps instead of values). */
export const changedFieldNames = (before: Record<string, unknown>, after: Record<string, unknown>): string[] =>
  Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
