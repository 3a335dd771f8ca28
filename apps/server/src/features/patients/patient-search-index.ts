import type { PatientState } from '@studiolo/domain/patients';

/** What search reads of one patient, in the list's order (display name, then id). */
export type IndexedPatient = {
  id: string;
  /** The list's order, as the database sorts it. */
  sortName: string;
  /** patientSearchText: lower case, accents removed, words separated by one space. */
  searchText: string;
  state: PatientState;
  tags: readonly string[] | null;
};

export type PatientSearchFilter = {
  /** Normalised words, none empty and none with a space: each must appear somewhere in the search text. */
  words: readonly string[];
  state: PatientState | null;
  /** The patient must carry every one of these tags. */
  tags: readonly string[];
};

/** A patient a version changed, as it is now (null: deleted). */
export type PatientSearchChange = { id: string; patient: IndexedPatient | null };

export type PatientSearchIndex = {
  /** The studio's patient_search_versions.version the index is current with. */
  version: bigint;
  /** How many patients it holds. */
  size: number;
  /** How many changes it holds beside its trigram lists (patients dropped from them, patients held apart). */
  pending: number;
  /** The page's ids in list order and the exact number of matches. */
  search: (filter: PatientSearchFilter, page: { offset: number; limit: number }) => { ids: string[]; total: number };
  /** The same index brought up to `version` by these changes; the trigram lists are shared, not rebuilt. */
  withChanges: (version: bigint, changes: readonly PatientSearchChange[]) => PatientSearchIndex;
};

/**
 * Characters as 6-bit classes: letters, digits and the punctuation of e-mails and phones have their own; a space ends a
 * word; anything else shares one class, so its trigrams only narrow the candidates and the word is checked as text.
 */
const space = 0;
const otherClass = 63;
const classOf = new Uint8Array(65536).fill(otherClass);
classOf[' '.charCodeAt(0)] = space;
[..."abcdefghijklmnopqrstuvwxyz0123456789@.+-_'/&,()"].forEach((c, i) => {
  classOf[c.charCodeAt(0)] = i + 1;
});
const keyCount = 64 ** 3;

/** Calls visit with the key of every run of three characters inside a word of the text. */
const forEachGram = (text: string, visit: (key: number) => void) => {
  let a = space;
  let b = space;
  for (let i = 0; i < text.length; i++) {
    const c = classOf[text.charCodeAt(i)] as number;
    if (a !== space && b !== space && c !== space) visit((a << 12) | (b << 6) | c);
    a = b;
    b = c;
  }
};

const isIndexedExactly = (word: string) => [...word].every((c) => classOf[c.charCodeAt(0)] !== otherClass);

/**
 * One studio's patients, searchable in memory: for every trigram, the positions (in list order) of the patients whose
 * search text holds it, all lists in one array (`starts[key]` to `starts[key + 1]`). A query walks the shortest list
 * among its words' trigrams, so a common three letters ("ros", thousands of matches) costs a slice and a rare one a few
 * checks; every match is counted, there is no cap. Changes made since are held apart (withChanges) until the studio
 * is read again whole.
 */
