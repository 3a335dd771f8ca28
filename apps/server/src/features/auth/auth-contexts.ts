import type { AuthChanges } from '../../db/client.ts';
import type { authRepository } from './auth.repository.ts';

export type AuthContextRow = NonNullable<Awaited<ReturnType<typeof authRepository.findAuthContext>>>;

/**
 * What the auth hook reads on every request: a user, their membership of the studio asked for, its versions, and
 * whether the token's session is open (sessionId null: no session asked, as for the user acted as in support mode).
 */
export type AuthContexts = {
  find: (userId: string, studioId: string | null, sessionId?: string | null) => Promise<AuthContextRow | null>;
};

/**
 * The auth contexts of the embedded database kept in memory, each forgotten the moment a notification of migration
 * 0010 says its user, their membership or their studio's versions changed (decision 017). On PGlite that notification
 * is handled before the write that sent it is acknowledged, so a kept context is never older than an acknowledged
 * write. Without notifications (PostgreSQL) every request reads the database.
 */
export const createAuthContexts = (
  read: AuthContexts['find'],
  changes: AuthChanges | null,
  { maxUsers }: { maxUsers: number },
): AuthContexts => {
  if (!changes) return { find: read };

  /** user → (session, studio asked for, '' for the current one) → context; a Map keeps the oldest user first. */
  const kept = new Map<string, Map<string, AuthContextRow>>();
  const usersOfStudio = new Map<string, Set<string>>();
  /** Moves at every notification: a context read while one arrived may be older than it, and is not kept. */
  let notifications = 0;

  const forgetUser = (userId: string) => kept.delete(userId);
  changes.subscribe((payload) => {
    notifications++;
    const [kind, id = ''] = payload.split(':');
    if (kind === 'user') forgetUser(id);
    else if (kind === 'studio') {
      for (const userId of usersOfStudio.get(id) ?? []) forgetUser(userId);
      usersOfStudio.delete(id);
    } else {
      kept.clear();
      usersOfStudio.clear();
    }
  });

  const keep = (userId: string, key: string, row: AuthContextRow) => {
    let contexts = kept.get(userId);
    if (!contexts) {
      if (kept.size >= maxUsers) {
        const oldest = kept.keys().next().value;
        if (oldest !== undefined) forgetUser(oldest);
      }
      contexts = new Map();
      kept.set(userId, contexts);
    }
    contexts.set(key, row);
    if (row.memberStudioId) {
      const users = usersOfStudio.get(row.memberStudioId) ?? new Set<string>();
      usersOfStudio.set(row.memberStudioId, users.add(userId));
    }
  };

  return {
    find: async (userId, studioId, sessionId = null) => {
      // A session's revocation changes its row, whose trigger forgets the user (migration 0023).
      const key = `${sessionId ?? ''}|${studioId ?? ''}`;
      const held = kept.get(userId)?.get(key);
      if (held) return held;
      const before = notifications;
      const row = await read(userId, studioId, sessionId);
      if (row && notifications === before) keep(userId, key, row);
      return row;
    },
  };
};
