/**
 * A map that forgets its least recently used entries once they weigh more than `maxWeight` together. The entry just
 * set is never dropped, so a single entry heavier than that is still kept, alone.
 */
export const createWeightedLru = <V>({ maxWeight, weigh }: { maxWeight: number; weigh: (value: V) => number }) => {
  // a Map keeps insertion order: re-inserting on use makes the first key the least recently used
  const entries = new Map<string, V>();
  let held = 0;
  return {
    /** The value, now the most recently used; undefined when there is none. */
    get: (key: string): V | undefined => {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    /** The value, without counting as a use. */
    peek: (key: string): V | undefined => entries.get(key),
    delete: (key: string) => {
      const value = entries.get(key);
      if (value === undefined) return;
      entries.delete(key);
      held -= weigh(value);
    },
    set: (key: string, value: V) => {
      const previous = entries.get(key);
      if (previous !== undefined) held -= weigh(previous);
      entries.delete(key);
      entries.set(key, value);
      held += weigh(value);
      for (const [other, kept] of entries) {
        if (held <= maxWeight || other === key) break;
        entries.delete(other);
        held -= weigh(kept);
      }
    },
  };
};
