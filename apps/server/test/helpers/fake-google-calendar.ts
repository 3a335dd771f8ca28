import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A calendar of an account, as calendarList.list answers it. */
export type FakeCalendarEntry = {
  id: string;
  summary: string;
  accessRole?: 'owner' | 'writer' | 'reader';
  backgroundColor?: string;
  primary?: boolean;
};

/** An event as the Calendar API stores it (the fields the app uses). */
export type FakeEvent = {
  id: string;
  status: 'confirmed' | 'cancelled';
  summary?: string;
  description?: string | null;
  start: { dateTime?: string; date?: string; timeZone?: string };
  end: { dateTime?: string; date?: string; timeZone?: string };
  recurrence?: string[];
  colorId?: string | null;
  recurringEventId?: string;
  organizer?: { email: string };
  extendedProperties?: { private?: Record<string, string> };
};

type Stored = FakeEvent & { seq: number };

export type FakeRequest = { method: string; path: string; query: Record<string, string> };

/**
 * A small stand-in for Google: the OAuth endpoints (consent is skipped — tests take a code with `issueCode`, as
 * Google would hand it to the browser — token exchange and refresh, revoke) and the few Calendar API calls the
 * adapter makes: calendarList.list, events.list (window or sync token, pages), insert, patch, delete.
 */
