import { type SdiAdapter, SdiTransientError } from './sdi.ts';

/**
 * A-Cube's REST API as the SDI intermediary (decision 022), configured by SDI_PROVIDER=acube: a bearer token from
 * the login endpoint (renewed when refused or near its end), the FatturaPA file posted as XML to /invoices (202 with
 * the invoice's uuid). Its answers come back through the signed webhook (einvoicing routes). Network failures and
 * 5xx are transient (the queue retries with back-off); a 4xx is final and shown to the user. Not exercised against
 * A-Cube's sandbox here (the build machine has no network): its tests run against a local fake of the API.
 */
export type AcubeOptions = {
  apiUrl: string;
  loginUrl: string;
  email: string;
  password: string;
  fetch?: typeof fetch;
};

const tokenLifetimeMs = 20 * 60 * 60 * 1000; // A-Cube tokens last 24 hours: renew well before

export const createAcubeAdapter = (o: AcubeOptions): SdiAdapter => {
  const http = o.fetch ?? fetch;
  let token: { value: string; until: number } | null = null;

  const call = async (url: string, init: RequestInit) => {
    try {
      return await http(url, { ...init, signal: AbortSignal.timeout(30_000) });
    } catch (err) {
      throw new SdiTransientError(`Intermediario non raggiungibile: ${err instanceof Error ? err.message : err}`);
    }
  };

  const login = async () => {
    const res = await call(o.loginUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: o.email, password: o.password }),
    });
    if (res.status >= 500) throw new SdiTransientError(`Accesso all'intermediario non riuscito (${res.status})`);
    if (!res.ok) throw new Error(`Credenziali dell'intermediario rifiutate (${res.status})`);
    const body = (await res.json()) as { token?: string };
    if (!body.token) throw new Error("Risposta di accesso dell'intermediario senza token");
    token = { value: body.token, until: Date.now() + tokenLifetimeMs };
    return token.value;
  };

  const bearer = async () => (token && token.until > Date.now() ? token.value : login());

  return {
    provider: 'acube',
    label: 'A-Cube (intermediario SDI)',
    send: async ({ xml }) => {
      const post = async (auth: string) =>
        call(`${o.apiUrl}/invoices`, {
          method: 'POST',
          headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/xml', accept: 'application/json' },
          body: xml,
        });
      let res = await post(await bearer());
      if (res.status === 401) res = await post(await login());
      if (res.status >= 500 || res.status === 429)
        throw new SdiTransientError(`L'intermediario non ha accettato il file ora (${res.status})`);
      if (!res.ok) {
        const text = (await res.text()).slice(0, 300);
        throw new Error(`L'intermediario ha rifiutato il file (${res.status}): ${text}`);
      }
      const body = (await res.json()) as { uuid?: string };
      if (!body.uuid) throw new Error("Risposta dell'intermediario senza identificativo");
      return { identificativoSdi: body.uuid, planned: [] };
    },
  };
};
