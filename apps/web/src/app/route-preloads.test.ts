import { existsSync } from 'node:fs';
import path from 'node:path';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routePreloads } from './route-preloads.ts';
import { routes } from './router.tsx';

/** Every concrete path of the router (layouts without a path add nothing; '*' is not a page; the index is "/"). */
const pathsOf = (list: RouteObject[], prefix = ''): string[] =>
  list.flatMap((r) => {
    const here = r.path && r.path !== '/' ? `${prefix}/${r.path}`.replace(/\/+/g, '/') : prefix;
    const own = r.index ? [prefix || '/'] : r.path && r.path !== '/' && r.path !== '*' && !r.children ? [here] : [];
    return [...own, ...pathsOf(r.children ?? [], here)];
  });

describe('route preloads (issue 27)', () => {
  it('lists every page of the router, and nothing else, so each first screen is announced in index.html', () => {
    expect(Object.keys(routePreloads).sort()).toEqual(pathsOf(routes).sort());
  });

  it('names modules that exist, the page last', () => {
    for (const [route, { modules }] of Object.entries(routePreloads)) {
      for (const m of modules) expect(existsSync(path.join(import.meta.dirname, m)), `${route}: ${m}`).toBe(true);
      expect(modules.at(-1), route).toMatch(/^routes\//);
    }
  });
});
