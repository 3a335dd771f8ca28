import type { Patient } from '@studiolo/domain/patients';
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
  /**
   * The patients of these ids kept as the API shows them and still as they are at `version` (the version of the
   * studio's index in memory): those changed since they were kept are left out, to be read again.
   */
  rows: (studioId: string, version: bigint, ids: readonly string[]) => Map<string, Patient>;
  /** Keeps patients read at `version`, when that is the version of the studio's index in memory. */
  keepRows: (studioId: string, version: bigint, patients: readonly Patient[]) => void;
};

/**
 * A studio's index, the version its lists were built at, and the version that last changed each patient held apart
 * since: what tells whether a patient kept at some version is still as it was.
 */
type Entry = { index: PatientSearchIndex; builtAt: bigint; changedAt: Map<string, bigint> };
type KeptRow = { patient: Patient; readAt: bigint };

/** Beyond this many changes held apart, the studio is read again whole (the trigram lists rebuilt). */
const maxPending = 1000;

/**
 * The in-memory search indexes of this server's studios, least recently used dropped first once they hold more than
 * `maxPatients` patients together (a single studio larger than that is still kept, alone). An index behind the
 * database takes the changes since its version when the log has them all and they are few; otherwise it is rebuilt.
 */
export const createPatientSearchCache = ({
  maxPatients,
  maxRows,
}: {
  maxPatients: number;
  /** Patients kept as the API shows them, all studios together (the pages' rows, read by id otherwise). */
  maxRows: number;
}): PatientSearchCache => {
  const entries = createWeightedLru<Entry>({ maxWeight: maxPatients, weigh: (entry) => entry.index.size });
  const kept = createWeightedLru<KeptRow>({ maxWeight: maxRows, weigh: () => 1 });
  const loading = new Map<string, Promise<PatientSearchIndex>>();

  const keep = (studioId: string, entry: Entry) => {
    const previous = entries.peek(studioId);
    if (previous && previous.index.version > entry.index.version) return previous.index;
    entries.set(studioId, entry);
    return entry.index;
  };

  const read = async (current: Entry | undefined, source: PatientSearchSource): Promise<Entry> => {
    if (current) {
      const delta = await source.changesSince(current.index.version, maxPending);
      if (delta.complete && current.index.pending + delta.changed.length <= maxPending) {
        const changedAt = new Map(current.changedAt);
        for (const { id } of delta.changed) changedAt.set(id, delta.version);
        return { index: current.index.withChanges(delta.version, delta.changed), builtAt: current.builtAt, changedAt };
      }
    }
    const snapshot = await source.all();
    const index = buildPatientSearchIndex(snapshot.version, snapshot.patients);
    return { index, builtAt: index.version, changedAt: new Map() };
  };

  const readOnce = (studioId: string, source: PatientSearchSource) => {
    let pending = loading.get(studioId);
    if (!pending) {
      pending = read(entries.peek(studioId), source)
        .then((entry) => keep(studioId, entry))
        .finally(() => loading.delete(studioId));
      loading.set(studioId, pending);
    }
    return pending;
  };

  /** The entry when its index is at `version`: kept rows are only ever checked against the index they belong to. */
  const entryAt = (studioId: string, version: bigint) => {
    const entry = entries.peek(studioId);
    return entry && entry.index.version === version ? entry : null;
  };

  return {
    get: async (studioId, source, atLeast) => {
      const current = entries.get(studioId);
      if (current && (atLeast === undefined || current.index.version >= atLeast)) return current.index;
      let index = await readOnce(studioId, source);
      // a read that started before the version the caller saw may predate it: one more reads at least that
      if (atLeast !== undefined && index.version < atLeast) index = await readOnce(studioId, source);
      return index;
    },

    rows: (studioId, version, ids) => {
      const found = new Map<string, Patient>();
      const entry = entryAt(studioId, version);
      if (!entry) return found;
      for (const id of ids) {
        const row = kept.get(`${studioId}/${id}`);
        // read before the lists were built, or before its last change: no longer known to be current
        if (!row || row.readAt < entry.builtAt || row.readAt < (entry.changedAt.get(id) ?? 0n)) continue;
        found.set(id, row.patient);
      }
      return found;
    },

    keepRows: (studioId, version, patients) => {
      if (!entryAt(studioId, version)) return;
      for (const patient of patients) kept.set(`${studioId}/${patient.id}`, { patient, readAt: version });
    },
  };
};
