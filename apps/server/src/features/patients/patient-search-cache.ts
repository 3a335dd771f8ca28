import { createWeightedLru } from '../../shared/weighted-lru.ts';
import {
  buildPatientSearchIndex,
  type IndexedPatient,
  type PatientSearchChange,
  type PatientSearchIndex,
} from './patient-search-index.ts';

/** How a studio's patients are read: all of them, or what changed since a version. */
export type PatientSearchSource = {
  all: () => Promise<{ version: bigint; patients: IndexedPatient[] }>;
  /** complete false: the log cannot say (too many changes, or older than it keeps). */
  changesSince: (
    version: bigint,
    limit: number,
  ) => Promise<{ version: bigint; complete: boolean; changed: PatientSearchChange[] }>;
};

export type PatientSearchCache = {
  /**
   * The studio's index: the one in memory, or one brought up to date when there is none or it is older than
   * `atLeast` (a version the caller has seen in the database). Concurrent callers share one read.
   */
  get: (studioId: string, source: PatientSearchSource, atLeast?: bigint) => Promise<PatientSearchIndex>;
};

/** Beyond this many changes held apart, the studio is read again whole (the trigram lists rebuilt). */
const maxPending = 1000;

/**
 * The in-memory search indexes of this server's studios, least recently used dropped first once they hold more than
 * `maxPatients` patients together (a single studio larger than that is still kept, alone). An index behind the
 * database takes the changes since its version when the log has them all and they are few; otherwise it is rebuilt.
 */
export const createPatientSearchCache = ({ maxPatients }: { maxPatients: number }): PatientSearchCache => {
  const indexes = createWeightedLru<PatientSearchIndex>({ maxWeight: maxPatients, weigh: (index) => index.size });
  const loading = new Map<string, Promise<PatientSearchIndex>>();

  const keep = (studioId: string, index: PatientSearchIndex) => {
    const previous = indexes.peek(studioId);
    if (previous && previous.version > index.version) return previous;
    indexes.set(studioId, index);
    return index;
  };

  const read = async (current: PatientSearchIndex | undefined, source: PatientSearchSource) => {
    if (current) {
      const delta = await source.changesSince(current.version, maxPending);
      if (delta.complete && current.pending + delta.changed.length <= maxPending)
        return current.withChanges(delta.version, delta.changed);
    }
    const snapshot = await source.all();
    return buildPatientSearchIndex(snapshot.version, snapshot.patients);
  };

  const readOnce = (studioId: string, source: PatientSearchSource) => {
    let pending = loading.get(studioId);
    if (!pending) {
      pending = read(indexes.peek(studioId), source)
        .then((index) => keep(studioId, index))
        .finally(() => loading.delete(studioId));
      loading.set(studioId, pending);
    }
    return pending;
  };

  return {
    get: async (studioId, source, atLeast) => {
      const current = indexes.get(studioId);
      if (current && (atLeast === undefined || current.version >= atLeast)) return current;
      let index = await readOnce(studioId, source);
      // a read that started before the version the caller saw may predate it: one more reads at least that
      if (atLeast !== undefined && index.version < atLeast) index = await readOnce(studioId, source);
      return index;
    },
  };
};
