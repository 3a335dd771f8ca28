import type { Storage } from '../../adapters/storage/storage.ts';

/**
 * While a backup copies the files (decision 041), a file the database snapshot still names must not disappear: deletes
 * asked for meanwhile are held and done when the last backup lets go. Keys are written once, so nothing else can change
 * a file the snapshot names.
 */
export type DeletionGate = { hold: () => () => Promise<void> };

export const gateDeletes = (storage: Storage): { storage: Storage; gate: DeletionGate } => {
  let holders = 0;
  const held = new Set<string>();
  const gated: Storage = {
    ...storage,
    delete: async (key) => {
      if (holders > 0) held.add(key);
      else await storage.delete(key);
    },
  };
  const gate: DeletionGate = {
    hold: () => {
      holders++;
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        holders--;
        if (holders > 0) return;
        const keys = [...held];
        held.clear();
        for (const key of keys) await storage.delete(key).catch(() => undefined);
      };
    },
  };
  return { storage: gated, gate };
};
