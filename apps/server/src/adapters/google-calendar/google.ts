import { auth, calendar, type calendar_v3 } from '@googleapis/calendar';
import {
  type GoogleCalendarClient,
  GoogleCalendarError,
  type GoogleCalendarSession,
  type GoogleEventItem,
  type GoogleEventTime,
  type GoogleEventWrite,
  googleScopes,
} from './google-calendar.ts';

export type GoogleCalendarOptions = {
  clientId: string;
  clientSecret: string;
  /** The Calendar API root (default https://www.googleapis.com/). */
  apiRootUrl?: string | undefined;
  /** One base for the consent page (/o/oauth2/v2/auth), the token (/token) and revoke (/revoke) endpoints. */
  oauthUrl?: string | undefined;
};

const timeoutMs = 20_000;
const pageSize = 2500;

type HttpFailure = { status?: number; code?: unknown; response?: { status?: number; data?: unknown } };

/**
 * Google's answer as one of the adapter's error kinds. SECURITY: the original error is dropped, not kept as the cause:
 * it carries the request (an access token in its headers, the token in a revoke URL), which must never reach a log.
 */
const toGoogleError = (e: unknown, during: string): GoogleCalendarError => {
  if (e instanceof GoogleCalendarError) return e;
  const failure = (e ?? {}) as HttpFailure;
  const status = failure.status ?? failure.response?.status ?? null;
  const data = failure.response?.data as { error?: unknown } | undefined;
  const oauthError = typeof data?.error === 'string' ? data.error : null;
  const apiError =
    data?.error && typeof data.error === 'object' ? String((data.error as { message?: unknown }).message ?? '') : null;
  const detail = oauthError ?? apiError ?? (typeof failure.code === 'string' ? failure.code : '');
  const kind =
    oauthError === 'invalid_grant' || oauthError === 'unauthorized_client' || status === 401
      ? 'auth'
      : status === 404 || status === 410
        ? 'gone'
        : status === 409
          ? 'conflict'
          : status === 403
            ? 'forbidden'
            : 'unavailable';
  return new GoogleCalendarError(kind, `${during}: ${status ?? 'no answer'} ${detail.slice(0, 200)}`.trim(), {
    status,
  });
};

const timeOf = (t: calendar_v3.Schema$EventDateTime | undefined): GoogleEventTime | null => {
  if (t?.dateTime) return { dateTime: t.dateTime, ...(t.timeZone ? { timeZone: t.timeZone } : {}) };
  if (t?.date) return { date: t.date };
  return null;
};

const itemOf = (e: calendar_v3.Schema$Event): GoogleEventItem => ({
  id: e.id ?? '',
  status: e.status ?? 'confirmed',
  summary: e.summary ?? null,
  description: e.description ?? null,
  start: timeOf(e.start),
  end: timeOf(e.end),
  colorId: e.colorId ?? null,
  recurringEventId: e.recurringEventId ?? null,
  organizerEmail: e.organizer?.email ?? null,
  privateProperties: Object.fromEntries(
    Object.entries(e.extendedProperties?.private ?? {}).filter(
      (kv): kv is [string, string] => typeof kv[1] === 'string',
    ),
  ),
});

const bodyOf = (e: GoogleEventWrite): calendar_v3.Schema$Event => ({
  summary: e.summary,
  description: e.description,
  start: e.start,
  end: e.end,
  // an empty list turns a former series into a single event
  recurrence: e.recurrence ?? [],
  colorId: e.colorId,
  extendedProperties: { private: e.privateProperties },
  status: 'confirmed',
});

