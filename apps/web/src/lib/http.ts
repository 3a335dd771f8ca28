import { notifications } from '@mantine/notifications';
import {
  defaultRetryAfterMinutes,
  type Envelope,
  httpMessages,
  rateLimitHeader,
  supportEmailAddress,
  tooManyRequestsMessage,
} from '@studiolo/domain/shared';
import { getCachedConfig, getConfig } from './config.ts';
import { takeEarlyResponse } from './early-requests.ts';
import { trackLoading } from './loading.ts';
import { clearSession, getSupportMode, getToken, signInUrlFor } from './session.ts';
import { getTurnstileToken, needsTurnstile } from './turnstile.ts';

/**
 * The one place that maps the server's envelopes and HTTP failures to what the user sees
 * (spec part 1 §7, §8; part 2 §7, §8). Every call of the app goes through `request`.
 */

export const apiBase = '/app/api';

/** Toast titles and durations (spec part 1 §8, §9). */
export const toastStyles = {
  SUCCESS: { title: 'Successo', color: 'green', autoClose: 5000 },
  ERROR: { title: 'Errore', color: 'red', autoClose: 5000 },
  ALERT: { title: 'Attenzione', color: 'yellow', autoClose: 10_000 },
  WARNING: { title: 'Attenzione', color: 'yellow', autoClose: 10_000 },
} as const;
export type ToastKind = keyof typeof toastStyles;
/** The accessible name of a toast's close button (decided, as the dialogs' "Chiudi"). */
export const toastCloseLabel = 'Chiudi';

export const networkErrorMessage = 'Impossibile contattare il server. Controlla la connessione e riprova.';
export const turnstileUnavailableCode = 'TURNSTILE_UNAVAILABLE';

/** A failed call: status (0 without an answer), the server's message and field messages. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly answer: string | string[] | undefined;
  readonly fields: Record<string, string>;
  /** What an error envelope carries besides its message (`response`, else `data`): a 409's next free slots (decision 035). */
  readonly data: unknown;
  /** Whether the user has already been shown this error as a toast. */
  notified: boolean;

  constructor(
    status: number,
    message: string,
    opts: {
      code?: string;
      answer?: string | string[];
      fields?: Record<string, string>;
      data?: unknown;
      notified?: boolean;
    } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = opts.code ?? 'ERROR';
    this.answer = opts.answer;
    this.fields = opts.fields ?? {};
    this.data = opts.data;
    this.notified = opts.notified ?? false;
  }
}

export const isHttpError = (e: unknown): e is HttpError => e instanceof HttpError;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export type RequestOptions = {
  method?: HttpMethod;
  query?: Record<string, QueryValue>;
  /** A JSON value, or FormData for multipart uploads. */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers (rarely needed). */
  headers?: Record<string, string>;
  /**
   * A background call (a live preview) or one whose page shows the outcome itself (the public booking steps): no toast,
   * neither for its answer's message nor for its failure, which is thrown (a lost session still signs out).
   */
  silent?: boolean;
};

type Navigate = (to: string) => void;
let navigate: Navigate = (to) => window.location.assign(to);

/** Lets the router do the 401 redirect without a page reload. */
export const configureHttp = (opts: { navigate: Navigate }) => {
  navigate = opts.navigate;
};

const messageOf = (answer: string | string[] | undefined): string | undefined => {
  if (answer === undefined) return undefined;
  const list = (Array.isArray(answer) ? answer : [answer]).filter((a) => a.trim() !== '');
  return list.length > 0 ? list.join('\n') : undefined;
};

/** Shows one toast with the product's title, colour and duration for its kind. */
export const showToast = (kind: ToastKind, message: string, id?: string) => {
  const style = toastStyles[kind];
  notifications.show({
    ...(id ? { id } : {}),
    title: style.title,
    message,
    color: style.color,
    autoClose: style.autoClose,
    withBorder: true,
    // Mantine's close button has no name of its own: screen readers would announce just "button".
    closeButtonProps: { 'aria-label': toastCloseLabel },
    styles: { description: { whiteSpace: 'pre-line' } },
  });
};

const showWarnings = (warnings: unknown) => {
  if (!Array.isArray(warnings)) return;
  for (const w of warnings) if (typeof w === 'string' && w.trim() !== '') showToast('WARNING', w);
};

/**
 * Shows an error nobody has shown yet (a `silent` request's failure). Used by the query cache. A 503 is never
 * shown here: spec part 2 §8 passes it on to the caller, which says it where it belongs (issue 17 item 8).
 */
