import { describe, expect, it } from 'vitest';
import { type BuiltChunk, planRouteChunks } from './route-chunks.ts';

const chunk = (fileName: string, modules: Record<string, number>, imports: string[] = [], isEntry = false) =>
  ({
    fileName,
    isEntry,
    imports,
    modules: Object.fromEntries(Object.entries(modules).map(([id, renderedLength]) => [id, { renderedLength }])),
  }) satisfies BuiltChunk;

// an entry, two pages sharing a few tiny chunks (an icon, a hook, a messages file), a large library only the second
// page needs, and a dialog only loaded later
const chunks = [
  chunk('index.js', { '/src/main.tsx': 50_000, '/node_modules/react/index.js': 40_000 }, [], true),
  chunk('icon.js', { '/node_modules/@tabler/IconX.mjs': 150 }),
  chunk('hook.js', { '/src/lib/use-thing.ts': 300 }, ['index.js']),
  chunk('messages.js', { '/src/features/a/messages.ts': 900 }),
  chunk('chart.js', { '/node_modules/chart/index.js': 120_000 }),
  chunk('page-a.js', { '/src/app/routes/a.tsx': 5_000 }, ['index.js', 'icon.js', 'hook.js', 'messages.js']),
  chunk('page-b.js', { '/src/app/routes/b.tsx': 6_000 }, ['index.js', 'icon.js', 'hook.js', 'messages.js', 'chart.js']),
  chunk('dialog.js', { '/src/features/a/dialog.tsx': 8_000 }, ['icon.js']),
];
const routes = [['/src/app/routes/a.tsx'], ['/src/app/routes/b.tsx']];

describe('planRouteChunks', () => {
  const plan = planRouteChunks(routes, chunks);

  it('puts the small modules both pages need with a page, so each page loads fewer files', () => {
    const shared = ['/node_modules/@tabler/IconX.mjs', '/src/lib/use-thing.ts', '/src/features/a/messages.ts'];
    const names = new Set(shared.map((id) => plan.get(id)));
    expect(names.size).toBe(1);
    expect(plan.get(shared[0] as string)).toMatch(/^(first|shared)-/u);
    expect(plan.get('/src/app/routes/a.tsx')).toBe(plan.get(shared[0] as string));
  });

  it('keeps a large library away from the page that does not need it', () => {
    expect(plan.get('/node_modules/chart/index.js')).toBeDefined();
    expect(plan.get('/node_modules/chart/index.js')).not.toBe(plan.get('/src/app/routes/a.tsx'));
  });

  it('leaves the entry and what only a later import needs to the bundler', () => {
    expect(plan.has('/src/main.tsx')).toBe(false);
    expect(plan.has('/node_modules/react/index.js')).toBe(false);
    expect(plan.has('/src/features/a/dialog.tsx')).toBe(false);
  });
});
