import type { Patient } from '@studiolo/domain/patients';
import { describe, expect, it } from 'vitest';
import { createPatientSearchCache } from './patient-search-cache.ts';
import {
  buildPatientSearchIndex,
  type IndexedPatient,
  type PatientSearchChange,
  type PatientSearchFilter,
} from './patient-search-index.ts';

const patient = (id: string, searchText: string, more: Partial<IndexedPatient> = {}): IndexedPatient => ({
  id,
  sortName: searchText,
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

  it('agrees with a plain scan on random patients, words and changes', () => {
    const random = mulberry32(20261122);
    const letters = 'aeiorsnltmcb@.ßøñ';
    const word = (n: number) =>
      Array.from({ length: n }, () => letters[Math.floor(random() * letters.length)]).join('');
    const randomPatient = (id: string, sortName: string) =>
      patient(
        id,
        Array.from({ length: 1 + Math.floor(random() * 4) }, () => word(2 + Math.floor(random() * 7))).join(' '),
        {
          sortName,
          state: random() < 0.3 ? 'UNACTIVE' : 'ACTIVE',
          tags: random() < 0.5 ? ['x'] : null,
        },
      );
    // the base in list order, as the database reads it
    let patients = Array.from({ length: 400 }, (_, i) =>
      randomPatient(`p${String(i).padStart(3, '0')}`, `n${String(i * 10).padStart(5, '0')}`),
    );
    let index = buildPatientSearchIndex(1n, patients);
    for (let run = 0; run < 3000; run++) {
      if (run % 100 === 99) {
        // a few changes: new patients, edits (a new name may move them), deletions
        const changes = Array.from({ length: 1 + Math.floor(random() * 6) }, () => {
          const kind = random();
          const existing = patients[Math.floor(random() * patients.length)] as IndexedPatient;
          const sortName = `n${String(Math.floor(random() * 4000)).padStart(5, '0')}`;
          if (kind < 0.4) return { id: `q${run}-${Math.floor(random() * 1e6)}`, patient: randomPatient('', sortName) };
          if (kind < 0.8) return { id: existing.id, patient: randomPatient(existing.id, sortName) };
          return { id: existing.id, patient: null };
        }).map((c) => ({ id: c.id, patient: c.patient ? { ...c.patient, id: c.id } : null }));
        const byId = new Map(patients.map((p) => [p.id, p]));
        for (const c of changes) {
          byId.delete(c.id);
          if (c.patient) byId.set(c.id, c.patient);
        }
        patients = [...byId.values()].sort((x, y) =>
          x.sortName === y.sortName ? (x.id < y.id ? -1 : 1) : x.sortName < y.sortName ? -1 : 1,
        );
        index = index.withChanges(index.version + 1n, changes);
        expect(index.size).toBe(patients.length);
      }
      const f = filter(
        Array.from({ length: Math.floor(random() * 3) }, () => word(1 + Math.floor(random() * 4))),
        { state: random() < 0.3 ? 'ACTIVE' : null, tags: random() < 0.2 ? ['x'] : [] },
      );
      const page = { offset: Math.floor(random() * 3) * 5, limit: 5 };
      const scan = patients.filter(
        (p) =>
          f.words.every((w) => p.searchText.includes(w)) &&
          (f.state === null || p.state === f.state) &&
          f.tags.every((t) => p.tags?.includes(t)),
      );
      expect(index.search(f, page), JSON.stringify({ run, f, page })).toEqual({
        ids: scan.slice(page.offset, page.offset + page.limit).map((p) => p.id),
        total: scan.length,
      });
    }
    expect(index.pending).toBeGreaterThan(0);
  });
});