export const notifyUnnotifiedError = (error: unknown) => {
  if (!isHttpError(error) || error.notified || error.status === 503) return;
  error.notified = true;
  showToast('ERROR', error.message);
};

const buildUrl = (path: string, query?: Record<string, QueryValue>) => {
  const url = `${apiBase}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
};

const readBody = async (res: Response): Promise<unknown> => {
  // File answers are decoded as text too, so their messages can be read (spec part 1 §8).
  let text: string;
  try {
    text = await res.text();
  } catch {
    return null;
  }
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const isEnvelope = (body: unknown): body is Envelope<unknown> & { fields?: Record<string, string> } =>
  typeof body === 'object' && body !== null && 'code' in body && typeof (body as { code: unknown }).code === 'string';

const fallbackMessage = (status: number): string => {
  switch (status) {
    case 400:
      return httpMessages.badRequest;
    case 401:
      return httpMessages.unauthorized;
    case 403:
      return httpMessages.forbidden;
    case 404:
      return httpMessages.notFound;
    case 413:
      return httpMessages.payloadTooLarge;
    case 415:
      return httpMessages.unsupportedMediaType;
    case 503:
      return httpMessages.serviceUnavailable;
    case 509:
      return httpMessages.quotaExceeded;
    default:
      return status >= 500 ? httpMessages.internal : httpMessages.badRequest;
  }
};

const currentLocation = () => `${window.location.pathname}${window.location.search}`;

const buildHeaders = async (method: HttpMethod, url: string, body: unknown, extra?: Record<string, string>) => {
  const headers: Record<string, string> = { Accept: 'application/json', ...extra };
  if (body !== undefined && !(body instanceof FormData)) headers['Content-Type'] = 'application/json';
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const support = getSupportMode();
  if (support) {
    headers.ActAs = support.email;
    headers.ActAsSecret = support.secret;
  }
  if (needsTurnstile(method, url)) {
    // Not configured (or /config unreadable): the request goes out without a token (spec part 2 §7).
    const siteKey = await getConfig()
      .then((c) => c.turnstileSiteKey)
      .catch(() => null);
    if (siteKey) {
      try {
        headers['X-Turnstile-Token'] = await getTurnstileToken(siteKey);
      } catch {
        // spec part 2 §8: a synthetic 503 the caller sees like any other 503
        throw new HttpError(503, httpMessages.turnstileUnavailable, {
          code: turnstileUnavailableCode,
          answer: httpMessages.turnstileUnavailable,
        });
      }
    }
  }
  return { headers, hadToken: Boolean(token) };
};

/** Turns a non-2xx answer into the toast the spec asks for, and the error to throw. */
const failure = (res: Response, body: unknown, hadToken: boolean, silent = false): HttpError => {
  const status = res.status;
  const envelope = isEnvelope(body) ? body : null;
  const answer = envelope?.answer;
  const fields = envelope && typeof envelope.fields === 'object' && envelope.fields ? envelope.fields : {};
  const serverMessage = messageOf(answer);
  // a 409 of the booking flow answers its next free slots as the envelope's response (decision 035)
  const data = envelope?.response ?? (envelope as { data?: unknown } | null)?.data;
  const base = { answer, fields, data } as const;
  showWarnings(envelope?.warnings);

  if (status === 401) {
    const message = serverMessage ?? httpMessages.unauthorized;
    if (hadToken) {
      // The session is over: forget it and sign in again, coming back here afterwards.
      const here = currentLocation();
      clearSession();
      showToast('ERROR', message, 'session-expired');
      if (!window.location.pathname.startsWith('/signIn')) navigate(signInUrlFor(here));
    } else {
      // Wrong credentials or an expired sign-in challenge: nothing to log out of.
      showToast('ERROR', message);
    }
    return new HttpError(401, message, { ...base, notified: true });
  }
  if (status === 429) {
    const header = Number.parseInt(res.headers.get(rateLimitHeader) ?? '', 10);
    const minutes = Number.isFinite(header) && header > 0 ? header : defaultRetryAfterMinutes;
    const email = getCachedConfig()?.supportEmail ?? supportEmailAddress;
    const message = tooManyRequestsMessage(minutes, email);
    showToast('ERROR', message);
    return new HttpError(429, message, { ...base, notified: true });
  }
  if (status === 503) {
    // spec part 2 §8: passed on to the caller, which decides what to show.
    return new HttpError(503, serverMessage ?? httpMessages.serviceUnavailable, base);
  }
  if (status === 509) {
    const message = serverMessage ?? (typeof body === 'string' && body.trim() ? body : httpMessages.quotaExceeded);
    showToast('ERROR', message);
    return new HttpError(509, message, { ...base, notified: true });
  }
  if (status >= 500) {
    const message = httpMessages.internal;
    showToast('ERROR', message);
    return new HttpError(status, message, { ...base, notified: true });
  }
  // 400, 403, 404, 409, 413, 415 and the rest of 4xx: the body's answer.
  const message = serverMessage ?? fallbackMessage(status);
  if (silent) return new HttpError(status, message, base);
  showToast('ERROR', message);
  return new HttpError(status, message, { ...base, notified: true });
};

const send = async (path: string, opts: RequestOptions): Promise<{ res: Response; hadToken: boolean }> => {
  const method = opts.method ?? 'GET';
  const url = buildUrl(path, opts.query);
  const { headers, hadToken } = await buildHeaders(method, url, opts.body, opts.headers);
  const init: RequestInit = { method, headers };
  if (opts.signal) init.signal = opts.signal;
  if (opts.body !== undefined) init.body = opts.body instanceof FormData ? opts.body : JSON.stringify(opts.body);
  try {
    return { res: await (takeEarlyResponse(method, url, headers) ?? fetch(url, init)), hadToken };
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    showToast('ERROR', networkErrorMessage, 'network-error');
    throw new HttpError(0, networkErrorMessage, { notified: true });
  }
};

/**
 * Calls the API and returns the envelope's `response`. Shows the answer as a toast (SUCCESS, ALERT, ERROR)
 * and warnings as warning toasts; throws HttpError on failure, after showing it unless it is a 503.
 */
export const request = async <T>(path: string, opts: RequestOptions = {}): Promise<T> => {
  const stop = trackLoading();
  try {
    const { res, hadToken } = await send(path, opts);
    const body = await readBody(res);
    if (!res.ok) throw failure(res, body, hadToken, opts.silent);
    if (!isEnvelope(body)) return body as T;
    const message = messageOf(body.answer);
    showWarnings(body.warnings);
    if (body.code === 'ERROR') {
      const text = message ?? httpMessages.internal;
      showToast('ERROR', text);
      throw new HttpError(res.status, text, { answer: body.answer, notified: true });
    }
    if (message && !opts.silent) showToast(body.code === 'ALERT' ? 'ALERT' : 'SUCCESS', message);
    return body.response as T;
  } finally {
    stop();
  }
};

/** A downloaded file and the name the server suggests for it. */
export type DownloadedFile = { blob: Blob; fileName: string | null };

/** The file name a download answer suggests (content-disposition), or null. */
export const fileNameOf = (res: Response): string | null => {
  const cd = res.headers.get('content-disposition');
  if (!cd) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(cd);
  return plain?.[1] ?? null;
};

/** Downloads a file; a failure answer is decoded as JSON to show its message like any other call. */
export const requestFile = async (path: string, opts: RequestOptions = {}): Promise<DownloadedFile> => {
  const stop = trackLoading();
  try {
    const { res, hadToken } = await send(path, opts);
    if (!res.ok) throw failure(res, await readBody(res), hadToken);
    return { blob: await res.blob(), fileName: fileNameOf(res) };
  } finally {
    stop();
  }
};

/**
 * Opens a call whose body the caller reads itself (a large file streamed to show progress, lib/download.ts).
 * A failure answer is shown and thrown exactly as by `request`.
 */
export const requestResponse = async (path: string, opts: RequestOptions = {}): Promise<Response> => {
  const { res, hadToken } = await send(path, opts);
  if (!res.ok) throw failure(res, await readBody(res), hadToken);
  return res;
};

type Opts = Omit<RequestOptions, 'method' | 'body'>;

/** Shorthands: `http.get<Studio>('/studio')`, `http.post<T>('/staff', body)`. */
export const http = {
  get: <T>(path: string, opts?: Opts) => request<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts?: Opts) => request<T>(path, { ...opts, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, opts?: Opts) => request<T>(path, { ...opts, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, opts?: Opts) => request<T>(path, { ...opts, method: 'PATCH', body }),
  delete: <T>(path: string, opts?: Opts & { body?: unknown }) => request<T>(path, { ...opts, method: 'DELETE' }),
};
