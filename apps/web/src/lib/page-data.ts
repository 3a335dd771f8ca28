import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { HttpError } from './http.ts';

/**
 * The answers a server-rendered page was drawn with (decision 047): each under the query key its hook uses, so the
 * page hydrates from the same cache the server filled and asks nothing again. An answer that was an error (the 404 of
 * an unknown booking page) travels as its status and message and becomes the HttpError the hook would have thrown.
 */
export type PageDatum =
  | { key: QueryKey; data: unknown }
  | { key: QueryKey; error: { status: number; message: string } };

/** The id of the JSON data island that carries them (not a script the browser runs: no CSP hash needed). */
export const pageDataIslandId = 'page-data';

/** Puts the answers into the query cache, on the server before rendering and in the browser before hydrating. */
export const primeQueries = (client: QueryClient, data: readonly PageDatum[]) => {
  for (const datum of data) {
    if ('data' in datum) {
      client.setQueryData(datum.key, datum.data);
      continue;
    }
    const error = new HttpError(datum.error.status, datum.error.message, { notified: true });
    // shown as it came: a hook mounting on an errored query would otherwise ask again and draw a loader meanwhile
    client.setQueryDefaults(datum.key, { retryOnMount: false });
    client
      .getQueryCache()
      .build(client, { queryKey: datum.key })
      .setState({ status: 'error', error, errorUpdatedAt: Date.now(), fetchStatus: 'idle' });
  }
};

/** The island's answers in this document, or null when the page was drawn in the browser only. */
export const readPageData = (): PageDatum[] | null => {
  const island = typeof document === 'undefined' ? null : document.getElementById(pageDataIslandId);
  if (!island?.textContent) return null;
  try {
    return JSON.parse(island.textContent) as PageDatum[];
  } catch {
    return null;
  }
};