export const buildPatientSearchIndex = (version: bigint, patients: readonly IndexedPatient[]): PatientSearchIndex => {
  // two passes: count each trigram's patients (once a patient), then place the positions
  const last = new Int32Array(keyCount).fill(-1);
  const starts = new Uint32Array(keyCount + 1);
  for (let position = 0; position < patients.length; position++) {
    forEachGram((patients[position] as IndexedPatient).searchText, (key) => {
      if (last[key] === position) return;
      last[key] = position;
      starts[key + 1] = (starts[key + 1] as number) + 1;
    });
  }
  for (let key = 0; key < keyCount; key++) starts[key + 1] = (starts[key + 1] as number) + (starts[key] as number);
  const positions = new Uint32Array(starts[keyCount] as number);
  const next = starts.slice(0, keyCount);
  last.fill(-1);
  for (let position = 0; position < patients.length; position++) {
    forEachGram((patients[position] as IndexedPatient).searchText, (key) => {
      if (last[key] === position) return;
      last[key] = position;
      const at = next[key] as number;
      positions[at] = position;
      next[key] = at + 1;
    });
  }
  const positionsOf = (key: number) => positions.subarray(starts[key], starts[key + 1]);

  /** The shortest list among the word's trigrams: every patient holding the word is in it. */
  const rarestListOf = (word: string) => {
    let rarest: Uint32Array | null = null;
    forEachGram(word, (key) => {
      const list = positionsOf(key);
      if (rarest === null || list.length < rarest.length) rarest = list;
    });
    return rarest as Uint32Array | null;
  };

  let positionById: Map<string, number> | null = null;
  const positionOf = (id: string) => {
    positionById ??= new Map(patients.map((p, position) => [p.id, position]));
    return positionById.get(id);
  };

  const view = (
    viewVersion: bigint,
    removed: ReadonlySet<number>,
    added: readonly IndexedPatient[],
  ): PatientSearchIndex => {
    const search: PatientSearchIndex['search'] = (filter, page) => {
      // candidates: the words' rarest lists intersected; a word of three indexed characters is its list exactly, the
      // others (and words under three letters, which have no list) are checked on the text
      const lists: Uint32Array[] = [];
      const toCheck: string[] = [];
      for (const word of filter.words) {
        const list = rarestListOf(word);
        if (list) lists.push(list);
        if (!list || word.length > 3 || !isIndexedExactly(word)) toCheck.push(word);
      }
      const candidates = intersect(lists);
      const plain = filter.state === null && filter.tags.length === 0;
      if (candidates && plain && toCheck.length === 0 && removed.size === 0 && added.length === 0) {
        const slice = candidates.slice(page.offset, page.offset + page.limit);
        return { ids: Array.from(slice, (at) => (patients[at] as IndexedPatient).id), total: candidates.length };
      }
      const baseMatches: number[] = [];
      const take = (position: number) => {
        if (!removed.has(position) && matches(patients[position] as IndexedPatient, filter, toCheck))
          baseMatches.push(position);
      };
      if (candidates) for (const position of candidates) take(position);
      else for (let position = 0; position < patients.length; position++) take(position);
      const addedMatches = added.filter((p) => matches(p, filter, filter.words));
      // the two in list order, merged up to the end of the page
      const ids: string[] = [];
      let b = 0;
      let a = 0;
      for (let at = 0; at < page.offset + page.limit; at++) {
        const fromBase = patients[baseMatches[b] as number];
        const fromAdded = addedMatches[a];
        const baseFirst = fromBase !== undefined && (!fromAdded || compareListOrder(fromBase, fromAdded) < 0);
        const next = baseFirst ? fromBase : fromAdded;
        if (!next) break;
        if (baseFirst) b++;
        else a++;
        if (at >= page.offset) ids.push(next.id);
      }
      return { ids, total: baseMatches.length + addedMatches.length };
    };

    const withChanges: PatientSearchIndex['withChanges'] = (nextVersion, changes) => {
      const nextRemoved = new Set(removed);
      const nextAdded = new Map(added.map((p) => [p.id, p]));
      for (const change of changes) {
        const position = positionOf(change.id);
        if (position !== undefined) nextRemoved.add(position);
        nextAdded.delete(change.id);
        if (change.patient) nextAdded.set(change.id, change.patient);
      }
      return view(nextVersion, nextRemoved, [...nextAdded.values()].sort(compareListOrder));
    };

    return {
      version: viewVersion,
      size: patients.length - removed.size + added.length,
      pending: removed.size + added.length,
      search,
      withChanges,
    };
  };

  return view(version, new Set(), []);
};

const matches = (p: IndexedPatient, filter: PatientSearchFilter, words: readonly string[]) =>
  (filter.state === null || p.state === filter.state) &&
  filter.tags.every((t) => p.tags?.includes(t)) &&
  words.every((w) => p.searchText.includes(w));

/**
 * The database's order (sort_name, then id) for patients held apart from the lists. Code-unit order equals the
 * database's on the C and C.UTF-8 collations of our deployments for these lower-case, accent-free names.
 */
const compareListOrder = (x: IndexedPatient, y: IndexedPatient) =>
  x.sortName < y.sortName ? -1 : x.sortName > y.sortName ? 1 : x.id < y.id ? -1 : x.id > y.id ? 1 : 0;

/** The positions in every list (each ascending), shortest list first; null when there is no list at all. */
const intersect = (lists: Uint32Array[]): Uint32Array | null => {
  if (lists.length === 0) return null;
  const [shortest, ...others] = [...lists].sort((a, b) => a.length - b.length) as [Uint32Array, ...Uint32Array[]];
  let result = shortest;
  for (const other of others) {
    const kept: number[] = [];
    let from = 0;
    for (const position of result) {
      from = lowerBound(other, position, from);
      if (from === other.length) break;
      if (other[from] === position) kept.push(position);
    }
    result = Uint32Array.from(kept);
  }
  return result;
};

/** The first index at or after `from` whose value is not below `value` (galloping, then binary search). */
const lowerBound = (list: Uint32Array, value: number, from: number) => {
  let step = 1;
  let high = from;
  while (high < list.length && (list[high] as number) < value) {
    from = high + 1;
    high += step;
    step *= 2;
  }
  high = Math.min(high, list.length);
  while (from < high) {
    const middle = (from + high) >>> 1;
    if ((list[middle] as number) < value) from = middle + 1;
    else high = middle;
  }
  return from;
};
