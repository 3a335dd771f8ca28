import { QueryClient } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider.tsx';
import { routes } from './app/router.tsx';
import { matchServerRenderedPage } from './app/server-data.ts';
import type { PageDatum } from './lib/page-data.ts';
import { primeQueries } from './lib/page-data.ts';
import { pageTitleText, ServerPageTitle } from './lib/use-page-title.ts';

/**
 * The server's entry (decision 047): built by `vite build --ssr` into dist-server/, imported by the server
 * (apps/server/src/plugins/web-app.ts), which answers the public pages with their content instead of an empty shell.
 */

/** An API GET as the page's browser would send it: the server answers it through its own routes (same rules). */
export type ApiGet = (path: string) => Promise<{ status: number; body: unknown }>;

export type RenderedPage = {
  /** The router path of the page (its key in the build's route table: CSS, scripts). */
  pattern: string;
  /** 200, or the status of the first failed answer (404 for an unknown booking page or link). */
  status: number;
  title: string;
  /** The page's HTML, for inside the root element. */
  html: string;
  /** The answers it was drawn with, for the browser to hydrate from. */
  data: PageDatum[];
};

// One handler for the process: it resolves each route's lazy module once.
const handler = createStaticHandler(routes);

const envelopeMessage = (body: unknown, status: number) => {
  const answer = (body as { answer?: unknown } | null)?.answer;
  if (typeof answer === 'string') return answer;
  if (Array.isArray(answer) && typeof answer[0] === 'string') return answer[0];
  return `Errore ${status}`;
};

const readAll = async (stream: AsyncIterable<Uint8Array | string>) => {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of stream) text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
};

/** The page at `url` drawn with its data, or null when it is a page of the browser only (the signed-in app). */
export const renderPage = async (url: URL, get: ApiGet): Promise<RenderedPage | null> => {
  const page = matchServerRenderedPage(url.pathname);
  if (!page) return null;

  const data: PageDatum[] = [];
  let status = 200;
  await page.data?.({ url, params: page.params }, async (key, path) => {
    const answer = await get(path);
    if (answer.status >= 200 && answer.status < 300) {
      const response = (answer.body as { response?: unknown } | null)?.response;
      data.push({ key, data: response });
      return response;
    }
    if (status === 200) status = answer.status;
    data.push({ key, error: { status: answer.status, message: envelopeMessage(answer.body, answer.status) } });
    return undefined;
  });

  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // nothing refetches on the server: the cache holds what the page asked, nothing else
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  primeQueries(queryClient, data);
  const title = { title: '' };
  const { prelude } = await prerenderToNodeStream(
    <ServerPageTitle.Provider value={title}>
      <AppProvider queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </ServerPageTitle.Provider>,
  );
  const html = await readAll(prelude as unknown as AsyncIterable<Uint8Array | string>);
  queryClient.clear();
  return { pattern: page.pattern, status, title: pageTitleText(title.title), html, data };
};
