import { studioTimeZone } from '../shared/dates.ts';
import { z } from '../shared/zod-it.ts';
import { fromRomeWall, toRomeWall } from './time-zone.ts';

/** GET /google-calendar: whether the server can talk to Google, and the studio's link (decision 014). */
export const googleCalendarStatusSchema = z.object({
  configured: z.boolean(),
  linked: z.boolean(),
  accountEmail: z.string().nullable(),
  linkedAt: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  /** The last sync's failure, in Italian, until a sync succeeds. */
  lastSyncError: z.string().nullable(),
  /** The server syncs each linked studio in the background this often; 0: only when asked (PUT /events/sync-cal). */
  autoSyncMinutes: z.number().int(),
  /** The account's Google calendars, and the studio calendar each one receives appointments from. */
  calendars: z.array(
    z.object({
      googleCalendarId: z.string(),
      summary: z.string(),
      color: z.string().nullable(),
      primary: z.boolean(),
      /** Whether the account may write there (owner or writer): only those can receive the studio's appointments. */
      writable: z.boolean(),
      linkedCalendarId: z.uuid().nullable(),
    }),
  ),
});
export type GoogleCalendarStatus = z.infer<typeof googleCalendarStatusSchema>;

/** POST /google-calendar/connect: Google's consent page, or null when the server has no Google credentials. */
export const googleConnectAnswerSchema = z.object({ configured: z.boolean(), url: z.string().nullable() });
export type GoogleConnectAnswer = z.infer<typeof googleConnectAnswerSchema>;

/** PUT /events/sync-cal. */
export const googleSyncAnswerSchema = z.object({ configured: z.boolean(), synced: z.number().int() });
export type GoogleSyncAnswer = z.infer<typeof googleSyncAnswerSchema>;

/** PUT /calendars/{id}/google: the Google calendar that receives this calendar's appointments, or null for none. */
export const googleCalendarLinkInputSchema = z.object({
  googleCalendarId: z.string().trim().min(1).max(300).nullable(),
});

/** The signed state of the OAuth round trip: payload and HMAC, both base64url (decision 014). */
export const googleOAuthStatePattern = /^[A-Za-z0-9_-]{10,600}\.[A-Za-z0-9_-]{43}$/;

/** What Google adds to the redirect back (unknown extra parameters such as scope or authuser are ignored). */
export const googleOAuthCallbackQuerySchema = z.object({
  state: z.string().max(700).regex(googleOAuthStatePattern),
  code: z.string().min(1).max(2000).optional(),
  error: z.string().max(200).optional(),
});

/**
 * The web page the browser returns to after the OAuth round trip: the Google Calendar tab (the 4th, ?tab=3) of the
 * calendar settings (apps/web app/routes/calendar-settings.tsx), with `&google=` and the outcome.
 */
export const googleCalendarSettingsPath = '/calendar/settings?tab=3';
/** The outcomes of the OAuth round trip, as `?google=` tells the page. */
export const googleOAuthOutcomes = ['collegato', 'negato', 'errore'] as const;
export type GoogleOAuthOutcome = (typeof googleOAuthOutcomes)[number];

const two = (n: number) => String(n).padStart(2, '0');
/** A floating wall time as YYYYMMDDTHHMMSS. */
const wallStamp = (wall: number) => {
  const d = new Date(wall);
  return `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}T${two(d.getUTCHours())}${two(
    d.getUTCMinutes(),
  )}${two(d.getUTCSeconds())}`;
};
const utcStamp = (instant: number) => `${wallStamp(instant)}Z`;

/** The Rome calendar date (YYYY-MM-DD) of an instant: all-day events travel to Google as dates. */
export const romeDateOf = (instant: Date): string => new Date(toRomeWall(instant.getTime())).toISOString().slice(0, 10);

/** The instant a Google all-day date (YYYY-MM-DD) starts at in Rome. */
export const romeMidnightOf = (date: string): Date => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(fromRomeWall(Date.UTC(y, m - 1, d)));
};

/** UNTIL of a stored rule (UTC instant, Rome wall time, or a Rome date) as the instant it stands for. */
const untilInstant = (until: string): number => {
  const y = Number(until.slice(0, 4));
  const m = Number(until.slice(4, 6)) - 1;
  const d = Number(until.slice(6, 8));
  if (until.length === 8) return fromRomeWall(Date.UTC(y, m, d, 23, 59, 59));
  const wall = Date.UTC(y, m, d, Number(until.slice(9, 11)), Number(until.slice(11, 13)), Number(until.slice(13, 15)));
  return until.endsWith('Z') ? wall : fromRomeWall(wall);
};

/**
 * The recurrence lines of a series as Google Calendar takes them (RFC 5545): the RRULE, with UNTIL in UTC as the
 * standard requires when the start has a time zone (a date for all-day series), and the exdates as one EXDATE line in
 * Europe/Rome wall time (dates for all-day series). Google expands the rule in Europe/Rome, as the studio does, so
 * each occurrence keeps its wall-clock time across the clock changes.
 */
export const googleRecurrenceOf = (series: { rrule: string; exdates: readonly Date[]; allDay: boolean }): string[] => {
  const parts = series.rrule
    .replace(/^RRULE:/i, '')
    .split(';')
    .filter(Boolean)
    .map((p) => {
      const [key = '', value = ''] = p.split('=');
      if (key.toUpperCase() !== 'UNTIL') return `${key.toUpperCase()}=${value.toUpperCase()}`;
      const instant = untilInstant(value.toUpperCase());
      return `UNTIL=${series.allDay ? romeDateOf(new Date(instant)).replaceAll('-', '') : utcStamp(instant)}`;
    });
  const lines = [`RRULE:${parts.join(';')}`];
  const exdates = [...series.exdates].map((d) => d.getTime()).sort((a, b) => a - b);
  if (exdates.length > 0) {
    lines.push(
      series.allDay
        ? `EXDATE;VALUE=DATE:${exdates.map((d) => romeDateOf(new Date(d)).replaceAll('-', '')).join(',')}`
        : `EXDATE;TZID=${studioTimeZone}:${exdates.map((d) => wallStamp(toRomeWall(d))).join(',')}`,
    );
  }
  return lines;
};
