import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';

type Json = Record<string, unknown>;

/** The tenant. Its own id is the studio_id every studio-owned table carries. */
export const studios = pgTable('studios', {
  id: id(),
  tipologiaPersona: text('tipologia_persona').notNull(),
  nome: text('nome'),
  cognome: text('cognome'),
  ragioneSociale: text('ragione_sociale'),
  sesso: text('sesso').notNull().default('U'),
  codiceFiscale: text('codice_fiscale'),
  partitaIva: text('partita_iva'),
  iscrizioneAlbo: text('iscrizione_albo'),
  professione: text('professione'),
  contatti: jsonb('contatti').$type<Json>().notNull(),
  residenza: jsonb('residenza').$type<Json>().notNull(),
  coordinateBancarie: jsonb('coordinate_bancarie').$type<Json>().notNull(),
  regimeFiscale: text('regime_fiscale').notNull(),
  logoAssetId: uuid('logo_asset_id'),
  stripeSubStatus: text('stripe_sub_status'),
  stripeSubEndDate: timestamp('stripe_sub_end_date', { withTimezone: true }),
  requireStaffTwoFactor: boolean('require_staff_two_factor').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Membership of a user in a studio, which is also the staff member record (spec part 1 §3).
 * An invited member has no user until the invitation is accepted.
 */
export const studioMembers = pgTable(
  'studio_members',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    lastname: text('lastname').notNull(),
    avatarColor: text('avatar_color'),
    role: text('role').notNull(),
    inviteTokenHash: text('invite_token_hash'),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('studio_members_studio_email_uq').on(t.studioId, t.email),
    uniqueIndex('studio_members_invite_uq').on(t.inviteTokenHash),
    index('studio_members_user_idx').on(t.userId),
  ],
);

/** Uploaded files (logo now; attachments later). Bytes live in the storage adapter under storage_key. */
export const assets = pgTable(
  'assets',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('assets_studio_idx').on(t.studioId)],
);
