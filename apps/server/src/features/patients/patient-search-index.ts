import type { PatientState } from '@studiolo/domain/patients';

/** What search reads of one patient, in the list's order (display name, then id). */
export type IndexedPatient = {
  id: string;
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

export type PatientSearchIndex = {
  /** The studio's patient_search_versions.version the index was read at. */
  version: bigint;
  size: number;
  /** The page's ids in list order and the exact number of matches. */
  search: (filter: PatientSearchFilter, page: { offset: number; limit: number }) => { ids: string[]; total: number };
};

const gramLength = 3;

/** Every run of three characters inside a word of the text (a word of the query can only lie inside one). */
const forEachGram = (text: string, visit: (gram: string) => void) => {
  for (let end = gramLength; end <= text.length; end++) {
    const gram = text.slice(end - gramLength, end);
    if (!gram.includes(' ')) visit(gram);
  }
};

/**
 * One studio's patients, searchable in memory: for every trigram, the positions (in list order) of the patients whose
 * search text holds it. A query walks the shortest list among its words' trigrams, so a common three letters ("ros",
 * thousands of matches) costs a slice and a rare one a few checks; every match is counted, there is no cap.
 */
export const buildPatientSearchIndex = (version: bigint, patients: readonly IndexedPatient[]): PatientSearchIndex => {
  // two passes: count each trigram's patients, then fill typed arrays of exactly that size
  const counts = new Map<string, { count: number; last: number }>();
  for (let position = 0; position < patients.length; position++) {
    forEachGram((patients[position] as IndexedPatient).searchText, (gram) => {
      const entry = counts.get(gram);
      if (!entry) counts.set(gram, { count: 1, last: position });
      else if (entry.last !== position) {
        entry.count++;
        entry.last = position;
      }
    });
  }
  const postings = new Map<string, { positions: Uint32Array; filled: number }>();
  for (const [gram, { count }] of counts) postings.set(gram, { positions: new Uint32Array(count), filled: 0 });
  counts.clear();
  for (let position = 0; position < patients.length; position++) {
    forEachGram((patients[position] as IndexedPatient).searchText, (gram) => {
      const list = postings.get(gram) as { positions: Uint32Array; filled: number };
      if (list.filled === 0 || list.positions[list.filled - 1] !== position) list.positions[list.filled++] = position;
    });
  }
  const positionsOf = (gram: string) => postings.get(gram)?.positions ?? new Uint32Array(0);

  const search: PatientSearchIndex['search'] = (filter, page) => {
    // the candidates: the shortest trigram list among the words; words under three letters are only checked
    let candidates: Uint32Array | null = null;
    let exactWord: string | null = null;
    for (const word of filter.words) {
      forEachGram(word, (gram) => {
        const list = positionsOf(gram);
        if (candidates === null || list.length < candidates.length) {
          candidates = list;
          exactWord = word.length === gramLength ? word : null;
        }
      });
    }
    const toCheck = filter.words.filter((w) => w !== exactWord);
    const matches = (position: number) => {
      const p = patients[position] as IndexedPatient;
      if (filter.state !== null && p.state !== filter.state) return false;
      if (filter.tags.length > 0 && !filter.tags.every((t) => p.tags?.includes(t))) return false;
      return toCheck.every((w) => p.searchText.includes(w));
    };
    const ids: string[] = [];
    let total = 0;
    const take = (position: number) => {
      if (!matches(position)) return;
      if (total >= page.offset && ids.length < page.limit) ids.push((patients[position] as IndexedPatient).id);
      total++;
    };
    const chosen = candidates as Uint32Array | null;
    if (chosen) for (const position of chosen) take(position);
    else for (let position = 0; position < patients.length; position++) take(position);
    return { ids, total };
  };

  return { version, size: patients.length, search };
};
