import { httpMessages, tooManyRequestsMessage } from '@studiolo/domain/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

import { resetConfigCache } from './config.ts';
import { configureHttp, HttpError, http, notifyUnnotifiedError, request, requestFile } from './http.ts';
import { isLoadingVisible } from './loading.ts';
import {
  getStoredUser,
  reloadSession,
  setStoredUser,
  setSupportMode,
  supportStorageKey,
  userStorageKey,
} from './session.ts';

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
const json = ({ status = 200, body, headers = {} }: Reply) =>
  new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

let fetchMock: ReturnType<typeof vi.fn>;
let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;
/** Routes fetch calls: /config gets `config`, everything else `reply`. */
const serve = (
  reply: Reply | (() => Promise<Response>),
  config: { turnstileSiteKey: string | null } = { turnstileSiteKey: null },
) => {
  fetchMock.mockImplementation(async (url: string) => {
    if (url === '/app/api/config')
      return json({
        body: {
          code: 'SUCCESS',
          response: { ...config, mailTransport: 'local-outbox', supportEmail: 'aiuto@studio.test', database: 'pglite' },
        },
      });
    return typeof reply === 'function' ? reply() : json(reply);
  });
};
const apiCall = (n = 0) =>
  fetchMock.mock.calls.filter(([url]) => url !== '/app/api/config')[n] as [string, RequestInit];
const headersOf = (n = 0) => apiCall(n)[1].headers as Record<string, string>;
const toasts = () =>
  show.mock.calls.map(([t]) => t as { title: string; message: string; color: string; autoClose: number });

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  navigate = vi.fn<(to: string) => void>();
  configureHttp({ navigate });
  show.mockReset();
  localStorage.clear();
  sessionStorage.clear();
  reloadSession();
  resetConfigCache();
  window.history.replaceState(null, '', '/customers?tab=1');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete window.turnstile;
});

describe('envelopes', () => {
  it('returns the response field of a SUCCESS envelope', async () => {
    serve({ body: { code: 'SUCCESS', response: { id: 'a1' } } });
    await expect(http.get('/studio')).resolves.toEqual({ id: 'a1' });
    expect(apiCall()[0]).toBe('/app/api/studio');
  });

  it('shows a SUCCESS answer as a "Successo" toast for 5 seconds', async () => {
    serve({ body: { code: 'SUCCESS', answer: 'Studio creato', response: null } });
    await http.post('/studio', {});
    expect(toasts()).toEqual([
      expect.objectContaining({ title: 'Successo', message: 'Studio creato', autoClose: 5000 }),
    ]);
  });

  it('shows no toast for the answer of a silent call, whose page shows the outcome itself', async () => {
    serve({ body: { code: 'SUCCESS', answer: 'Ti abbiamo inviato un codice', response: { requestId: 'r1' } } });
    await expect(http.post('/appointments/paziente/book/code', {}, { silent: true })).resolves.toEqual({
      requestId: 'r1',
    });
    expect(show).not.toHaveBeenCalled();
  });

  it('shows nothing when a SUCCESS envelope has no answer', async () => {
    serve({ body: { code: 'SUCCESS', response: [] } });
    await http.get('/staff');
    expect(show).not.toHaveBeenCalled();
  });

  it('shows an ALERT answer as an "Attenzione" toast for 10 seconds and still returns the response', async () => {
    serve({ body: { code: 'ALERT', answer: 'Controlla i dati', response: 7 } });
    await expect(http.get('/x')).resolves.toBe(7);
    expect(toasts()).toEqual([
      expect.objectContaining({ title: 'Attenzione', message: 'Controlla i dati', autoClose: 10_000 }),
    ]);
  });

  it('shows an ERROR envelope as an "Errore" toast for 5 seconds and rejects', async () => {
    serve({ body: { code: 'ERROR', answer: 'Qualcosa non va' } });
    await expect(http.get('/x')).rejects.toMatchObject({ message: 'Qualcosa non va', notified: true });
    expect(toasts()).toEqual([
      expect.objectContaining({ title: 'Errore', message: 'Qualcosa non va', autoClose: 5000 }),
    ]);
  });

  it('shows every warning as its own warning toast', async () => {
    serve({ body: { code: 'SUCCESS', response: null, warnings: ['Primo avviso', 'Secondo avviso'] } });
    await http.get('/x');
    expect(toasts().map((t) => [t.title, t.message])).toEqual([
      ['Attenzione', 'Primo avviso'],
      ['Attenzione', 'Secondo avviso'],
    ]);
  });

  it('joins an answer given as a list into one toast, one message per line', async () => {
    serve({ status: 400, body: { code: 'ERROR', answer: ['Email non valida', 'Campo obbligatorio'] } });
    await expect(http.post('/x', {})).rejects.toBeInstanceOf(HttpError);
    expect(toasts()[0]?.message).toBe('Email non valida\nCampo obbligatorio');
  });
});

