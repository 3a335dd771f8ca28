import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type CalendarEvent,
  eventColorOf,
  eventColors,
  externalEventIdMarker,
  type GoogleCalendarStatus,
  type GoogleOAuthOutcome,
  googleCalendarSettingsPath,
  googleRecurrenceOf,
  calendarMessages as m,
  romeDateOf,
  romeMidnightOf,
} from '@studiolo/domain/calendar';
import { patientDisplayName } from '@studiolo/domain/patients';
import { can, type Role, roles, studioTimeZone } from '@studiolo/domain/shared';
import type {
  GoogleCalendarClient,
  GoogleCalendarSession,
  GoogleEventItem,
  GoogleEventTime,
  GoogleEventWrite,
} from '../../adapters/google-calendar/google-calendar.ts';
import { isGoogleCalendarError } from '../../adapters/google-calendar/google-calendar.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, invalidField, notFound } from '../../shared/app-error.ts';
import { publicUrl } from '../../shared/public-url.ts';
import type { RequestMeta } from '../../shared/request-meta.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { calendarRepository, toCalendar } from './calendar.repository.ts';
import {
  type GoogleCalendarRow,
  type GoogleEventColumns,
  type GoogleEventRow,
  googleCalendarRepository as repo,
  unsafeMembershipOf,
} from './google-calendar.repository.ts';

const day = 86_400_000;
/** What a full sync mirrors: three months back, a year ahead (as the phone feeds). */
const pullWindow = { pastDays: 90, futureDays: 366 };
/** A full sync is redone after this, so that the window moves with time. */
const fullSyncEveryDays = 30;
/** Appointments that ended longer ago than this are not sent to Google the first time (history stays here). */
const pushHistoryDays = 30;
/** At most this many writes to Google per sync: a sync is one request; the rest follows at the next one. */
const pushBatch = 500;
/** A sync lease older than this is taken as abandoned (a crashed process). */
export const googleSyncLeaseMinutes = 10;
const stateMinutes = 15;

const isRole = (v: unknown): v is Role => typeof v === 'string' && (roles as readonly string[]).includes(v);
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where Google sends the browser back: registered in the Google Cloud console as an authorised redirect URI. */
export const googleRedirectUri = (deps: AppDeps) => `${publicUrl(deps)}/app/api/public/google-calendar/callback`;
/** The page the browser lands on after the round trip, with `?google=<outcome>`. */
export const googleSettingsPage = (deps: AppDeps, outcome: GoogleOAuthOutcome) =>
  `${publicUrl(deps)}${googleCalendarSettingsPath}&google=${outcome}`;

/**
 * The id of an appointment's copy on Google: fixed by the appointment's id (base32hex, as Google requires), so a
 * retried insert finds its own earlier copy (409) instead of making a second one.
 */
export const googleEventIdOf = (eventId: string) => `studiolo${eventId.replaceAll('-', '').toLowerCase()}`;

const audit = (db: DbOrTx, ctx: StudioContext, action: string, detail?: string, outcome?: 'success' | 'failure') =>
  recordAudit(db, ctx, {
    action,
    entityType: 'google-calendar',
    ...(detail ? { detail } : {}),
    ...(outcome ? { outcome } : {}),
  });

const clip = (text: string | null, max: number) => (text === null ? null : text.slice(0, max));

// ---------------------------------------------------------------------------------------------------------------
// Status, connect, callback, disconnect

