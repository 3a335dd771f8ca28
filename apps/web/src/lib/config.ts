import { supportEmailAddress } from '@studiolo/domain/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /config: what the web app needs to know about this installation. */
export type PublicConfig = {
  turnstileSiteKey: string | null;
  mailTransport: 'smtp' | 'local-outbox';
  supportEmail: string;
  database: 'pglite' | 'postgres';
  /** The SDI channel: the simulator sends nothing (and the app says so). */
  sdi: { provider: 'simulator' | 'acube'; label: string; codiceDestinatario: string | null };
};

const fallbackConfig: PublicConfig = {
  turnstileSiteKey: null,
  mailTransport: 'smtp',
  supportEmail: supportEmailAddress,
  database: 'postgres',
  sdi: { provider: 'simulator', label: 'Simulatore SDI (nessun invio reale)', codiceDestinatario: null },
};

let cached: PublicConfig | null = null;
let pending: Promise<PublicConfig> | null = null;

/**
 * Reads /config once per page load. It bypasses the http wrapper on purpose: the wrapper itself needs it
 * (Turnstile site key, support e-mail) and it must never show a toast. A failure is retried next time.
 */
export const getConfig = (): Promise<PublicConfig> => {
  if (cached) return Promise.resolve(cached);
  pending ??= fetch('/app/api/config', { headers: { Accept: 'application/json' } })
    .then(async (res) => {
      if (!res.ok) throw new Error(`config ${res.status}`);
      const body = (await res.json()) as { response?: PublicConfig };
      if (!body.response) throw new Error('config vuota');
      cached = body.response;
      return cached;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
};

/** The config if already fetched (synchronous), for messages that need the support e-mail. */
export const getCachedConfig = (): PublicConfig | null => cached;

/** Forgets the cached config (tests). */
export const resetConfigCache = () => {
  cached = null;
  pending = null;
};

export const configQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: () => getConfig().catch(() => fallbackConfig),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useConfig = () => useQuery(configQueryOptions());
