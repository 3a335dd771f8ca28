/**
 * Chunks cut along the routes' first screens (issue 27, decision 027 fifth pass). Left to itself the bundler makes one
 * chunk per set of lazy imports sharing a module: some 250 files, most under 2 kB, of which a signed-in page needed
 * 30–117 before its content. On a phone on plain HTTP/1.1 each file costs a share of a 150 ms round trip (six at a
 * time), more than its bytes.
 *
 * The plan is made from a first build left to the bundler (the modules that survive tree-shaking, with their minified
 * sizes): every module a route's first screen loads (the chunks of its layout and page and their static imports,
 * beyond the entry's) is put with the modules needed by exactly the same routes, and two such groups are merged
 * whenever the round trips saved outweigh the bytes the merge adds to the routes that did not need them. The second
 * build names each planned module's chunk from the plan. Modules that only a later lazy import needs (dialogs, tabs)
 * are left to the bundler, so they stay out of the first screen.
 */

/** Seconds a phone spends on one more file: a 150 ms round trip shared by six connections. */
export const secondsPerFile = 0.15 / 6;
/**
 * Seconds a phone spends on one more byte of minified code: about 30 % of it travels compressed at 1.6 Mbit/s
 * (200 kB/s), and a CPU 4× slower parses and compiles it.
 */
export const secondsPerByte = 0.3 / 200_000 + 1 / 4_000_000;

/** What the plan reads of a chunk of the first build (rolldown's OutputChunk has these). */
export type BuiltChunk = {
  fileName: string;
  isEntry: boolean;
  imports: readonly string[];
  modules: Readonly<Record<string, { renderedLength: number }>>;
};

type Group = { routes: Uint8Array; bytes: number; modules: string[] };

/**
 * @param routeModules for each route, the modules its match loads (layout and page), absolute ids
 * @param chunks the first build's chunks
 * @param weights for each route, how much its time counts (default 1): the pages anyone opens from a link are loaded
 *   cold far more often than the signed-in ones, and their target is tighter
 * @returns the chunk name of every planned module (a module absent is left to the bundler)
 */
export const planRouteChunks = (
  routeModules: readonly (readonly string[])[],
  chunks: readonly BuiltChunk[],
  weights: readonly number[] = routeModules.map(() => 1),
): Map<string, string> => {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const chunkOfModule = new Map<string, BuiltChunk>();
  for (const chunk of chunks) for (const id of Object.keys(chunk.modules)) chunkOfModule.set(id, chunk);
  const closure = (roots: readonly (BuiltChunk | undefined)[], skip: ReadonlySet<string>) => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length > 0) {
      const chunk = stack.pop();
      if (!chunk || seen.has(chunk.fileName) || skip.has(chunk.fileName)) continue;
      seen.add(chunk.fileName);
      for (const imported of chunk.imports) stack.push(byFile.get(imported));
    }
    return seen;
  };
  const initial = closure(
    chunks.filter((c) => c.isEntry),
    new Set(),
  );

  // the routes needing each module, as a membership vector; one group per distinct vector
  const routesOf = new Map<string, Uint8Array>();
  const size = new Map<string, number>();
  routeModules.forEach((modules, route) => {
    for (const file of closure(
      modules.map((id) => chunkOfModule.get(id)),
      initial,
    )) {
      for (const [id, { renderedLength }] of Object.entries(byFile.get(file)?.modules ?? {})) {
        if (renderedLength === 0) continue;
        const member = routesOf.get(id) ?? new Uint8Array(routeModules.length);
        member[route] = 1;
        routesOf.set(id, member);
        size.set(id, renderedLength);
      }
    }
  });
  const byKey = new Map<string, Group>();
  for (const [id, member] of routesOf) {
    const key = member.join('');
    const group = byKey.get(key) ?? { routes: member, bytes: 0, modules: [] };
    byKey.set(key, group);
    group.bytes += size.get(id) ?? 0;
    group.modules.push(id);
  }
  const groups = [...byKey.values()];

  // merging a and b saves one file on each route needing both, and costs b's bytes on each route needing a alone
  // (a's on each needing b alone); merge the pair that saves the most until no merge saves anything
  const gain = (a: Group, b: Group) => {
    let both = 0;
    let aOnly = 0;
    let bOnly = 0;
    for (let r = 0; r < a.routes.length; r++) {
      const weight = weights[r] ?? 1;
      if (a.routes[r] && b.routes[r]) both += weight;
      else if (a.routes[r]) aOnly += weight;
      else if (b.routes[r]) bOnly += weight;
    }
    return both * secondsPerFile - (b.bytes * aOnly + a.bytes * bOnly) * secondsPerByte;
  };
  for (;;) {
    let best: { i: number; j: number; gain: number } | null = null;
    for (let i = 0; i < groups.length; i++)
      for (let j = i + 1; j < groups.length; j++) {
        const g = gain(groups[i] as Group, groups[j] as Group);
        if (g > 0 && (!best || g > best.gain)) best = { i, j, gain: g };
      }
    if (!best) break;
    const a = groups[best.i] as Group;
    const b = groups[best.j] as Group;
    groups.splice(best.j, 1);
    groups.splice(best.i, 1, {
      routes: a.routes.map((v, r) => v | (b.routes[r] as number)),
      bytes: a.bytes + b.bytes,
      modules: [...a.modules, ...b.modules],
    });
  }

  // a group one route needs is named after its page, a shared one after how many routes share it (the hash tells
  // versions apart)
  const plan = new Map<string, string>();
  const used = new Map<string, number>();
  for (const group of groups) {
    const sharers = group.routes.reduce((n, v) => n + v, 0);
    const only = routeModules[group.routes.indexOf(1)]?.at(-1);
    const base =
      sharers === 1 && only ? `first-${only.replace(/^.*[\\/]/u, '').replace(/\.[jt]sx?$/u, '')}` : `shared-${sharers}`;
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    const name = n === 1 ? base : `${base}-${n}`;
    for (const id of group.modules) plan.set(id, name);
  }
  return plan;
};
