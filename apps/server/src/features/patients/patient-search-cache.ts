import { buildPatientSearchIndex, type IndexedPatient, type PatientSearchIndex } from './patient-search-index.ts';

/** A studio's patients as read in one snapshot, with the search version of that snapshot. */
export type PatientSearchSnapshot = { version: bigint; patients: IndexedPatient[] };

export type PatientSearchCache = {
  /**
   * The studio's index: the one in memory, or one loaded now when there is none or it is older than `atLeast`
   * (a version the caller has seen in the database). Concurrent callers share one load.
   */
  get: (studioId: string, load: () => Promise<PatientSearchSnapshot>, atLeast?: bigint) => Promise<PatientSearchIndex>;
};

/**
 * The in-memory search indexes of this server's studios, least recently used dropped first once they hold more than
 * `maxPatients` patients together (a single studio larger than that is still kept, alone).
 */
export const createPatientSearchCache = ({ maxPatients }: { maxPatients: number }): PatientSearchCache => {
  // a Map keeps insertion order: re-inserting on use makes the first key the least recently used
  const indexes = new Map<string, PatientSearchIndex>();
  const loading = new Map<string, Promise<PatientSearchIndex>>();
  let held = 0;

  const keep = (studioId: string, index: PatientSearchIndex) => {
    const previous = indexes.get(studioId);
    if (previous && previous.version > index.version) return previous;
    if (previous) held -= previous.size;
    indexes.delete(studioId);
    indexes.set(studioId, index);
    held += index.size;
    for (const [id, other] of indexes) {
      if (held <= maxPatients || id === studioId) break;
      indexes.delete(id);
      held -= other.size;
    }
    return index;
  };

  const loadOnce = (studioId: string, load: () => Promise<PatientSearchSnapshot>) => {
    let pending = loading.get(studioId);
    if (!pending) {
      pending = load()
        .then((snapshot) => keep(studioId, buildPatientSearchIndex(snapshot.version, snapshot.patients)))
        .finally(() => loading.delete(studioId));
      loading.set(studioId, pending);
    }
    return pending;
  };

  return {
    get: async (studioId, load, atLeast) => {
      const current = indexes.get(studioId);
      if (current && (atLeast === undefined || current.version >= atLeast)) {
        indexes.delete(studioId);
        indexes.set(studioId, current);
        return current;
      }
      let index = await loadOnce(studioId, load);
      // a load that started before the version the caller saw may predate it: one more reads at least that
      if (atLeast !== undefined && index.version < atLeast) index = await loadOnce(studioId, load);
      return index;
    },
  };
};