describe('request', () => {
  it('sends JSON bodies with their content type and encodes query parameters, skipping empty ones', async () => {
    serve({ body: { code: 'SUCCESS', response: null } });
    await request('/events', {
      method: 'PUT',
      body: { a: 1 },
      query: { start: '2024-01-01', ids: ['x', 'y'], empty: '', none: null },
    });
    const [url, init] = apiCall();
    expect(url).toBe('/app/api/events?start=2024-01-01&ids=x&ids=y');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends FormData as is, letting the browser set the multipart boundary', async () => {
    serve({ body: { code: 'SUCCESS', response: null } });
    const form = new FormData();
    form.append('file', new Blob(['x']), 'logo.png');
    await http.post('/studio/logo', form);
    expect(apiCall()[1].body).toBe(form);
    expect(headersOf()['Content-Type']).toBeUndefined();
  });

  it('adds the stored token as a bearer Authorization header', async () => {
    setStoredUser({ token: 'tok-123', username: 'a@b.it' });
    serve({ body: { code: 'SUCCESS', response: null } });
    await http.get('/user/getUser');
    expect(headersOf().Authorization).toBe('Bearer tok-123');
  });

  it('sends no Authorization header without a stored token', async () => {
    serve({ body: { code: 'SUCCESS', response: null } });
    await http.get('/config-free');
    expect(headersOf().Authorization).toBeUndefined();
  });

  it('adds ActAs and ActAsSecret while support mode is on', async () => {
    setStoredUser({ token: 'tok', username: 'admin@studiolo.it' });
    setSupportMode({ email: 'cliente@studio.it', secret: 's3cret' });
    serve({ body: { code: 'SUCCESS', response: null } });
    await http.get('/studio');
    expect(headersOf()).toMatchObject({ ActAs: 'cliente@studio.it', ActAsSecret: 's3cret' });
  });

  it('returns the body of an answer that is not an envelope', async () => {
    serve({ body: { status: 'ok' } });
    await expect(http.get('/health')).resolves.toEqual({ status: 'ok' });
  });

  it('downloads a file with the name from Content-Disposition', async () => {
    serve(
      async () =>
        new Response('a;b', {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="eventi-20240101.csv"' },
        }),
    );
    const file = await requestFile('/data-exporter/events');
    expect(file.fileName).toBe('eventi-20240101.csv');
    expect(await file.blob.text()).toBe('a;b');
  });

  it('decodes a failed file download as JSON to show its message', async () => {
    serve({ status: 404, body: { code: 'ERROR', answer: 'Nessun evento trovato' } });
    await expect(requestFile('/data-exporter/events')).rejects.toMatchObject({ status: 404 });
    expect(toasts()[0]).toMatchObject({ title: 'Errore', message: 'Nessun evento trovato' });
  });
});

