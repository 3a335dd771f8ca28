import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { OutputChunk } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
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
      const routes: Record<string, { js: number[]; data: readonly string[] }> = {};
      for (const [route, { modules, data }] of Object.entries(routePreloads)) {
        const needed = new Set<string>();
        for (const module of modules) {
          const id = path.resolve(appDir, module);
          const chunk = chunks.find((c) => c.moduleIds.includes(id));
          if (!chunk) throw new Error(`route-preloads: no chunk holds ${module} (route ${route})`);
          closure(chunk, needed);
        }
        routes[route] = { js: [...needed].filter((f) => !initial.has(f)).map(indexOf), data: data ?? [] };
      }
      const json = JSON.stringify({ files, routes }).replaceAll('<', '\\u003c');
      return html.replace(
        '</title>',
        `</title>\n    <script type="application/json" id="route-preloads">${json}</script>\n    <script async src="/preload-route.js"></script>`,
      );
    },
  },
});

export default defineConfig({
  plugins: [react(), routePreloadsPlugin()],
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
    // Every module the entry loads statically (React, the router, the query cache, Mantine's core, zod, lib/) goes
    // into one chunk: the browser fetched them all before any route anyway, and one file compresses better than the
    // twenty small ones automatic splitting made (entry 170.5 → 161.1 kB gzip; decision 027, issue 17 item 11).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'], priority: 2 },
            // Mantine, its hooks, Floating UI and the icons that at least 15 chunks share: one file instead of dozens of
            // small ones (on plain HTTP/1.1 a phone fetches 6 at a time, each a round trip). Fewer requests and no more
            // bytes on every page (issue 27, decision 027: /customers 89 → 74 files, /signIn 35 → 23, /welcome 8 → 6).
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
});
