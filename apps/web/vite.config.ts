import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { OutputChunk, RolldownOutput } from 'rolldown';
import { build, defineConfig, type Plugin, type UserConfig } from 'vite';
import { planRouteChunks } from './bundling/route-chunks.ts';
import { routePreloads } from './src/app/route-preloads.ts';

/**
 * Writes into index.html, for every path of the router, the scripts its first screen needs beyond the entry (its
 * layout's and page's chunks and all their static imports) and the API GETs of its shell, for src/preload-route.ts
 * to ask for as soon as the HTML arrives: HTML → everything, instead of HTML → entry → route → its imports → data
 * (issue 27, decision 027). A data island (not a script the browser runs), so the CSP needs no inline hash.
 */
const routePreloadsPlugin = (): Plugin => ({
  name: 'studiolo-route-preloads',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, ctx) {
      if (!ctx.bundle) return html;
      const chunks = Object.values(ctx.bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (chunk: OutputChunk | undefined, into: Set<string>) => {
        if (!chunk || into.has(chunk.fileName)) return;
        into.add(chunk.fileName);
        for (const imported of chunk.imports) closure(byFile.get(imported), into);
      };
      const initial = new Set<string>();
      for (const entry of chunks.filter((c) => c.isEntry)) closure(entry, initial);
      const appDir = path.resolve(import.meta.dirname, 'src/app');
      const files: string[] = [];
      const indexOf = (file: string) => {
        const at = files.indexOf(`/${file}`);
        return at >= 0 ? at : files.push(`/${file}`) - 1;
      };
      const routes: Record<string, { js: number[]; css: number[]; data: readonly string[]; public?: true }> = {};
      for (const [route, { modules, data, public: isPublic }] of Object.entries(routePreloads)) {
        const needed = new Set<string>();
        for (const module of modules) {
          const id = path.resolve(appDir, module);
          const chunk = chunks.find((c) => c.moduleIds.includes(id));
          if (!chunk) throw new Error(`route-preloads: no chunk holds ${module} (route ${route})`);
          closure(chunk, needed);
        }
        const own = [...needed].filter((f) => !initial.has(f));
        // the stylesheets of the route's own chunks: the server links them in a page it draws (decision 047)
        const css = own.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
        routes[route] = {
          js: own.map(indexOf),
          css: [...new Set(css)].map(indexOf),
          data: data ?? [],
          ...(isPublic ? { public: true as const } : {}),
        };
      }
      const json = JSON.stringify({ files, routes }).replaceAll('<', '\\u003c');
      return html.replace(
        '</title>',
        `</title>\n    <script type="application/json" id="route-preloads">${json}</script>\n    <script async src="/preload-route.js"></script>`,
      );
    },
  },
});

const appDir = path.resolve(import.meta.dirname, 'src/app');
const routeModules = Object.values(routePreloads).map(({ modules }) => modules.map((m) => path.resolve(appDir, m)));
/**
 * The pages anyone opens from a link (sign-in, the signature and booking pages…) count twice in the plan: a patient
 * or a newcomer meets them cold, once, with a 2.0 s target; a studio's staff come back to the signed-in ones.
 */
const routeWeights = Object.values(routePreloads).map(({ modules }) =>
  modules.some((m) => m.startsWith('layout/app-layout') || m.startsWith('layout/require-token')) ? 1 : 2,
);
const firstPassFlag = 'STUDIOLO_FIRST_PASS';

/**
 * The first of the production build's two passes (bundling/route-chunks.ts): this same build left to the bundler's
 * own splitting and kept in memory; its chunks tell which modules each route's first screen loads, and their sizes.
 */
const planFromFirstPass = async (mode: string) => {
  process.env[firstPassFlag] = '1';
  try {
    const output = (await build({
      configFile: path.join(import.meta.dirname, 'vite.config.ts'),
      mode,
      logLevel: 'warn',
      build: { write: false, sourcemap: false },
    })) as RolldownOutput | RolldownOutput[];
    const chunks = (Array.isArray(output) ? output : [output])
      .flatMap((o) => o.output)
      .filter((c): c is OutputChunk => c.type === 'chunk');
    return planRouteChunks(routeModules, chunks, routeWeights);
  } finally {
    delete process.env[firstPassFlag];
  }
};

/**
 * The server's entry (decision 047): `vite build --ssr` makes dist-server/entry-server.js, which the server imports to
 * draw the public pages. Everything is bundled in (React, Mantine, the router): one file with no resolution at run
 * time (a chunk per lazy route, as in the browser: only the pages drawn are loaded), and CSS modules named as in the browser's build, so the classes of the HTML are the stylesheet's.
 */
const serverEntryConfig: UserConfig = {
  plugins: [react()],
  ssr: { noExternal: true },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist-server',
    emptyOutDir: true,
    sourcemap: false,
    copyPublicDir: false,
  },
};

export default defineConfig(async ({ command, mode, isSsrBuild }): Promise<UserConfig> => {
  if (isSsrBuild) return serverEntryConfig;
  const firstPass = process.env[firstPassFlag] === '1';
  const routeChunks = command === 'build' && !firstPass ? await planFromFirstPass(mode) : null;
  return {
    plugins: firstPass ? [react()] : [react(), routePreloadsPlugin()],
    server: {
      port: 5173,
      proxy: { '/app/api': 'http://localhost:3000' },
    },
    build: {
      outDir: 'dist',
      // Hidden maps (no sourceMappingURL) that scripts/move-sourcemaps.ts takes out of dist after the build: the
      // production server never publishes the sources (issue 25 item 9); developers read them in sourcemaps/.
      sourcemap: 'hidden',
      chunkSizeWarningLimit: 900,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // Every module the entry loads statically (React, the router, the query cache, Mantine's core, zod,
              // lib/) goes into one chunk: the browser fetched them all before any route anyway, and one file
              // compresses better than the twenty small ones automatic splitting made (decision 027, issue 17 item 11).
              { name: 'initial', tags: ['$initial'], priority: 3 },
              // each route's first screen in a few files, planned from the first pass (issue 27, decision 027)
              ...(routeChunks
                ? [
                    {
                      name: (id: string) => routeChunks.get(id) ?? null,
                      debugName: 'first-screen',
                      priority: 2,
                      // the plan places every module itself: dependencies go where the plan puts them
                      includeDependenciesRecursively: false,
                    },
                  ]
                : []),
              // Mantine, its hooks, Floating UI and the icons that at least 15 chunks share: one file instead of dozens
              // of small ones (on plain HTTP/1.1 a phone fetches 6 at a time, each a round trip; decision 027).
              {
                name: 'ui',
                test: /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui|@tabler|react-remove-scroll|react-number-format|react-textarea-autosize|use-callback-ref|use-sidecar|tslib|clsx|get-nonce|react-style-singleton|aria-hidden|detect-node-es)[\\/]/,
                minShareCount: 15,
                priority: 1,
              },
            ],
          },
        },
      },
    },
  };
});