/** GET /google-calendar */
export const googleStatus = async (deps: AppDeps, ctx: StudioContext): Promise<GoogleCalendarStatus> => {
  const link = await repo.findLink(deps.db, ctx);
  if (!deps.googleCalendar.configured || !link)
    return {
      configured: deps.googleCalendar.configured,
      linked: false,
      accountEmail: null,
      linkedAt: null,
      lastSyncAt: null,
      lastSyncError: null,
      autoSyncMinutes: 0,
      calendars: [],
    };
  const linkedBy = new Map(
    (await calendarRepository.listCalendars(deps.db, ctx))
      .filter((c) => c.googleCalendarId)
      .map((c) => [c.googleCalendarId as string, c.id]),
  );
  return {
    configured: true,
    linked: true,
    accountEmail: link.accountEmail,
    linkedAt: link.linkedAt.toISOString(),
    lastSyncAt: link.lastSyncAt?.toISOString() ?? null,
    lastSyncError: link.lastSyncError,
    autoSyncMinutes: deps.config.GOOGLE_SYNC_INTERVAL_MINUTES,
    calendars: (await repo.listGoogleCalendars(deps.db, ctx)).map((c) => ({
      googleCalendarId: c.googleCalendarId,
      summary: c.summary,
      color: c.backgroundColor,
      primary: c.primary,
      writable: c.accessRole === 'owner' || c.accessRole === 'writer',
      linkedCalendarId: linkedBy.get(c.googleCalendarId) ?? null,
    })),
  };
};

/** GET /calendars: the account's Google calendars, in the shape of the studio's own. */
export const googleCalendarsOf = async (deps: AppDeps, ctx: StudioContext) => {
  if (!deps.googleCalendar.configured) return [];
  return (await repo.listGoogleCalendars(deps.db, ctx)).map((c) => ({
    id: c.id,
    studioId: c.studioId,
    summary: c.summary,
    description: c.description,
    googleCalendarId: c.googleCalendarId,
    googleColor: c.backgroundColor,
  }));
};

/**
 * The cookie that ties a state to the browser that asked for it: without it, a consent link carrying someone else's
 * state could link the clicking user's Google account to that other studio (OAuth login CSRF).
 */
export const googleStateCookie = { name: 'studiolo_google_oauth', path: '/app/api/public/google-calendar' } as const;

/**
 * POST /google-calendar/connect: Google's consent page, with a state signed by this server that names the studio and
 * the user and expires in 15 minutes, and the nonce the route puts in the browser's cookie (never in the answer).
 * SECURITY: the callback trusts nothing else to know whose link it completes.
 */
export const startGoogleLink = async (
  deps: AppDeps,
  ctx: StudioContext,
): Promise<{ configured: boolean; url: string | null; browserNonce: string | null }> => {
  const google = deps.googleCalendar;
  if (!google.configured) {
    await audit(deps.db, ctx, 'calendar.google.connect', 'non configurato', 'failure');
    return { configured: false, url: null, browserNonce: null };
  }
  const browserNonce = randomBytes(16).toString('base64url');
  const state = deps.secrets.sign('google-oauth-state', {
    s: ctx.studioId,
    u: ctx.userId,
    n: browserNonce,
    e: deps.now().getTime() + stateMinutes * 60_000,
  });
  await audit(deps.db, ctx, 'calendar.google.connect');
  return { configured: true, url: google.consentUrl({ state, redirectUri: googleRedirectUri(deps) }), browserNonce };
};

/** The studio context a signed state stands for, if its user still may change the studio's calendars. */
const contextOfState = async (
  deps: AppDeps,
  state: string,
  browserNonce: string | null,
  meta: RequestMeta,
): Promise<StudioContext> => {
  const payload = deps.secrets.verify('google-oauth-state', state);
  const studioId = payload?.s;
  const userId = payload?.u;
  const expires = payload?.e;
  const nonce = payload?.n;
  if (
    typeof nonce !== 'string' ||
    browserNonce === null ||
    nonce.length !== browserNonce.length ||
    !timingSafeEqual(Buffer.from(nonce), Buffer.from(browserNonce)) ||
    typeof studioId !== 'string' ||
    typeof userId !== 'string' ||
    typeof expires !== 'number' ||
    !uuidPattern.test(studioId) ||
    !uuidPattern.test(userId) ||
    expires < deps.now().getTime()
  )
    throw new AppError('VALIDATION', m.googleStateInvalid);
  const member = await unsafeMembershipOf(deps.db, userId, studioId);
  if (!member || !isRole(member.role) || !can(member.role, 'calendar:write'))
    throw new AppError('VALIDATION', m.googleStateInvalid);
  return {
    userId,
    email: member.email,
    platformRole: null,
    actorUserId: null,
    actorEmail: null,
    meta,
    studioId,
    role: member.role,
    memberId: member.memberId,
    versions: null,
  };
};