export const startFakeGoogle = async (opts: { clientId: string; clientSecret: string }) => {
  const accounts = new Map<string, FakeCalendarEntry[]>();
  const calendars = new Map<string, Map<string, Stored>>();
  const codes = new Map<string, { email: string; redirectUri: string | null }>();
  const refreshTokens = new Map<string, string>();
  const accessTokens = new Map<string, string>();
  const revoked = new Set<string>();
  const requests: FakeRequest[] = [];
  let seq = 1;
  let expireSyncTokens = false;
  let pageSize = 50;
  let failWith: number | null = null;
  let latencyMs = 0;

  const token = () => randomBytes(16).toString('hex');
  const eventsOf = (calendarId: string) => {
    let events = calendars.get(calendarId);
    if (!events) {
      events = new Map();
      calendars.set(calendarId, events);
    }
    return events;
  };

  const send = (res: ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };
  const apiError = (res: ServerResponse, status: number, message: string) =>
    send(res, status, { error: { code: status, message, errors: [{ message }] } });

  const readBody = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (!text) return {};
    if ((req.headers['content-type'] ?? '').includes('json')) return JSON.parse(text) as Record<string, unknown>;
    return Object.fromEntries(new URLSearchParams(text));
  };

  const clientOk = (req: IncomingMessage, body: Record<string, unknown>) => {
    let id = body.client_id;
    let secret = body.client_secret;
    const basic = req.headers.authorization?.startsWith('Basic ') ? req.headers.authorization.slice(6) : null;
    if (basic) [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':');
    return id === opts.clientId && secret === opts.clientSecret;
  };

  const overlaps = (e: Stored, min: string | undefined, max: string | undefined) => {
    const start = Date.parse(e.start.dateTime ?? `${e.start.date}T00:00:00Z`);
    const end = Date.parse(e.end.dateTime ?? `${e.end.date}T00:00:00Z`);
    return (!max || start < Date.parse(max)) && (!min || end > Date.parse(min));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ method: req.method ?? 'GET', path: url.pathname, query });
    if (latencyMs) await new Promise((r) => setTimeout(r, latencyMs));
    const body = req.method === 'GET' || req.method === 'DELETE' ? {} : await readBody(req);

    if (url.pathname === '/token' && req.method === 'POST') {
      if (!clientOk(req, body)) return send(res, 401, { error: 'invalid_client' });
      if (body.grant_type === 'authorization_code') {
        const code = codes.get(String(body.code));
        codes.delete(String(body.code));
        if (!code || (code.redirectUri && code.redirectUri !== body.redirect_uri))
          return send(res, 400, { error: 'invalid_grant' });
        const refresh = `1//${token()}`;
        const access = `ya29.${token()}`;
        refreshTokens.set(refresh, code.email);
        accessTokens.set(access, code.email);
        return send(res, 200, {
          access_token: access,
          refresh_token: refresh,
          expires_in: 3599,
          token_type: 'Bearer',
          scope: 'https://www.googleapis.com/auth/calendar.events',
        });
      }
      if (body.grant_type === 'refresh_token') {
        const email = refreshTokens.get(String(body.refresh_token));
        if (!email || revoked.has(String(body.refresh_token))) return send(res, 400, { error: 'invalid_grant' });
        const access = `ya29.${token()}`;
        accessTokens.set(access, email);
        return send(res, 200, { access_token: access, expires_in: 3599, token_type: 'Bearer' });
      }
      return send(res, 400, { error: 'unsupported_grant_type' });
    }
    if (url.pathname === '/revoke' && req.method === 'POST') {
      const t = query.token ?? String(body.token ?? '');
      if (!refreshTokens.has(t)) return send(res, 400, { error: 'invalid_token' });
      revoked.add(t);
      return send(res, 200, {});
    }

    if (failWith !== null) return apiError(res, failWith, 'Backend Error');
    const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    const email = accessTokens.get(bearer);
    if (!email) return apiError(res, 401, 'Invalid Credentials');
    const list = accounts.get(email) ?? [];

    if (url.pathname === '/calendar/v3/users/me/calendarList' && req.method === 'GET')
      return send(res, 200, {
        kind: 'calendar#calendarList',
        items: list.map((c) => ({ accessRole: 'owner', ...c })),
      });

    const m = /^\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(url.pathname);
    if (!m) return apiError(res, 404, 'Not Found');
    const calendarId = decodeURIComponent(m[1] as string);
    const eventId = m[2] ? decodeURIComponent(m[2]) : null;
    const entry = list.find((c) => c.id === calendarId);
    if (!entry) return apiError(res, 404, 'Not Found');
    const events = eventsOf(calendarId);
    const writable = (entry.accessRole ?? 'owner') !== 'reader';

    if (req.method === 'GET' && !eventId) {
      let items: Stored[];
      if (query.syncToken) {
        if (expireSyncTokens) return apiError(res, 410, 'Sync token is no longer valid, a full sync is required.');
        const since = Number(query.syncToken.replace('sync-', ''));
        items = [...events.values()].filter((e) => e.seq > since);
      } else
        items = [...events.values()].filter(
          (e) => e.status !== 'cancelled' && overlaps(e, query.timeMin, query.timeMax),
        );
      items.sort((a, b) => a.seq - b.seq);
      const offset = Number(query.pageToken ?? 0);
      const page = items.slice(offset, offset + pageSize);
      const more = offset + pageSize < items.length;
      return send(res, 200, {
        kind: 'calendar#events',
        items: page.map(({ seq: _seq, ...e }) => e),
        ...(more ? { nextPageToken: String(offset + pageSize) } : { nextSyncToken: `sync-${seq}` }),
      });
    }
    if (!writable) return apiError(res, 403, 'Forbidden');
    if (req.method === 'POST' && !eventId) {
      const id = String(body.id ?? token());
      if (events.has(id)) return apiError(res, 409, 'The requested identifier already exists.');
      const stored = { ...(body as unknown as FakeEvent), id, status: 'confirmed' as const, seq: ++seq };
      events.set(id, stored);
      return send(res, 200, stored);
    }
    const existing = eventId ? events.get(eventId) : undefined;
    if (!existing) return apiError(res, 404, 'Not Found');
    if (req.method === 'PATCH') {
      const stored = { ...existing, ...(body as unknown as Partial<FakeEvent>), id: existing.id, seq: ++seq };
      events.set(existing.id, stored);
      return send(res, 200, stored);
    }
    if (req.method === 'DELETE') {
      if (existing.status === 'cancelled') return apiError(res, 410, 'Resource has been deleted');
      events.set(existing.id, { ...existing, status: 'cancelled', seq: ++seq });
      res.writeHead(204);
      return res.end();
    }
    return apiError(res, 405, 'Method not allowed');
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => apiError(res, 500, String(e)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    /** An account and the calendars it lists (the primary one is named after the e-mail). */
    addAccount: (email: string, extra: FakeCalendarEntry[] = []) => {
      accounts.set(email, [
        { id: email, summary: email, primary: true, accessRole: 'owner', backgroundColor: '#9fe1e7' },
        ...extra,
      ]);
    },
    /** The code Google would put in the redirect after the account holder consented. */
    issueCode: (email: string, redirectUri: string | null = null) => {
      const code = `4/0A${token()}`;
      codes.set(code, { email, redirectUri });
      return code;
    },
    /** An event created or changed in Google Calendar by its owner. */
    putEvent: (calendarId: string, event: Omit<FakeEvent, 'status'> & { status?: FakeEvent['status'] }) => {
      eventsOf(calendarId).set(event.id, { status: 'confirmed', ...event, seq: ++seq });
    },
    /** An event deleted in Google Calendar by its owner. */
    cancelEvent: (calendarId: string, eventId: string) => {
      const e = eventsOf(calendarId).get(eventId);
      if (e) eventsOf(calendarId).set(eventId, { ...e, status: 'cancelled', seq: ++seq });
    },
    event: (calendarId: string, eventId: string) => eventsOf(calendarId).get(eventId) ?? null,
    events: (calendarId: string) => [...eventsOf(calendarId).values()],
    isRevoked: (refreshToken: string) => revoked.has(refreshToken),
    revokedCount: () => revoked.size,
    /** Revokes every refresh token of an account (the owner removed the app's access). */
    revokeAccount: (email: string) => {
      for (const [t, e] of refreshTokens) if (e === email) revoked.add(t);
    },
    refreshTokensOf: (email: string) => [...refreshTokens].filter(([, e]) => e === email).map(([t]) => t),
    setExpireSyncTokens: (v: boolean) => {
      expireSyncTokens = v;
    },
    /** Every Calendar API call answers this status (null: back to normal). */
    setFailure: (status: number | null) => {
      failWith = status;
    },
    /** Every answer waits this long first (a slow Google: a sync still running when another is asked). */
    setLatency: (ms: number) => {
      latencyMs = ms;
    },
    setPageSize: (n: number) => {
      pageSize = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type FakeGoogle = Awaited<ReturnType<typeof startFakeGoogle>>;
