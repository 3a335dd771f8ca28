import { roles } from '@studiolo/domain/shared';
import type { AppDeps } from '../../deps.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { unsafeLinksDueForSync } from './google-calendar.repository.ts';
import { googleSyncLeaseMinutes, syncGoogleCalendar } from './google-calendar.service.ts';

/** How many studios one pass syncs at most, one after the other; the rest are due at the next pass. */
const studiosPerPass = 20;
const passEverySeconds = 60;

/**
 * One pass of the background sync: every linked studio not synced for GOOGLE_SYNC_INTERVAL_MINUTES is synced, as the
 * member who linked the account (a link whose member left the studio is not synced until someone links again). The
 * lease of syncGoogleCalendar keeps two servers from syncing one studio at once; a failure is kept on the link (the
 * Google Calendar tab shows it) and tried again after a whole interval.
 * @returns the studios synced and those that failed.
 */
export const syncDueGoogleCalendars = async (deps: AppDeps, log: (e: unknown, studioId: string) => void) => {
  const outcome = { synced: 0, failed: 0 };
  const intervalMinutes = deps.config.GOOGLE_SYNC_INTERVAL_MINUTES;
  if (!deps.googleCalendar.configured || intervalMinutes === 0) return outcome;
  const now = deps.now().getTime();
  const due = await unsafeLinksDueForSync(
    deps.db,
    new Date(now - intervalMinutes * 60_000),
    new Date(now - googleSyncLeaseMinutes * 60_000),
    studiosPerPass,
  );
  for (const link of due) {
    const role = roles.find((r) => r === link.role);
    if (!role) continue;
    const ctx: StudioContext = {
      userId: link.userId,
      email: link.email,
      platformRole: null,
      actorUserId: null,
      actorEmail: null,
      meta: { requestId: null, ip: null, userAgent: 'sincronizzazione automatica' },
      studioId: link.studioId,
      role,
      memberId: link.memberId,
      versions: null,
    };
    try {
      await syncGoogleCalendar(deps, ctx, (e) => log(e, link.studioId));
      outcome.synced++;
    } catch (e) {
      // already recorded on the link and in the audit trail by syncGoogleCalendar
      log(e, link.studioId);
      outcome.failed++;
    }
  }
  return outcome;
};

/**
 * Runs a pass every minute until stopped (one at a time: a slow pass delays the next, never overlaps it).
 * @returns stop, which resolves once a pass under way has finished (so the database can then be closed).
 */
export const startGoogleSyncSchedule = (deps: AppDeps, log: (e: unknown, studioId: string) => void) => {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const schedule = () => {
    timer = setTimeout(() => {
      running = syncDueGoogleCalendars(deps, log)
        .then(() => undefined)
        .catch((e) => log(e, ''))
        .finally(() => {
          running = null;
          if (!stopped) schedule();
        });
    }, passEverySeconds * 1000);
    timer.unref();
  };
  schedule();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
};