/**
 * GET /public/google-calendar/callback: Google sends the browser back here. A state this server did not sign (or
 * expired, or whose user lost the right) answers 400; otherwise the code becomes a refresh token, kept encrypted, and
 * the account's calendars are listed. @returns where the browser goes next.
 */
export const completeGoogleLink = async (
  deps: AppDeps,
  query: { state: string; code?: string | undefined; error?: string | undefined },
  browserNonce: string | null,
  meta: RequestMeta,
): Promise<GoogleOAuthOutcome> => {
  const ctx = await contextOfState(deps, query.state, browserNonce, meta);
  const google = deps.googleCalendar;
  if (!google.configured) return 'errore';
  if (query.error || !query.code) {
    await audit(deps.db, ctx, 'calendar.google.link', `negato: ${query.error ?? 'nessun codice'}`, 'failure');
    return 'negato';
  }
  let refreshToken: string;
  let entries: Awaited<ReturnType<GoogleCalendarSession['listCalendars']>>;
  try {
    ({ refreshToken } = await google.exchangeCode({ code: query.code, redirectUri: googleRedirectUri(deps) }));
    entries = await google.session(refreshToken).listCalendars();
  } catch (e) {
    if (!isGoogleCalendarError(e)) throw e;
    await audit(deps.db, ctx, 'calendar.google.link', e.kind, 'failure');
    return 'errore';
  }
  // Google's primary calendar is named after the account's e-mail
  const accountEmail = entries.find((c) => c.primary)?.id ?? 'Account Google';
  await deps.db.transaction(async (tx) => {
    const previous = await repo.findLink(tx, ctx);
    if (previous && previous.accountEmail !== accountEmail) await forgetAccount(tx, ctx);
    await repo.saveLink(tx, ctx, {
      accountEmail,
      refreshTokenSealed: deps.secrets.seal('google-refresh-token', refreshToken, ctx.studioId),
      linkedAt: deps.now(),
    });
    const vanished = await repo.replaceCalendarList(tx, ctx, entries.map(calendarColumnsOf));
    await repo.unlinkCalendars(tx, ctx, vanished);
    await audit(tx, ctx, 'calendar.google.link');
  });
  return 'collegato';
};

/** Everything the studio knew of an account: mirror, pending deletions, calendar links and copy ids. */
const forgetAccount = async (tx: DbOrTx, ctx: StudioContext) => {
  await repo.deleteMirror(tx, ctx);
  await repo.clearDeletions(tx, ctx);
  await repo.unlinkCalendars(tx, ctx, 'all');
  await repo.forgetPushedCopies(tx, ctx);
};

/**
 * DELETE /google-calendar: the token is revoked at Google (best effort) and forgotten with the mirror. The copies
 * already on Google stay there: they are the account owner's events now.
 */
export const disconnectGoogle = async (deps: AppDeps, ctx: StudioContext, log: (e: unknown) => void) => {
  const link = await repo.findLink(deps.db, ctx);
  const google = deps.googleCalendar;
  if (link && google.configured) {
    const token = deps.secrets.open('google-refresh-token', link.refreshTokenSealed, ctx.studioId);
    if (token) await google.revoke(token).catch(log);
  }
  await deps.db.transaction(async (tx) => {
    await repo.deleteLink(tx, ctx);
    await forgetAccount(tx, ctx);
    await audit(tx, ctx, 'calendar.google.unlink', link ? undefined : 'nessun collegamento');
  });
};

