/**
 * Cloudflare Turnstile bot check (spec part 2 §7): the token comes from the widget; 2 tries with a delay of
 * 1 s × the try number; the script is awaited at most 30 s.
 */
export type TurnstileRenderOptions = {
  sitekey: string;
  appearance?: 'always' | 'execute' | 'interaction-only';
  size?: 'normal' | 'flexible' | 'compact';
  language?: string;
  callback: (token: string) => void;
  'error-callback'?: (code?: string) => void;
  'expired-callback'?: () => void;
  'timeout-callback'?: () => void;
};
export type TurnstileApi = {
  render: (container: HTMLElement, options: TurnstileRenderOptions) => string | null | undefined;
  remove: (widgetId: string) => void;
};

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

export const turnstileScriptUrl = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
export const turnstileScriptTimeoutMs = 30_000;
export const turnstileTries = 2;
export const turnstileRetryDelayMs = 1000;
/** How long one widget may take to produce a token (an interactive challenge needs the user). */
export const turnstileWidgetTimeoutMs = 60_000;

export class TurnstileUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('Turnstile non disponibile', { cause });
    this.name = 'TurnstileUnavailableError';
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

let scriptPromise: Promise<TurnstileApi> | null = null;

const loadScript = (): Promise<TurnstileApi> => {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  if (scriptPromise) return scriptPromise;
  scriptPromise = new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = turnstileScriptUrl;
    script.async = true;
    script.defer = true;
    const started = Date.now();
    const poll = setInterval(() => {
      if (window.turnstile) {
        clearInterval(poll);
        resolve(window.turnstile);
      } else if (Date.now() - started >= turnstileScriptTimeoutMs) {
        clearInterval(poll);
        reject(new Error('Script Turnstile non caricato entro 30 s'));
      }
    }, 100);
    script.onerror = () => {
      clearInterval(poll);
      reject(new Error('Script Turnstile non caricato'));
    };
    document.head.appendChild(script);
  }).catch((err: unknown) => {
    // Let the next try inject the script again.
    scriptPromise = null;
    document.querySelector(`script[src="${turnstileScriptUrl}"]`)?.remove();
    throw err;
  });
  return scriptPromise;
};

const renderOnce = (api: TurnstileApi, siteKey: string): Promise<string> =>
  new Promise<string>((resolve, reject) => {
    const container = document.createElement('div');
    container.setAttribute('data-turnstile', '');
    // Visible only if Cloudflare asks the user to interact.
    Object.assign(container.style, { position: 'fixed', right: '16px', bottom: '16px', zIndex: '10000' });
    document.body.appendChild(container);
    let widgetId: string | null | undefined = null;
    const timer = setTimeout(() => finish(new Error('Turnstile: tempo scaduto')), turnstileWidgetTimeoutMs);
    const finish = (outcome: string | Error) => {
      clearTimeout(timer);
      try {
        if (widgetId) api.remove(widgetId);
      } catch {
        // the widget may already be gone
      }
      container.remove();
      if (typeof outcome === 'string') resolve(outcome);
      else reject(outcome);
    };
    try {
      widgetId = api.render(container, {
        sitekey: siteKey,
        appearance: 'interaction-only',
        language: 'it',
        callback: (token) => finish(token),
        'error-callback': (code) => finish(new Error(`Turnstile: errore ${code ?? ''}`)),
        'expired-callback': () => finish(new Error('Turnstile: token scaduto')),
        'timeout-callback': () => finish(new Error('Turnstile: tempo scaduto')),
      });
    } catch (err) {
      finish(err instanceof Error ? err : new Error(String(err)));
    }
  });

/** @returns a fresh Turnstile token, or throws TurnstileUnavailableError after the allowed tries. */
export const getTurnstileToken = async (siteKey: string): Promise<string> => {
  let lastError: unknown;
  for (let attempt = 1; attempt <= turnstileTries; attempt++) {
    try {
      const api = await loadScript();
      return await renderOnce(api, siteKey);
    } catch (err) {
      lastError = err;
      if (attempt < turnstileTries) await sleep(turnstileRetryDelayMs * attempt);
    }
  }
  throw new TurnstileUnavailableError(lastError);
};

/** spec part 2 §7: only these calls carry X-Turnstile-Token. */
export const turnstilePaths = [
  '/user/login',
  '/user/signup',
  '/user/resetPwd',
  '/appointments/paziente/book',
  '/appointments/paziente/cancel',
] as const;
const turnstileMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const needsTurnstile = (method: string, url: string) =>
  turnstileMethods.has(method.toUpperCase()) && turnstilePaths.some((p) => url.includes(p));
