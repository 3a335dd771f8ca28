/**
 * Part k. Initial JavaScript per route (issue 17 item 11), from the built files in apps/web/dist (build the web app
 * first: `npm run build -w @studiolo/web`). For every route module named in apps/web/src/app/router.tsx, the
 * JavaScript a browser must fetch before that route's first screen: the entry script of index.html and the
 * chunks it imports statically, the lazy layouts the route sits in (app shell, sign-in frame …), the route's own
 * lazy chunk, and everything those import statically (transitively). Each file is counted once, at its gzip size
 * (level 9, what the server's precompressed .gz holds). Chunks fetched only by a dynamic import inside a page
 * (the comuni and countries, the calendar views, the PDF viewer …) are not before the first screen and are
 * listed apart; that the comuni are not fetched on mount is a unit test (apps/web/src/features/patients/reference.test.ts).
 * Target: under 200 kB gzip for every route.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const dist = path.join(repoRoot, 'apps/web/dist');
const assets = path.join(dist, 'assets');
const routerFile = path.join(repoRoot, 'apps/web/src/app/router.tsx');
export const webBundleResultsFile = path.join(repoRoot, 'bench/results/web-bundle.json');
export const initialJsTargetKb = 200;
/** The layouts of the pages that need a signed-in user. */
const signedInLayouts = ['require-token', 'app-layout'];

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Static `import … from "./x.js"` and `import "./x.js"` of a built chunk (not `import("./x.js")`). */
const staticImportsOf = (code: string): string[] => {
  const found = new Set<string>();
  for (const m of code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'`]\.\/([^"'`]+\.js)["'`]/g))
    if (m[1]) found.add(m[1]);
  return [...found];
};
const dynamicImportsOf = (code: string): string[] => [
  ...new Set([...code.matchAll(/\bimport\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g)].map((m) => m[1] as string)),
];

type RouteModule = { route: string; layouts: string[] };

/** Route modules and the layouts around them, read from the router's nesting (indentation of its lazy imports). */
const routeModulesOf = (source: string): RouteModule[] => {
  const stack: { indent: number; name: string }[] = [];
  const routes: RouteModule[] = [];
  for (const line of source.split('\n')) {
    const m = line.match(/import\('\.\/(layout|routes)\/([\w-]+)\.tsx'\)/);
    if (!m?.[2]) continue;
    const indent = line.length - line.trimStart().length;
    while (stack.length && (stack.at(-1) as { indent: number }).indent >= indent) stack.pop();
    if (m[1] === 'layout') stack.push({ indent, name: m[2] });
    // a module reached by two paths (an alias) is measured once
    else if (!routes.some((r) => r.route === m[2])) routes.push({ route: m[2], layouts: stack.map((s) => s.name) });
  }
  return routes;
};

export type WebBundleResult = {
  meta: { at: string; dist: string; targetKb: number; method: string };
  entryKb: number;
  routes: { route: string; layouts: string[]; files: number; gzipKb: number; underTarget: boolean }[];
  largestRoute: { route: string; gzipKb: number };
  lazyOnly: { file: string; gzipKb: number }[];
  /** Every route, and (decision 027) the pages opened before signing in: public, patients' (sign, prenota), sign-in. */
  targets: { initialJsUnder200kB: boolean; beforeSignInUnder200kB: boolean };
};