/** PUT /calendars/{id}/google: which Google calendar receives this calendar's appointments (null: none). */
export const setCalendarGoogleLink = (
  deps: AppDeps,
  ctx: StudioContext,
  calendarId: string,
  googleCalendarId: string | null,
) =>
  deps.db.transaction(async (tx) => {
    if (!(await calendarRepository.findCalendar(tx, ctx, calendarId))) throw notFound();
    let googleColor: string | null = null;
    if (googleCalendarId !== null) {
      if (!deps.googleCalendar.configured) throw new AppError('VALIDATION', m.googleNotConfigured);
      const target = await repo.findGoogleCalendar(tx, ctx, googleCalendarId);
      if (!target) throw invalidField('googleCalendarId', m.googleCalendarUnknown);
      if (target.accessRole !== 'owner' && target.accessRole !== 'writer')
        throw invalidField('googleCalendarId', m.googleCalendarReadOnly);
      const taken = await repo.calendarLinkedTo(tx, ctx, googleCalendarId);
      if (taken && taken.id !== calendarId) throw invalidField('googleCalendarId', m.googleCalendarTaken);
      googleColor = target.backgroundColor;
    }
    await repo.setCalendarLink(tx, ctx, calendarId, { googleCalendarId, googleColor });
    await recordAudit(tx, ctx, {
      action: 'calendar.google.target',
      entityType: 'calendar',
      entityId: calendarId,
      changedFields: ['googleCalendarId'],
    });
    const row = await calendarRepository.findCalendar(tx, ctx, calendarId);
    if (!row) throw notFound();
    return toCalendar(row);
  });

// ---------------------------------------------------------------------------------------------------------------
// Mirror → GET /events

const colorOfGoogle = (colorId: string | null, calendarColor: string | null) =>
  eventColors.find((c) => c.googleColorId === colorId)?.hex ?? calendarColor ?? eventColorOf(null).hex;

const toExternalEvent = ({ event: e, calendarColor }: { event: GoogleEventRow; calendarColor: string | null }) =>
  ({
    id: `${externalEventIdMarker}${e.id}`,
    seriesId: null,
    originalStart: null,
    studioId: e.studioId,
    calendarId: null,
    summary: e.summary,
    start: e.startAt.toISOString(),
    end: e.endAt.toISOString(),
    allDay: e.allDay,
    rrule: null,
    color: colorOfGoogle(e.colorId, calendarColor),
    googleColorId: e.colorId,
    googleCalendarId: e.googleCalendarId,
    googleEventOwner: e.organizerEmail,
    pazienteId: null,
    pazienteName: null,
    paziente: null,
    staffMemberId: null,
    clinicRoomId: null,
    serviceLocationId: null,
    medicalDeviceIds: [],
    productId: null,
    price: null,
    isPagato: false,
    note: e.description,
    linkedDocumentoContabileId: null,
    linkedDocumentoContabileIdDocumento: null,
    reservationStatus: null,
  }) satisfies CalendarEvent;

/**
 * The mirrored Google events of the asked Google calendars in [from, to), read-only, with `gcal-` ids. Filters that
 * only studio appointments can match (staff, tags, devices, patients) leave none; colours compare as shown.
 */
export const externalEventsBetween = async (
  deps: AppDeps,
  ctx: StudioContext,
  from: Date,
  to: Date,
  q: {
    gcalendarIds: string[];
    colors: string[];
    staffMembersIds: string[];
    tagIds: string[];
    medicalDeviceIds: string[];
    pazienteIds: string[];
  },
): Promise<CalendarEvent[]> => {
  if (!deps.googleCalendar.configured || q.gcalendarIds.length === 0) return [];
  if (q.staffMembersIds.length || q.tagIds.length || q.medicalDeviceIds.length || q.pazienteIds.length) return [];
  const colors = new Set(q.colors.map((c) => c.toUpperCase()));
  return (await repo.mirroredBetween(deps.db, ctx, from, to, q.gcalendarIds))
    .map(toExternalEvent)
    .filter((e) => colors.size === 0 || colors.has(e.color.toUpperCase()));
};