describe('HTTP errors', () => {
  it.each([400, 403, 404, 413])(
    'shows the answer of a %i body and rejects with its status and field messages',
    async (status) => {
      serve({
        status,
        body: { code: 'ERROR', answer: 'Messaggio del server', fields: { 'contatti.email': 'Email non valida' } },
      });
      const error = await http.post('/x', {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({
        status,
        message: 'Messaggio del server',
        fields: { 'contatti.email': 'Email non valida' },
      });
      expect(toasts()).toEqual([expect.objectContaining({ title: 'Errore', message: 'Messaggio del server' })]);
    },
  );

  it('falls back to a generic Italian text when a 4xx body has no answer', async () => {
    serve({ status: 404, body: '' });
    await expect(http.get('/x')).rejects.toMatchObject({ message: httpMessages.notFound });
  });

  it('logs out on 401 with a token, and sends the user to sign in with the page to come back to', async () => {
    setStoredUser({ token: 'scaduto', username: 'a@b.it' });
    setSupportMode({ email: 'x@y.it', secret: 's' });
    serve({ status: 401, body: { code: 'ERROR', answer: httpMessages.unauthorized } });
    await expect(http.get('/user/getUser')).rejects.toMatchObject({ status: 401 });
    expect(getStoredUser()).toBeNull();
    expect(localStorage.getItem(userStorageKey)).toBeNull();
    expect(sessionStorage.getItem(supportStorageKey)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/signIn?returnUrl=%2Fcustomers%3Ftab%3D1');
  });

  it('does not log anyone out on a 401 without a token (wrong credentials): it shows the answer', async () => {
    serve({ status: 401, body: { code: 'ERROR', answer: 'Email o password non corretti' } });
    await expect(http.post('/user/login', { username: 'a@b.it', password: 'x' })).rejects.toMatchObject({
      status: 401,
    });
    expect(navigate).not.toHaveBeenCalled();
    expect(toasts()[0]).toMatchObject({ title: 'Errore', message: 'Email o password non corretti' });
  });

  it('shows the 429 text with the minutes of X-Rate-Limit-Retry-After-Minutes and the support e-mail', async () => {
    serve({
      status: 429,
      body: { code: 'ERROR', answer: 'altro' },
      headers: { 'X-Rate-Limit-Retry-After-Minutes': '7' },
    });
    await expect(http.get('/x')).rejects.toMatchObject({ status: 429 });
    expect(toasts()[0]?.message).toBe(tooManyRequestsMessage(7, 'assistenza@studiolo.it'));
    expect(toasts()[0]?.message).toBe(
      'Hai effettuato troppe richieste. Per favore aspetta 7 min prima di riprovare. Oppure contatta assistenza@studiolo.it',
    );
  });

  it('waits 60 minutes in the 429 text when the header is missing', async () => {
    serve({ status: 429, body: { code: 'ERROR', answer: 'x' } });
    await expect(http.get('/x')).rejects.toMatchObject({ status: 429 });
    expect(toasts()[0]?.message).toContain('aspetta 60 min');
  });

  it('shows the generic text on 500, whatever the body says', async () => {
    serve({ status: 500, body: { code: 'ERROR', answer: 'stack trace' } });
    await expect(http.get('/x')).rejects.toMatchObject({ status: 500 });
    expect(toasts()[0]?.message).toBe("Opss..Errore inaspettato! Per favore riprovare o contattare l'assistenza");
  });

  it('passes a 503 on without a toast, leaving it to the caller', async () => {
    serve({ status: 503, body: { code: 'ERROR', answer: 'In manutenzione' } });
    const error = await http.get('/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, message: 'In manutenzione', notified: false });
    expect(show).not.toHaveBeenCalled();
    // what the query and mutation caches call: a 503 stays the caller's to show (spec part 2 §8)
    notifyUnnotifiedError(error);
    expect(show).not.toHaveBeenCalled();
  });

  it('shows once, from the query cache, a silent request’s failure nobody has shown', async () => {
    serve({ status: 404, body: { code: 'ERROR', answer: 'Non trovato' } });
    const error = await request('/x', { silent: true }).catch((e: unknown) => e);
    expect(show).not.toHaveBeenCalled();
    notifyUnnotifiedError(error);
    notifyUnnotifiedError(error);
    expect(toasts()).toEqual([expect.objectContaining({ title: 'Errore', message: 'Non trovato' })]);
  });

  it('shows the answer of a 509 (quota exceeded)', async () => {
    serve({ status: 509, body: { code: 'ERROR', answer: 'Credito SMS esaurito' } });
    await expect(http.post('/x', {})).rejects.toMatchObject({ status: 509, message: 'Credito SMS esaurito' });
    expect(toasts()[0]?.message).toBe('Credito SMS esaurito');
  });

  it('shows the text of a 509 whose body is not an envelope', async () => {
    serve({ status: 509, body: 'Quota superata' });
    await expect(http.post('/x', {})).rejects.toMatchObject({ message: 'Quota superata' });
  });

  it('turns a network failure into an error toast', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(http.get('/x')).rejects.toMatchObject({ status: 0 });
    expect(toasts()[0]?.title).toBe('Errore');
  });
});

describe('loading indicator', () => {
  it('appears only after a request has lasted 500 ms and disappears when it ends', async () => {
    vi.useFakeTimers();
    let answer: (r: Response) => void = () => {};
    serve(
      () =>
        new Promise<Response>((r) => {
          answer = r;
        }),
    );
    const call = http.get('/lento');
    await vi.advanceTimersByTimeAsync(499);
    expect(isLoadingVisible()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(isLoadingVisible()).toBe(true);
    answer(json({ body: { code: 'SUCCESS', response: 1 } }));
    await call;
    expect(isLoadingVisible()).toBe(false);
  });

  it('never appears for a request answered within 500 ms', async () => {
    vi.useFakeTimers();
    serve({ body: { code: 'SUCCESS', response: 1 } });
    await http.get('/veloce');
    await vi.advanceTimersByTimeAsync(1000);
    expect(isLoadingVisible()).toBe(false);
  });
});

describe('bot check (Turnstile)', () => {
  const fakeTurnstile = (outcome: 'token' | 'error') => {
    const render = vi.fn((_el: HTMLElement, opts: { callback: (t: string) => void; 'error-callback'?: () => void }) => {
      queueMicrotask(() => (outcome === 'token' ? opts.callback('turnstile-token') : opts['error-callback']?.()));
      return 'widget-1';
    });
    window.turnstile = { render, remove: vi.fn() };
    return render;
  };

  it('adds X-Turnstile-Token to sign-in when /config gives a site key', async () => {
    fakeTurnstile('token');
    serve(
      { body: { code: 'SUCCESS', response: { token: 't', username: 'a@b.it' } } },
      { turnstileSiteKey: 'site-key' },
    );
    await http.post('/user/login', { username: 'a@b.it', password: 'p' });
    expect(headersOf()['X-Turnstile-Token']).toBe('turnstile-token');
  });

  it.each(['/user/signup', '/user/resetPwd', '/appointments/paziente/book', '/appointments/paziente/cancel'])(
    'adds the token to writes on %s',
    async (path) => {
      fakeTurnstile('token');
      serve({ body: { code: 'SUCCESS', response: null } }, { turnstileSiteKey: 'site-key' });
      await http.post(path, {});
      expect(headersOf()['X-Turnstile-Token']).toBe('turnstile-token');
    },
  );

  it('adds no token to reads, nor to other writes', async () => {
    const render = fakeTurnstile('token');
    serve({ body: { code: 'SUCCESS', response: null } }, { turnstileSiteKey: 'site-key' });
    await http.get('/user/login');
    await http.post('/staff', {});
    expect(render).not.toHaveBeenCalled();
    expect(headersOf(0)['X-Turnstile-Token']).toBeUndefined();
    expect(headersOf(1)['X-Turnstile-Token']).toBeUndefined();
  });

  it('sends the request without a token when the bot check is not configured', async () => {
    const render = fakeTurnstile('token');
    serve({ body: { code: 'SUCCESS', response: null } }, { turnstileSiteKey: null });
    await http.post('/user/signup', {});
    expect(render).not.toHaveBeenCalled();
    expect(headersOf()['X-Turnstile-Token']).toBeUndefined();
  });

  it('tries twice, waiting 1 s, then fails with a synthetic 503 TURNSTILE_UNAVAILABLE without calling the server', async () => {
    vi.useFakeTimers();
    const render = fakeTurnstile('error');
    serve({ body: { code: 'SUCCESS', response: null } }, { turnstileSiteKey: 'site-key' });
    const call = http.post('/user/login', {}).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(999);
    expect(render).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await call;
    expect(render).toHaveBeenCalledTimes(2);
    expect(error).toMatchObject({
      status: 503,
      code: 'TURNSTILE_UNAVAILABLE',
      message: 'Verifica di sicurezza non disponibile. Riprova tra qualche istante.',
    });
    expect(apiCall()).toBeUndefined();
  });
});