describe('the cache of search indexes', () => {
  const patients = (size: number) => Array.from({ length: size }, (_, i) => patient(`p${i}`, `nome${i}`));
  /** A source that answers whole reads with these versions in turn, and no log (every update a whole read). */
  const wholeReads = (versions: bigint[], size = 3) => {
    const source = {
      reads: 0,
      all: () => {
        source.reads++;
        return Promise.resolve({ version: versions.shift() ?? 99n, patients: patients(size) });
      },
      changesSince: (version: bigint) => Promise.resolve({ version, complete: false, changed: [] }),
    };
    return source;
  };

  it('reads a studio once for concurrent searches and keeps it until a newer version is asked for', async () => {
    const cache = createPatientSearchCache({ maxPatients: 100, maxRows: 100 });
    const source = wholeReads([1n, 2n]);
    const [first, second] = await Promise.all([cache.get('s1', source), cache.get('s1', source)]);
    expect(first).toBe(second);
    expect(source.reads).toBe(1);
    expect(await cache.get('s1', source, 1n)).toBe(first);
    expect((await cache.get('s1', source, 2n)).version).toBe(2n);
    expect(source.reads).toBe(2);
  });

  it('reads again when a read in flight turns out older than the version the caller saw', async () => {
    const cache = createPatientSearchCache({ maxPatients: 100, maxRows: 100 });
    const source = wholeReads([1n, 1n, 5n]);
    await cache.get('s1', source);
    expect((await cache.get('s1', source, 5n)).version).toBe(5n);
    expect(source.reads).toBe(3);
  });

  /**
   * A studio of one patient read whole at version 1 (and at `rereadVersion` after), whose log answers one change a
   * version while `complete`.
   */
  const loggedChanges = (rereadVersion: bigint, change: (version: bigint) => PatientSearchChange) => {
    const source = {
      reads: 0,
      complete: true,
      all: () => {
        source.reads++;
        const version = source.reads === 1 ? 1n : rereadVersion;
        return Promise.resolve({ version, patients: [patient('a', 'anna rossi')] });
      },
      changesSince: (version: bigint) =>
        Promise.resolve({ version: version + 1n, complete: source.complete, changed: [change(version)] }),
    };
    return source;
  };

  it('takes the logged changes when there are few, and reads everything again when the log cannot say', async () => {
    const cache = createPatientSearchCache({ maxPatients: 100, maxRows: 100 });
    const source = loggedChanges(3n, (version) => ({
      id: `b${version}`,
      patient: patient(`b${version}`, `bruno rossi ${version}`),
    }));
    await cache.get('s1', source);
    const updated = await cache.get('s1', source, 2n);
    expect(updated.search(filter(['rossi']), all)).toEqual({ ids: ['a', 'b1'], total: 2 });
    expect(updated.pending).toBe(1);
    expect(source.reads).toBe(1);
    source.complete = false;
    const reread = await cache.get('s1', source, 3n);
    expect(source.reads).toBe(2);
    expect(reread).toMatchObject({ version: 3n, pending: 0 });
  });

  it('holds the patients of pages as they are at the index’s version, and forgets those changed since', async () => {
    const cache = createPatientSearchCache({ maxPatients: 100, maxRows: 100 });
    const source = loggedChanges(9n, () => ({ id: 'b', patient: patient('b', 'bruno') }));
    const shown = (id: string, nome: string) => ({ id, datiGenerali: { nome } }) as unknown as Patient;
    const held = (version: bigint) => [...cache.rows('s1', version, ['a', 'b', 'c']).keys()];
    await cache.get('s1', source);
    cache.keepRows('s1', 1n, [shown('a', 'Anna'), shown('b', 'Bruno')]);
    cache.keepRows('s1', 2n, [shown('c', 'Carla')]); // read at a version the index is not at: not kept
    expect(held(1n)).toEqual(['a', 'b']);
    expect(held(2n)).toEqual([]); // asked at another version than the index's: nothing vouched for
    expect([...cache.rows('s2', 1n, ['a']).keys()]).toEqual([]); // another studio's patient of the same id

    await cache.get('s1', source, 2n); // b changed at version 2
    expect(held(2n)).toEqual(['a']);
    cache.keepRows('s1', 2n, [shown('b', 'Bruno Maria')]);
    expect(cache.rows('s1', 2n, ['b']).get('b')?.datiGenerali.nome).toBe('Bruno Maria');

    source.complete = false;
    await cache.get('s1', source, 9n); // read again whole: nothing held before is vouched for any more
    expect(held(9n)).toEqual([]);
  });

  it('drops the least recently used studios beyond its size, never the one just asked for', async () => {
    const cache = createPatientSearchCache({ maxPatients: 10, maxRows: 100 });
    const sources = { a: wholeReads([], 4), b: wholeReads([], 4), c: wholeReads([], 4), huge: wholeReads([], 50) };
    await cache.get('a', sources.a);
    await cache.get('b', sources.b);
    await cache.get('a', sources.a);
    await cache.get('c', sources.c); // 12 > 10: b, the least recently used, goes
    await cache.get('a', sources.a);
    expect(sources.a.reads).toBe(1);
    await cache.get('b', sources.b);
    expect(sources.b.reads).toBe(2);
    await cache.get('huge', sources.huge);
    expect((await cache.get('huge', sources.huge)).size).toBe(50);
    expect(sources.huge.reads).toBe(1);
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