/** GET /events/gcal-{id}: one mirrored Google event. */
export const getExternalEvent = async (deps: AppDeps, ctx: StudioContext, id: string) => {
  const rowId = id.slice(externalEventIdMarker.length);
  if (!uuidPattern.test(rowId)) throw notFound();
  const row = await repo.findMirrored(deps.db, ctx, rowId);
  if (!row) throw notFound();
  return toExternalEvent(row);
};

// ---------------------------------------------------------------------------------------------------------------
// Sync: push, then pull

const calendarColumnsOf = (c: Awaited<ReturnType<GoogleCalendarSession['listCalendars']>>[number]) => ({
  googleCalendarId: c.id,
  summary: c.summary.slice(0, 300),
  description: clip(c.description, 1000),
  backgroundColor: c.backgroundColor,
  accessRole: c.accessRole,
  primary: c.primary,
});

const instantOf = (t: GoogleEventTime): Date => ('date' in t ? romeMidnightOf(t.date) : new Date(t.dateTime));

/** A Google event as a mirror row, or null when it has no usable times. */
const mirrorColumnsOf = (ctx: StudioContext, e: GoogleEventItem): GoogleEventColumns | null => {
  if (!e.start || !e.end) return null;
  const startAt = instantOf(e.start);
  const endAt = instantOf(e.end);
  if (Number.isNaN(startAt.getTime()) || Number.isNaN(endAt.getTime())) return null;
  const origin = e.privateProperties.studioloEventId;
  return {
    googleEventId: e.id,
    recurringEventId: e.recurringEventId,
    // SECURITY: a mark names a studio event only when it also names this studio (anyone can write marks on Google)
    originEventId:
      e.privateProperties.studioloStudioId === ctx.studioId && origin && uuidPattern.test(origin) ? origin : null,
    summary: (e.summary ?? '').trim().slice(0, 500) || '(senza titolo)',
    description: clip(e.description, 4000),
    startAt,
    endAt: endAt > startAt ? endAt : new Date(startAt.getTime() + 60_000),
    allDay: 'date' in e.start,
    colorId: e.colorId,
    organizerEmail: e.organizerEmail,
  };
};

type PushRow = Awaited<ReturnType<typeof repo.pushCandidates>>[number];

/** What an appointment looks like on Google: title and patient, times in Rome, rule and exdates, palette colour. */
const googleEventOf = (ctx: StudioContext, { event: e, patient }: PushRow): GoogleEventWrite => {
  const name = patient?.tipologiaPersona
    ? patientDisplayName(patient as Parameters<typeof patientDisplayName>[0])
    : null;
  const allDayEnd =
    romeDateOf(e.endAt) > romeDateOf(e.startAt) ? romeDateOf(e.endAt) : romeDateOf(new Date(e.endAt.getTime() + day));
  return {
    summary: name ? `${e.summary} – ${name}` : e.summary,
    // the appointment's note is not sent: it may hold clinical text
    description: 'Appuntamento dello studio, gestito da Studiolo: le modifiche fatte qui vengono sovrascritte.',
    start: e.allDay ? { date: romeDateOf(e.startAt) } : { dateTime: e.startAt.toISOString(), timeZone: studioTimeZone },
    end: e.allDay ? { date: allDayEnd } : { dateTime: e.endAt.toISOString(), timeZone: studioTimeZone },
    recurrence: e.rrule ? googleRecurrenceOf({ rrule: e.rrule, exdates: e.exdates, allDay: e.allDay }) : null,
    colorId: eventColorOf(e.color).googleColorId,
    privateProperties: { studioloStudioId: ctx.studioId, studioloEventId: e.id },
  };
};

