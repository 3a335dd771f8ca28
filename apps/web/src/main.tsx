import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider } from 'react-router';
import { AppProvider } from './app/provider.tsx';
import { createAppRouter, routes } from './app/router.tsx';
import { getConfig } from './lib/config.ts';
import { primeQueries, readPageData } from './lib/page-data.ts';
import { queryClient } from './lib/query-client.ts';
import { adoptValuesTypedBeforeHydration } from './lib/typed-before-hydration.ts';

// Early, so the 429 message has the installation's support e-mail and sign-in knows about the bot check.
void getConfig().catch(() => undefined);

/** Its effect runs once the whole page has hydrated (a parent's effects run after its children's). */
const Hydrated = ({ root }: { root: HTMLElement }) => {
  useEffect(() => adoptValuesTypedBeforeHydration(root), [root]);
  return null;
};

const start = async () => {
  const root = document.getElementById('root') as HTMLElement;
  const pageData = readPageData();
  if (!pageData) {
    createRoot(root).render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={createAppRouter()} />
        </AppProvider>
      </StrictMode>,
    );
    return;
  }
  // A page drawn on the server (decision 047): the same answers in the cache, and the matched routes' code loaded
  // before the router starts, or it would first draw the loader and the hydration would not match.
  primeQueries(queryClient, pageData);
  await Promise.all(
    (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
  hydrateRoot(
    root,
    <StrictMode>
      <AppProvider>
        <RouterProvider router={createAppRouter()} />
        <Hydrated root={root} />
      </AppProvider>
    </StrictMode>,
  );
};

void start();
