import { useCallback, useEffect, useState } from 'react';

/** Countries, comuni and catastral codes (≈ 100 kB gzip): loaded on first need, in a chunk of their own. */
export type Reference = typeof import('@studiolo/domain/reference');

let loaded: Reference | null = null;
let pending: Promise<Reference> | null = null;

/** Loads the reference data once per page; a failed load is tried again on the next call. */
export const loadReference = (): Promise<Reference> => {
  if (loaded) return Promise.resolve(loaded);
  pending ??= import('@studiolo/domain/reference').then(
    (module) => {
      loaded = module;
      // every mounted field gets the data, whoever asked for them (a typed fiscal code, a town field …)
      for (const listener of listeners) listener(module);
      return module;
    },
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
};

/**
 * The reference data once loaded (null until then), and `load` to ask for it. Nothing is fetched on mount:
 * a form calls `load` when the user first reaches a field that needs it (focus, typing), so a page that shows
 * such a form does not pay ≈ 139 kB gzip before its first screen (issue 17 item 11). Once any field has loaded
 * it, every user of the hook gets it.
 */
export const useReference = (): { reference: Reference | null; load: () => void } => {
  const [reference, setReference] = useState<Reference | null>(loaded);
  useEffect(() => {
    if (reference) return;
    listeners.add(setReference);
    return () => {
      listeners.delete(setReference);
    };
  }, [reference]);
  const load = useCallback(() => {
    if (loaded) {
      setReference(loaded);
      return;
    }
    loadReference().catch((error: unknown) => console.error('Dati di riferimento non caricati', error));
  }, []);
  return { reference, load };
};

/** Every mounted user of `useReference`, told when the data arrive (whichever field asked for them). */
const listeners = new Set<(reference: Reference) => void>();
