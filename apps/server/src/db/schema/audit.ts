import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Append-only audit trail (GUIDE §3). Never holds clinical values: only which fields changed.
 * studio_id may be null for events outside any studio (sign-up, failed sign-in).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    studioId: uuid('studio_id'),
    actorUserId: uuid('actor_user_id'),
    actingAsUserId: uuid('acting_as_user_id'),
    action: text('action').notNull(),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    outcome: text('outcome').notNull().default('success'),
    requestId: text('request_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    changedFields: text('changed_fields').array(),
    detail: text('detail'),
    /** The patient whose clinical record was read or changed: the access log the owner reads (decision 029). */
    pazienteId: uuid('paziente_id'),
  },
  (t) => [
    index('audit_events_studio_time_idx').on(t.studioId, t.occurredAt),
    index('audit_events_patient_idx')
      .on(t.studioId, t.pazienteId, t.occurredAt)
      .where(sql`${t.pazienteId} is not null`),
  ],
);
