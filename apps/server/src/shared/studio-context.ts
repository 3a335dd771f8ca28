import type { Role } from '@studiolo/domain/shared';
import type { RequestMeta } from './request-meta.ts';

/** The signed-in user, resolved once per request from the verified token. */
export type UserContext = {
  /** The user the request acts as (the support target in support mode). */
  userId: string;
  email: string;
  platformRole: Role | null;
  /** In support mode: the operator who is really acting. */
  actorUserId: string | null;
  actorEmail: string | null;
  meta: RequestMeta;
};

/**
 * SECURITY: studioId comes from the verified token's user and a membership check, never from the body.
 * Repositories scope every query by it.
 */
export type StudioContext = UserContext & {
  studioId: string;
  role: Role;
  memberId: string;
  /**
   * The studio's data versions as they were when the request began, read in the auth statement with the membership
   * (no extra round trip); null for a context made outside a request, whose versions are read when needed
   * (db/studio-versions.ts).
   */
  versions: StudioVersions | null;
};

/**
 * What the kept answers of a studio are built at (decision 016): each moves, in the writing transaction, whenever
 * what it covers changes. Read before the data, so an answer can only be newer than its version, never older.
 */
export type StudioVersions = {
  /** patient_search_versions: any change to the studio's patients. */
  patients: bigint;
  /** calendar_versions: any change to its events or mirrored Google events. */
  calendar: bigint;
};

/** The context of a user acting for themselves, outside a request's auth hook (sign-up, seeding). */
export const selfUserContext = (user: { id: string; email: string }, meta: RequestMeta): UserContext => ({
  userId: user.id,
  email: user.email,
  platformRole: null,
  actorUserId: null,
  actorEmail: null,
  meta,
});
