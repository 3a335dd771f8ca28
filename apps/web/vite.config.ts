import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
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
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
    },
  },
});
