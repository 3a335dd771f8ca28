/**
 * A server's CPU profile, read from outside: start the app with `nodeArgs: ['--cpu-prof', '--cpu-prof-dir=…']`, stop
 * it, and summarise the .cpuprofile it wrote, only the samples of a window (ms from the process's start).
 */
import { repoRoot } from './process.ts';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
export type CpuProfile = {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
};

/** Groups a frame into an area of the stack: one npm package, node internals, the app, or V8 pseudo-frames. */
const areaOf = (frame: ProfileNode['callFrame']): string => {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === '(idle)') return '(idle: waiting for I/O)';
    if (functionName === '(garbage collector)') return '(garbage collector)';
    if (functionName === '(program)') return '(program: V8/native, not JS)';
    return `(native) ${functionName}`;
  }
  if (url.startsWith('wasm://')) return '@electric-sql/pglite (WASM: PostgreSQL itself)';
  if (url.startsWith('node:')) {
    const mod = url.slice(5).split('/')[1] ?? url.slice(5);
    return `node internals (${['http', 'http_server', '_http_server', '_http_outgoing', '_http_common', 'net', 'streams'].some((m) => url.includes(m)) ? 'http/net/streams' : mod.replace(/\.js$/, '')})`;
  }
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    const pkg = rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? '?');
    if (pkg === '@electric-sql/pglite') return '@electric-sql/pglite (JS glue)';
    return pkg;
  }
  const rel = url.replace(/^file:\/\//, '').replace(`${repoRoot}/`, '');
  if (rel.startsWith('apps/server/src/'))
    return `app: ${rel.slice('apps/server/src/'.length).split('/').slice(0, 2).join('/')}`;
  if (rel.startsWith('packages/')) return rel.split('/').slice(0, 2).join('/');
  return rel;
};

/** Self time per area and the hottest functions of a .cpuprofile. */
export const summariseProfile = (profile: CpuProfile, window?: { fromMs: number; toMs: number }) => {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  let atUs = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    atUs += delta;
    if (window && (atUs < window.fromMs * 1000 || atUs > window.toMs * 1000)) return;
    selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  });
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue;
    const area = areaOf(node.callFrame);
    areas.set(area, (areas.get(area) ?? 0) + us);
    const fn =
      `${node.callFrame.functionName || '(anonymous)'} ${area.startsWith('(') ? '' : `[${area}${node.callFrame.url.startsWith('wasm://') ? '' : `:${node.callFrame.lineNumber + 1}`}]`}`.trim();
    functions.set(fn, (functions.get(fn) ?? 0) + us);
  }
  const pct = (us: number) => Math.round((us / total) * 1000) / 10;
  const sorted = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]);
  return {
    sampledMs: Math.round(total / 1000),
    topCategories: sorted(areas)
      .slice(0, 25)
      .map(([category, us]) => ({ category, percent: pct(us) })),
    topFunctions: sorted(functions)
      .slice(0, 25)
      .map(([fn, us]) => ({ function: fn, percent: pct(us) })),
  };
};