/** Sends queued deletions, then every new, changed or moved appointment. @returns how many writes Google took. */
const push = async (deps: AppDeps, ctx: StudioContext, session: GoogleCalendarSession, owner: string) => {
  let writes = 0;
  for (const d of await repo.pendingDeletions(deps.db, ctx, pushBatch)) {
    await session.deleteEvent(d.googleCalendarId, d.googleEventId);
    await repo.deleteDeletion(deps.db, ctx, d.id);
    writes++;
  }
  const since = new Date(deps.now().getTime() - pushHistoryDays * day);
  for (const row of await repo.pushCandidates(deps.db, ctx, since, pushBatch - writes)) {
    const e = row.event;
    const moved = e.googleEventId !== null && e.googleCalendarId !== null && e.googleCalendarId !== row.target;
    if (moved) await session.deleteEvent(e.googleCalendarId as string, e.googleEventId as string);
    if (!row.target) {
      await repo.markPushed(deps.db, ctx, e.id, {
        googleEventId: null,
        googleCalendarId: null,
        googleEventOwner: null,
        pushedAt: e.updatedAt,
      });
      writes++;
      continue;
    }
    const body = googleEventOf(ctx, row);
    const id = googleEventIdOf(e.id);
    const insert = async () => {
      try {
        await session.insertEvent(row.target as string, id, body);
      } catch (err) {
        // our own earlier copy (a lost answer, or a copy cancelled on Google): bring it back up to date
        if (!isGoogleCalendarError(err, 'conflict')) throw err;
        await session.patchEvent(row.target as string, id, body);
      }
    };
    if (e.googleEventId === null || moved) await insert();
    else {
      try {
        await session.patchEvent(row.target, e.googleEventId, body);
      } catch (err) {
        // deleted on Google: the studio is the master of its appointments, so the copy comes back
        if (!isGoogleCalendarError(err, 'gone')) throw err;
        await insert();
      }
    }
    await repo.markPushed(deps.db, ctx, e.id, {
      googleEventId: e.googleEventId !== null && !moved ? e.googleEventId : id,
      googleCalendarId: row.target,
      googleEventOwner: owner,
      pushedAt: e.updatedAt,
    });
    writes++;
  }
  return writes;
};

/** Mirrors one Google calendar: incrementally with its sync token, or a full window when there is none (or stale). */
const pullCalendar = async (
  deps: AppDeps,
  ctx: StudioContext,
  session: GoogleCalendarSession,
  calendar: GoogleCalendarRow,
) => {
  const now = deps.now();
  const fresh =
    calendar.syncToken !== null &&
    calendar.fullSyncedAt !== null &&
    now.getTime() - calendar.fullSyncedAt.getTime() < fullSyncEveryDays * day;
  if (fresh) {
    try {
      const { events, nextSyncToken } = await session.listEvents(calendar.googleCalendarId, {
        syncToken: calendar.syncToken as string,
      });
      const cancelledIds = events.filter((e) => e.status === 'cancelled').map((e) => e.id);
      const upserts = events
        .filter((e) => e.status !== 'cancelled')
        .map((e) => mirrorColumnsOf(ctx, e))
        .filter((r): r is GoogleEventColumns => r !== null);
      await deps.db.transaction(async (tx) => {
        await repo.applyChanges(tx, ctx, calendar, { upserts, cancelledIds });
        await repo.setSyncState(tx, ctx, calendar.id, { syncToken: nextSyncToken });
      });
      // our own copies coming back are not news to the studio
      return upserts.filter((r) => r.originEventId === null).length + cancelledIds.length;
    } catch (e) {
      if (!isGoogleCalendarError(e, 'sync-token-expired')) throw e;
    }
  }
  const { events, nextSyncToken } = await session.listEvents(calendar.googleCalendarId, {
    timeMin: new Date(now.getTime() - pullWindow.pastDays * day),
    timeMax: new Date(now.getTime() + pullWindow.futureDays * day),
  });
  const rows = events
    .filter((e) => e.status !== 'cancelled')
    .map((e) => mirrorColumnsOf(ctx, e))
    .filter((r): r is GoogleEventColumns => r !== null);
  await deps.db.transaction(async (tx) => {
    await repo.replaceEvents(tx, ctx, calendar, rows);
    await repo.setSyncState(tx, ctx, calendar.id, { syncToken: nextSyncToken, fullSyncedAt: now });
  });
  return rows.filter((r) => r.originEventId === null).length;
};