/** The real adapter: @googleapis/calendar with an OAuth2 client of the server's Google credentials. */
export const createGoogleCalendarClient = (opts: GoogleCalendarOptions): GoogleCalendarClient => {
  const base = opts.oauthUrl?.replace(/\/+$/, '');
  const oauthClient = () =>
    new auth.OAuth2({
      clientId: opts.clientId,
      clientSecret: opts.clientSecret,
      ...(base
        ? {
            endpoints: {
              oauth2AuthBaseUrl: `${base}/o/oauth2/v2/auth`,
              oauth2TokenUrl: `${base}/token`,
              oauth2RevokeUrl: `${base}/revoke`,
            },
          }
        : {}),
    });

  const session = (refreshToken: string): GoogleCalendarSession => {
    const client = oauthClient();
    client.setCredentials({ refresh_token: refreshToken });
    const api = calendar({
      version: 'v3',
      auth: client,
      timeout: timeoutMs,
      ...(opts.apiRootUrl ? { rootUrl: opts.apiRootUrl } : {}),
    });
    const call = async <T>(during: string, run: () => Promise<T>): Promise<T> => {
      try {
        return await run();
      } catch (e) {
        throw toGoogleError(e, during);
      }
    };
    return {
      listCalendars: () =>
        call('calendarList.list', async () => {
          const entries: calendar_v3.Schema$CalendarListEntry[] = [];
          let pageToken: string | undefined;
          do {
            const res = await api.calendarList.list({ maxResults: 250, ...(pageToken ? { pageToken } : {}) });
            entries.push(...(res.data.items ?? []));
            pageToken = res.data.nextPageToken ?? undefined;
          } while (pageToken);
          return entries
            .filter((c) => c.id && !c.deleted)
            .map((c) => ({
              id: c.id as string,
              summary: c.summaryOverride ?? c.summary ?? (c.id as string),
              description: c.description ?? null,
              backgroundColor: c.backgroundColor ?? null,
              accessRole: c.accessRole ?? 'reader',
              primary: c.primary === true,
            }));
        }),

      listEvents: async (calendarId, query) => {
        const events: GoogleEventItem[] = [];
        let pageToken: string | undefined;
        let nextSyncToken: string | null = null;
        do {
          const res = await call('events.list', () =>
            api.events.list({
              calendarId,
              singleEvents: true,
              maxResults: pageSize,
              ...('syncToken' in query
                ? { syncToken: query.syncToken }
                : { timeMin: query.timeMin.toISOString(), timeMax: query.timeMax.toISOString() }),
              ...(pageToken ? { pageToken } : {}),
            }),
          ).catch((e: unknown) => {
            // spec of the Calendar API: 410 Gone on a list with a sync token means "start again with a full sync"
            if (e instanceof GoogleCalendarError && e.status === 410 && 'syncToken' in query)
              throw new GoogleCalendarError('sync-token-expired', e.message, { status: 410 });
            throw e;
          });
          events.push(...(res.data.items ?? []).filter((e) => e.id).map(itemOf));
          pageToken = res.data.nextPageToken ?? undefined;
          nextSyncToken = res.data.nextSyncToken ?? nextSyncToken;
        } while (pageToken);
        return { events, nextSyncToken };
      },

      insertEvent: (calendarId, eventId, event) =>
        call('events.insert', async () => {
          await api.events.insert({ calendarId, sendUpdates: 'none', requestBody: { ...bodyOf(event), id: eventId } });
        }),

      patchEvent: (calendarId, eventId, event) =>
        call('events.patch', async () => {
          await api.events.patch({ calendarId, eventId, sendUpdates: 'none', requestBody: bodyOf(event) });
        }),

      deleteEvent: async (calendarId, eventId) => {
        try {
          await api.events.delete({ calendarId, eventId, sendUpdates: 'none' });
        } catch (e) {
          const error = toGoogleError(e, 'events.delete');
          if (error.kind !== 'gone') throw error; // 404 or 410: already deleted
        }
      },
    };
  };

  return {
    kind: 'google',
    configured: true,
    consentUrl: ({ state, redirectUri }) =>
      oauthClient().generateAuthUrl({
        access_type: 'offline',
        // always ask: Google only hands a refresh token out on consent
        prompt: 'consent',
        scope: [...googleScopes],
        include_granted_scopes: true,
        state,
        redirect_uri: redirectUri,
      }),
    exchangeCode: async ({ code, redirectUri }) => {
      try {
        const { tokens } = await oauthClient().getToken({ code, redirect_uri: redirectUri });
        if (!tokens.refresh_token) throw new GoogleCalendarError('auth', 'no refresh token granted');
        return { refreshToken: tokens.refresh_token };
      } catch (e) {
        throw toGoogleError(e, 'token exchange');
      }
    },
    revoke: async (refreshToken) => {
      try {
        await oauthClient().revokeToken(refreshToken);
      } catch (e) {
        throw toGoogleError(e, 'revoke');
      }
    },
    session,
  };
};
