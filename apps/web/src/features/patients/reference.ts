import { useEffect, useState } from 'react';

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
      return module;
    },
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
};

/** The reference data once loaded (null until then); starts loading on mount. */
export const useReference = (): Reference | null => {
  const [reference, setReference] = useState<Reference | null>(loaded);
  useEffect(() => {
    if (reference) return;
    let current = true;
    loadReference().then(
      (module) => current && setReference(module),
      (error: unknown) => console.error('Dati di riferimento non caricati', error),
    );
    return () => {
      current = false;
    };
  }, [reference]);
  return reference;
};
