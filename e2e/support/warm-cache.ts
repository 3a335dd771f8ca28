import { test as base } from '@playwright/test';

type Cached = { status: number; headers: Record<string, string>; body: Buffer };

/** The built app's hashed files (/assets/…), fetched once from the server per run and kept here. */
const assets = new Map<string, Cached>();

/**
 * Every Playwright test starts with an empty browser cache, so each page load asks the server again for the
 * ~80 JavaScript and CSS files of the built app. The server counts those requests against its global rate
 * limit (600 a minute per address), so a handful of tests in a row get 429 on scripts and the app falls over
 * ("Qualcosa è andato storto"). A person's browser keeps those files for an hour (max-age=3600), so this
 * fixture plays the browser cache across tests: the first request of each file still goes to the server,
 * the next ones are answered from memory. Pages, API calls and uploads always go to the server.
 */
export const test = base.extend<{ warmAssetCache: undefined }>({
  warmAssetCache: [
    async ({ context }, use) => {
      await context.route(/\/assets\/[^/?]+\.(?:js|css|woff2?|svg|png|webp)(?:\?.*)?$/, async (route) => {
        const url = route.request().url();
        let hit = assets.get(url);
        if (!hit) {
          const res = await route.fetch();
          const fetched = { status: res.status(), headers: res.headers(), body: await res.body() };
          if (res.status() !== 200) return route.fulfill(fetched);
          hit = fetched;
          assets.set(url, hit);
        }
        await route.fulfill(hit);
      });
      await use(undefined);
    },
    { auto: true },
  ],
});

export type { Locator, Page, TestInfo } from '@playwright/test';
export { expect } from '@playwright/test';
