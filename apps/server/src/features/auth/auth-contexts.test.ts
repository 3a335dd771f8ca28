import { describe, expect, it } from 'vitest';
import type { AuthChanges } from '../../db/client.ts';
import { type AuthContextRow, createAuthContexts } from './auth-contexts.ts';

const studioA = 'a0000000-0000-4000-8000-000000000000';
const studioB = 'b0000000-0000-4000-8000-000000000000';

/** A database of auth rows that counts its reads, and the notifications its writes send (as migration 0010's). */
const fakeDatabase = () => {
  const rows = new Map<string, AuthContextRow>();
  const listeners = new Set<(payload: string) => void>();
  let reads = 0;
  let readGate: Promise<void> | null = null;
  const changes: AuthChanges = {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const notify = (payload: string) => {
    for (const listener of listeners) listener(payload);
  };
  const rowOf = (userId: string, studio: string, role = 'ROLE_USER', patients = 1n): AuthContextRow => ({
    id: userId,
    email: `${userId}@example.it`,
    tokenVersion: 0,
    platformRole: null,
    emailVerified: true,
    sessionId: 's-1',
    currentStudioId: studio,
    memberStudioId: studio,
    memberRole: role,
    memberId: `m-${userId}`,
    versions: { patients, calendar: 1n },
  });
  return {
    changes,
    notify,
    reads: () => reads,
    /** Holds the next reads until the returned function is called. */
    holdReads: () => {
      let release = () => {};
      readGate = new Promise((r) => {
        release = r;
      });
      return () => {
        readGate = null;
        release();
      };
    },
    put: (userId: string, studio: string, role?: string, patients?: bigint) =>
      rows.set(userId, rowOf(userId, studio, role, patients)),
    read: async (userId: string, _studio: string | null) => {
      reads++;
      const row = rows.get(userId) ?? null;
      if (readGate) await readGate;
      return row;
    },
  };
};

describe('auth contexts kept in memory', () => {
  it('reads a context once, then answers from memory, per user and per studio asked for', async () => {
    const db = fakeDatabase();
    const contexts = createAuthContexts(db.read, db.changes, { maxUsers: 10 });
    db.put('u1', studioA);
    expect((await contexts.find('u1', null))?.memberRole).toBe('ROLE_USER');
    expect((await contexts.find('u1', null))?.memberRole).toBe('ROLE_USER');
    expect(db.reads()).toBe(1);
    await contexts.find('u1', studioA);
    await contexts.find('u1', studioA);
    expect(db.reads()).toBe(2);
  });

  it("forgets a user's contexts when their row or membership changes, and no one else's", async () => {
    const db = fakeDatabase();
    const contexts = createAuthContexts(db.read, db.changes, { maxUsers: 10 });
    db.put('u1', studioA);
    db.put('u2', studioA);
    await contexts.find('u1', null);
    await contexts.find('u2', null);
    db.put('u1', studioA, 'ROLE_STAFF_CONTABILE');
    db.notify('user:u1');
    expect((await contexts.find('u1', null))?.memberRole).toBe('ROLE_STAFF_CONTABILE');
    await contexts.find('u2', null);
    expect(db.reads()).toBe(3);
  });

  it("forgets every context of a studio's members when its versions move, and only theirs", async () => {
    const db = fakeDatabase();
    const contexts = createAuthContexts(db.read, db.changes, { maxUsers: 10 });
    db.put('u1', studioA);
    db.put('u2', studioB);
    await contexts.find('u1', null);
    await contexts.find('u2', null);
    db.put('u1', studioA, 'ROLE_USER', 2n);
    db.notify(`studio:${studioA}`);
    expect((await contexts.find('u1', null))?.versions.patients).toBe(2n);
    await contexts.find('u2', null);
    expect(db.reads()).toBe(3);
  });

  it('does not keep a context read while a notification arrived: it may predate the change', async () => {
    const db = fakeDatabase();
    const contexts = createAuthContexts(db.read, db.changes, { maxUsers: 10 });
    db.put('u1', studioA);
    const release = db.holdReads();
    const reading = contexts.find('u1', null);
    db.put('u1', studioA, 'ROLE_STAFF_CONTABILE');
    db.notify('user:u1');
    release();
    expect((await reading)?.memberRole).toBe('ROLE_USER');
    expect((await contexts.find('u1', null))?.memberRole).toBe('ROLE_STAFF_CONTABILE');
    expect(db.reads()).toBe(2);
  });

  it('keeps no unknown user, and forgets the oldest user beyond the limit', async () => {
    const db = fakeDatabase();
    const contexts = createAuthContexts(db.read, db.changes, { maxUsers: 2 });
    expect(await contexts.find('ghost', null)).toBeNull();
    db.put('ghost', studioA);
    expect(await contexts.find('ghost', null)).not.toBeNull();
    db.put('u2', studioA);
    db.put('u3', studioA);
    await contexts.find('u2', null);
    await contexts.find('u3', null);
    const before = db.reads();
    await contexts.find('u3', null);
    await contexts.find('u2', null);
    expect(db.reads()).toBe(before);
    await contexts.find('ghost', null);
    expect(db.reads()).toBe(before + 1);
  });

  it('forgets everything on a notification it does not understand', async () => {
    const db = fakeDatabase();
    const contexts = createAuthContexts(db.read, db.changes, { maxUsers: 10 });
    db.put('u1', studioA);
    await contexts.find('u1', null);
    db.notify('something-else');
    await contexts.find('u1', null);
    expect(db.reads()).toBe(2);
  });

  it('reads the database every time where no notifications arrive (PostgreSQL)', async () => {
    const db = fakeDatabase();
    const contexts = createAuthContexts(db.read, null, { maxUsers: 10 });
    db.put('u1', studioA);
    await contexts.find('u1', null);
    await contexts.find('u1', null);
    expect(db.reads()).toBe(2);
  });
});