export type SyncOutcome = { configured: boolean; synced: number; alert: string | null };

/**
 * PUT /events/sync-cal: with Google configured and an account linked, sends the studio's changes (deletions first),
 * then mirrors every Google calendar of the account. Without credentials or without a link it says so and does
 * nothing. Each step is committed as it completes, so a failure halfway keeps what was done.
 */
export const syncGoogleCalendar = async (
  deps: AppDeps,
  ctx: StudioContext,
  log: (e: unknown) => void,
): Promise<SyncOutcome> => {
  const google = deps.googleCalendar;
  if (!google.configured) {
    await audit(deps.db, ctx, 'calendar.sync', 'non configurato');
    return { configured: false, synced: 0, alert: m.googleNotConfigured };
  }
  const link = await repo.findLink(deps.db, ctx);
  if (!link) {
    await audit(deps.db, ctx, 'calendar.sync', 'nessun account collegato');
    return { configured: true, synced: 0, alert: m.googleNotLinked };
  }
  const now = deps.now();
  if (!(await repo.takeSyncLease(deps.db, ctx, now, new Date(now.getTime() - googleSyncLeaseMinutes * 60_000))))
    throw new AppError('CONFLICT', m.googleSyncBusy);
  let failure: string | null = null;
  try {
    const refreshToken = deps.secrets.open('google-refresh-token', link.refreshTokenSealed, ctx.studioId);
    if (!refreshToken) throw new AppError('CONFLICT', m.googleAuthRevoked); // the auth secret changed
    const synced = await runSync(deps, ctx, google, refreshToken, link.accountEmail);
    await audit(deps.db, ctx, 'calendar.sync', `${synced} modifiche`);
    return { configured: true, synced, alert: null };
  } catch (e) {
    // what the studio can do about it: link again, check the Google calendar's permissions, or just retry later
    const answer = isGoogleCalendarError(e, 'auth')
      ? new AppError('CONFLICT', m.googleAuthRevoked)
      : isGoogleCalendarError(e, 'forbidden')
        ? new AppError('CONFLICT', m.googleCalendarReadOnly)
        : isGoogleCalendarError(e)
          ? new AppError('SERVICE_UNAVAILABLE', m.googleUnavailable)
          : e instanceof AppError
            ? e
            : null;
    failure = answer ? String(answer.answer) : m.googleUnavailable;
    log(e);
    await audit(deps.db, ctx, 'calendar.sync', isGoogleCalendarError(e) ? e.kind : 'errore', 'failure');
    throw answer ?? e;
  } finally {
    await repo.endSync(deps.db, ctx, { at: now, error: failure });
  }
};

const runSync = async (
  deps: AppDeps,
  ctx: StudioContext,
  google: GoogleCalendarClient,
  refreshToken: string,
  owner: string,
) => {
  const session = google.session(refreshToken);
  const entries = await session.listCalendars();
  const vanished = await deps.db.transaction(async (tx) => {
    const gone = await repo.replaceCalendarList(tx, ctx, entries.map(calendarColumnsOf));
    await repo.unlinkCalendars(tx, ctx, gone);
    return gone;
  });
  let synced = vanished.length + (await push(deps, ctx, session, owner));
  for (const calendar of await repo.listGoogleCalendars(deps.db, ctx))
    synced += await pullCalendar(deps, ctx, session, calendar);
  return synced;
};
