import { describe, expect, it } from 'vitest';
import { createPatientSearchCache } from './patient-search-cache.ts';
import { buildPatientSearchIndex, type IndexedPatient, type PatientSearchFilter } from './patient-search-index.ts';

const patient = (id: string, searchText: string, more: Partial<IndexedPatient> = {}): IndexedPatient => ({
  id,
  searchText,
  state: 'ACTIVE',
  tags: null,
  ...more,
});

const all = { offset: 0, limit: 100 };
const filter = (words: string[], more: Partial<PatientSearchFilter> = {}): PatientSearchFilter => ({
  words,
  state: null,
  tags: [],
  ...more,
});

describe('the patient search index', () => {
  const index = buildPatientSearchIndex(7n, [
    patient('a', 'esposito rosa sptrsa80a41f839x rosa@example.it'),
    patient('b', 'rossi mario 3331234567', { tags: ['Sportivo'] }),
    patient('c', 'rossini lucia', { state: 'UNACTIVE', tags: ['Sportivo', 'Cervicale'] }),
    patient('d', 'verdi anna'),
  ]);

  it('finds a word anywhere in the text, in list order, with the exact count', () => {
    expect(index.search(filter(['ros']), all)).toEqual({ ids: ['a', 'b', 'c'], total: 3 });
    expect(index.search(filter(['ossi']), all)).toEqual({ ids: ['b', 'c'], total: 2 });
    expect(index.search(filter(['@example.']), all)).toEqual({ ids: ['a'], total: 1 });
    expect(index.search(filter(['234']), all)).toEqual({ ids: ['b'], total: 1 });
  });

  it('needs every word, and never matches across two words of the text', () => {
    expect(index.search(filter(['ros', 'luc']), all)).toEqual({ ids: ['c'], total: 1 });
    expect(index.search(filter(['rossimario']), all)).toEqual({ ids: [], total: 0 });
    expect(index.search(filter(['aan']), all)).toEqual({ ids: [], total: 0 });
  });

  it('checks words shorter than three letters one patient at a time', () => {
    expect(index.search(filter(['an']), all)).toEqual({ ids: ['d'], total: 1 });
    expect(index.search(filter(['i', 'ro']), all)).toEqual({ ids: ['a', 'b', 'c'], total: 3 });
    expect(index.search(filter(['ri', 'zzz']), all)).toEqual({ ids: [], total: 0 });
  });

  it('filters by state and by all the tags asked', () => {
    expect(index.search(filter(['ros'], { state: 'ACTIVE' }), all)).toEqual({ ids: ['a', 'b'], total: 2 });
    expect(index.search(filter(['ros'], { tags: ['Sportivo'] }), all)).toEqual({ ids: ['b', 'c'], total: 2 });
    expect(index.search(filter(['ros'], { tags: ['Sportivo', 'Cervicale'] }), all)).toEqual({ ids: ['c'], total: 1 });
  });

  it('pages without changing the count', () => {
    expect(index.search(filter(['ros']), { offset: 1, limit: 1 })).toEqual({ ids: ['b'], total: 3 });
    expect(index.search(filter(['ros']), { offset: 9, limit: 5 })).toEqual({ ids: [], total: 3 });
  });

  it('agrees with a plain scan on random patients and words', () => {
    const random = mulberry32(20261122);
    const letters = 'aeiorsnltmcb@.ßøñ';
    const word = (n: number) =>
      Array.from({ length: n }, () => letters[Math.floor(random() * letters.length)]).join('');
    const patients = Array.from({ length: 400 }, (_, i) =>
      patient(
        `p${i}`,
        Array.from({ length: 1 + Math.floor(random() * 4) }, () => word(2 + Math.floor(random() * 7))).join(' '),
        {
          state: random() < 0.3 ? 'UNACTIVE' : 'ACTIVE',
          tags: random() < 0.5 ? ['x'] : null,
        },
      ),
    );
    const randomIndex = buildPatientSearchIndex(1n, patients);
    for (let run = 0; run < 2000; run++) {
      const f = filter(
        Array.from({ length: 1 + Math.floor(random() * 2) }, () => word(1 + Math.floor(random() * 4))),
        { state: random() < 0.3 ? 'ACTIVE' : null, tags: random() < 0.2 ? ['x'] : [] },
      );
      const page = { offset: Math.floor(random() * 3) * 5, limit: 5 };
      const scan = patients.filter(
        (p) =>
          f.words.every((w) => p.searchText.includes(w)) &&
          (f.state === null || p.state === f.state) &&
          f.tags.every((t) => p.tags?.includes(t)),
      );
      expect(randomIndex.search(f, page), JSON.stringify({ f, page })).toEqual({
        ids: scan.slice(page.offset, page.offset + page.limit).map((p) => p.id),
        total: scan.length,
      });
    }
  });
});

describe('the cache of search indexes', () => {
  const snapshot = (version: bigint, size: number) => () =>
    Promise.resolve({ version, patients: Array.from({ length: size }, (_, i) => patient(`p${i}`, `nome${i}`)) });

  it('loads a studio once for concurrent searches and keeps it until a newer version is asked for', async () => {
    const cache = createPatientSearchCache({ maxPatients: 100 });
    let loads = 0;
    const load = () => {
      loads++;
      return snapshot(BigInt(loads), 3)();
    };
    const [first, second] = await Promise.all([cache.get('s1', load), cache.get('s1', load)]);
    expect(first).toBe(second);
    expect(loads).toBe(1);
    expect(await cache.get('s1', load, 1n)).toBe(first);
    expect((await cache.get('s1', load, 2n)).version).toBe(2n);
    expect(loads).toBe(2);
  });

  it('reads again when a load in flight turns out older than the version the caller saw', async () => {
    const cache = createPatientSearchCache({ maxPatients: 100 });
    const versions = [1n, 1n, 5n];
    const load = () => snapshot(versions.shift() as bigint, 1)();
    await cache.get('s1', load);
    expect((await cache.get('s1', load, 5n)).version).toBe(5n);
    expect(versions).toEqual([]);
  });

  it('drops the least recently used studios beyond its size, never the one just asked for', async () => {
    const cache = createPatientSearchCache({ maxPatients: 10 });
    let loads = 0;
    const counted = (size: number) => () => {
      loads++;
      return snapshot(1n, size)();
    };
    await cache.get('a', counted(4));
    await cache.get('b', counted(4));
    await cache.get('a', counted(4));
    await cache.get('c', counted(4)); // 12 > 10: b, the least recently used, goes
    expect(loads).toBe(3);
    await cache.get('a', counted(4));
    expect(loads).toBe(3);
    await cache.get('b', counted(4));
    expect(loads).toBe(4);
    await cache.get('huge', counted(50));
    expect((await cache.get('huge', counted(50))).size).toBe(50);
    expect(loads).toBe(5);
  });
});

/** A seeded random source, so a failure names a case that can be run again. */
function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