export const runWebBundle = ({ log }: { log: (line: string) => void }): WebBundleResult | null => {
  if (!existsSync(path.join(dist, 'index.html'))) {
    log('   apps/web/dist not built: run npm run build -w @studiolo/web first');
    return null;
  }
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const code = new Map(files.map((f) => [f, readFileSync(path.join(assets, f), 'utf8')]));
  const gz = new Map(files.map((f) => [f, gzipSync(code.get(f) as string, { level: 9 }).length]));
  const closure = (start: string[], into = new Set<string>()) => {
    const todo = [...start];
    while (todo.length) {
      const f = todo.pop() as string;
      if (into.has(f) || !code.has(f)) continue;
      into.add(f);
      todo.push(...staticImportsOf(code.get(f) as string));
    }
    return into;
  };
  /**
   * The chunk of a route or layout module: one the router (in the entry's files) imports lazily, named after the
   * source file (`customers-<hash>.js`, not `customers-add-…`; a feature folder of the same name has its own).
   */
  const chunkOf = (name: string) => {
    const matches = routerLazy.filter((f) => new RegExp(`^${name}-[A-Za-z0-9_-]{8}\\.js$`).test(f));
    if (matches.length !== 1) throw new Error(`chunk of ${name}: ${matches.join(', ') || 'none'}`);
    return matches[0] as string;
  };
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/assets\/([^"]+\.js)"/g)].map(
    (m) => m[1] as string,
  );
  const preloaded = [...html.matchAll(/rel="modulepreload"[^>]+href="\/assets\/([^"]+\.js)"/g)].map(
    (m) => m[1] as string,
  );
  const entryFiles = closure([...entry, ...preloaded]);
  const routerLazy = [...new Set([...entryFiles].flatMap((f) => dynamicImportsOf(code.get(f) as string)))];
  const sum = (set: Set<string>) => [...set].reduce((n, f) => n + (gz.get(f) ?? 0), 0);
  const routes = routeModulesOf(readFileSync(routerFile, 'utf8')).map(({ route, layouts }) => {
    const set = closure([...layouts, route].map(chunkOf), new Set(entryFiles));
    const gzipKb = kb(sum(set));
    return { route, layouts, files: set.size, gzipKb, underTarget: gzipKb < initialJsTargetKb };
  });
  const beforeFirstScreen = new Set<string>(entryFiles);
  for (const r of routes) for (const f of closure([...r.layouts, r.route].map(chunkOf))) beforeFirstScreen.add(f);
  const lazyOnly = [...new Set([...code.values()].flatMap(dynamicImportsOf))]
    .filter((f) => !beforeFirstScreen.has(f) && gz.has(f))
    .map((file) => ({ file, gzipKb: kb(gz.get(file) as number) }))
    .sort((a, b) => b.gzipKb - a.gzipKb)
    .slice(0, 10);
  const largest = routes.reduce((a, b) => (b.gzipKb > a.gzipKb ? b : a));
  for (const r of [...routes].sort((a, b) => b.gzipKb - a.gzipKb))
    log(`   ${r.route.padEnd(28)} ${String(r.gzipKb).padStart(7)} kB gzip (${r.files} files)`);
  const result: WebBundleResult = {
    meta: {
      at: new Date().toISOString(),
      dist: path.relative(repoRoot, dist),
      targetKb: initialJsTargetKb,
      method:
        'entry script + modulepreloads of index.html, the route’s lazy layouts and its own chunk, with their static imports, gzip level 9 of each file once',
    },
    entryKb: kb(sum(entryFiles)),
    routes,
    largestRoute: { route: largest.route, gzipKb: largest.gzipKb },
    lazyOnly,
    targets: {
      initialJsUnder200kB: routes.every((r) => r.underTarget),
      beforeSignInUnder200kB: routes
        .filter((r) => !r.layouts.some((l) => signedInLayouts.includes(l)))
        .every((r) => r.underTarget),
    },
  };
  writeFileSync(webBundleResultsFile, `${JSON.stringify(result, null, 2)}\n`);
  return result;
};

// `node bench/scenarios/web-bundle.ts` measures this part alone (no server, no database).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const r = runWebBundle({ log: console.log });
  if (r)
    console.log(
      `entry ${r.entryKb} kB; largest ${r.largestRoute.route} ${r.largestRoute.gzipKb} kB; target met: ${r.targets.initialJsUnder200kB} (before signing in: ${r.targets.beforeSignInUnder200kB})`,
    );
}
