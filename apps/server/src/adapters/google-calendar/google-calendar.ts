/**
 * Google Calendar as the app sees it: the account's calendars, their events (incrementally by sync token, or a time
 * window for a full sync), event writes, and the OAuth round trip that yields a refresh token. No googleapis type
 * leaves the adapter. `configured: false` is the default when the server has no Google credentials: it offers no
 * operation at all, so no caller can pretend to sync (decision 014).
 */
export type GoogleCalendarAdapter = NotConfiguredGoogleCalendar | GoogleCalendarClient;

export type NotConfiguredGoogleCalendar = { kind: 'not-configured'; configured: false };

export type GoogleCalendarClient = {
  kind: 'google';
  configured: true;
  /** Google's consent page: offline access (a refresh token) to the scopes of `googleScopes`. */
  consentUrl: (opts: { state: string; redirectUri: string }) => string;
  /** Exchanges the code of the redirect back for a refresh token (throws `auth` when none is granted). */
  exchangeCode: (opts: { code: string; redirectUri: string }) => Promise<{ refreshToken: string }>;
  /** Tells Google the refresh token is no longer wanted (best effort: the caller forgets it anyway). */
  revoke: (refreshToken: string) => Promise<void>;
  /** The calendar operations with one account's refresh token (access tokens are refreshed inside). */
  session: (refreshToken: string) => GoogleCalendarSession;
};

/** What the link asks Google for: write the events (push, read them back) and read the list of calendars. */
export const googleScopes = [
  'https://www.googleapis.com/auth/calendar.events',
  'https://www.googleapis.com/auth/calendar.calendarlist.readonly',
] as const;

export type GoogleCalendarEntry = {
  id: string;
  summary: string;
  description: string | null;
  backgroundColor: string | null;
  /** owner, writer, reader or freeBusyReader */
  accessRole: string;
  primary: boolean;
};

/** A time of a Google event: an instant (with the zone recurrences expand in) or, for all-day events, a date. */
export type GoogleEventTime = { dateTime: string; timeZone?: string } | { date: string };

export type GoogleEventItem = {
  id: string;
  status: string;
  summary: string | null;
  description: string | null;
  start: GoogleEventTime | null;
  end: GoogleEventTime | null;
  colorId: string | null;
  recurringEventId: string | null;
  organizerEmail: string | null;
  /** extendedProperties.private: the studio's own marks on the events it pushed. */
  privateProperties: Record<string, string>;
};

export type GoogleEventWrite = {
  summary: string;
  description: string | null;
  start: GoogleEventTime;
  end: GoogleEventTime;
  /** RRULE and EXDATE lines, or null for a single event. */
  recurrence: string[] | null;
  colorId: string | null;
  privateProperties: Record<string, string>;
};

export type GoogleEventsQuery = { syncToken: string } | { timeMin: Date; timeMax: Date };

export type GoogleCalendarSession = {
  listCalendars: () => Promise<GoogleCalendarEntry[]>;
  /**
   * Every page of a calendar's events, recurring ones expanded into their instances. With a sync token: what
   * changed since (cancelled ones included); with a window: what is in it. Both end with the next sync token.
   */
  listEvents: (
    calendarId: string,
    query: GoogleEventsQuery,
  ) => Promise<{ events: GoogleEventItem[]; nextSyncToken: string | null }>;
  /** Creates an event with the caller's id (so a retry after a lost answer answers `conflict` instead of a copy). */
  insertEvent: (calendarId: string, eventId: string, event: GoogleEventWrite) => Promise<void>;
  /** Replaces what the app owns of an event and makes it confirmed again if it was cancelled. */
  patchEvent: (calendarId: string, eventId: string, event: GoogleEventWrite) => Promise<void>;
  /** Deletes an event; one already gone counts as deleted. */
  deleteEvent: (calendarId: string, eventId: string) => Promise<void>;
};

export const googleCalendarErrorKinds = [
  /** the refresh token was revoked or expired, or no refresh token was granted: the link must be made again */
  'auth',
  /** Google no longer accepts the sync token (410): a full sync is needed */
  'sync-token-expired',
  /** an event with that id exists already */
  'conflict',
  /** the event (or calendar) does not exist or was deleted */
  'gone',
  /** the account may not do this (a read-only calendar) */
  'forbidden',
  /** anything else: network, quota, Google's own failures */
  'unavailable',
] as const;
export type GoogleCalendarErrorKind = (typeof googleCalendarErrorKinds)[number];

export class GoogleCalendarError extends Error {
  readonly kind: GoogleCalendarErrorKind;
  readonly status: number | null;
  /** `message` names the call and Google's answer; never the request (it carries tokens). */
  constructor(kind: GoogleCalendarErrorKind, message: string, opts: { status?: number | null } = {}) {
    super(message);
    this.name = 'GoogleCalendarError';
    this.kind = kind;
    this.status = opts.status ?? null;
  }
}

export const isGoogleCalendarError = (e: unknown, kind?: GoogleCalendarErrorKind): e is GoogleCalendarError =>
  e instanceof GoogleCalendarError && (kind === undefined || e.kind === kind);
