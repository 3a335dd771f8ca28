import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { HttpError } from '../lib/http.ts';
import type { ImportStateLike } from './import-steps.tsx';

/** The last import started in a dialog, kept in the browser so the dialog reopens on it (progress, undo). */
export const rememberedImportStore = (key: string) => ({
  get: (): string | null => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set: (id: string | null) => {
    try {
      if (id) localStorage.setItem(key, id);
      else localStorage.removeItem(key);
    } catch {
      // storage unavailable (private mode): the dialog simply starts afresh next time
    }
  },
});

type RowsPage<Row> = { content: Row[]; totalPages: number };

/** The calls of one import (patients, appointments), all alike; defined once per import, outside its dialog. */
export type ImportFlowApi<Imp, Row, Changes, Undo> = {
  remembered: ReturnType<typeof rememberedImportStore>;
  upload: (file: File) => Promise<Imp>;
  get: (id: string) => Promise<Imp>;
  rows: (id: string, q: { page: number; size: number; filtro: 'problemi' | 'tutte' }) => Promise<RowsPage<Row>>;
  change: (id: string, changes: Changes) => Promise<Imp>;
  start: (id: string) => Promise<Imp>;
  undo: (id: string) => Promise<Undo>;
  report: (id: string) => Promise<void>;
};

const messageOf = (e: unknown) => (e instanceof HttpError ? e.message : 'Operazione non riuscita.');

/**
 * The state of an import's dialog, the same for every import: the step (0 file, 1 columns, 2 preview, 3 options,
 * 4 import), the import as the server last answered, the preview's page, the last error; the last import reopened
 * while it runs or can be undone; its progress every second while it runs.
 */
export const useImportFlow = <Imp extends ImportStateLike & { id: string }, Row, Changes, Undo>(
  api: ImportFlowApi<Imp, Row, Changes, Undo>,
  onClose: () => void,
) => {
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [imp, setImp] = useState<Imp | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [onlyProblems, setOnlyProblems] = useState(true);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<RowsPage<Row> | null>(null);
  const [undo, setUndo] = useState<Undo | null>(null);

  const run = async <T>(action: () => Promise<T>): Promise<T | null> => {
    setBusy(true);
    setError(null);
    try {
      return await action();
    } catch (e) {
      setError(messageOf(e));
      return null;
    } finally {
      setBusy(false);
    }
  };

  const loadRows = async (id: string, p = page, only = onlyProblems) => {
    const next = await run(() => api.rows(id, { page: p - 1, size: 25, filtro: only ? 'problemi' : 'tutte' }));
    if (next) setRows(next);
  };

  const change = async (changes: Changes) => {
    if (!imp) return;
    const next = await run(() => api.change(imp.id, changes));
    if (next) {
      setImp(next);
      if (step === 2) await loadRows(next.id);
    }
  };

  // the last import, while it runs or can be undone, opens where it is
  useEffect(() => {
    const id = api.remembered.get();
    if (!id) return;
    void api
      .get(id)
      .then((last) => {
        if (last.status === 'QUEUED' || last.status === 'RUNNING' || (last.status === 'DONE' && last.undoUntil)) {
          setImp(last);
          setStep(4);
        } else api.remembered.set(null);
      })
      .catch(() => api.remembered.set(null));
  }, [api]);

  // while the import runs: its progress every second
  const running = imp?.status === 'QUEUED' || imp?.status === 'RUNNING';
  useEffect(() => {
    if (!imp || !running) return;
    const timer = setInterval(() => {
      void api
        .get(imp.id)
        .then((next) => {
          setImp(next);
          if (next.status === 'DONE') void queryClient.invalidateQueries();
        })
        .catch(() => undefined);
    }, 1000);
    return () => clearInterval(timer);
  }, [api, imp, running, queryClient]);

  const clear = () => {
    setImp(null);
    setRows(null);
    setUndo(null);
    setError(null);
    setStep(0);
  };

  return {
    step,
    setStep,
    imp,
    error,
    busy,
    onlyProblems,
    page,
    rows,
    undo,
    change,
    upload: (file: File) =>
      void run(() => api.upload(file)).then((next) => {
        if (next) {
          setImp(next);
          setStep(1);
        }
      }),
    toPreview: () => {
      if (!imp) return;
      setStep(2);
      setPage(1);
      void loadRows(imp.id, 1);
    },
    showOnlyProblems: (only: boolean) => {
      if (!imp) return;
      setOnlyProblems(only);
      setPage(1);
      void loadRows(imp.id, 1, only);
    },
    toPage: (p: number) => {
      if (!imp) return;
      setPage(p);
      void loadRows(imp.id, p);
    },
    start: () => {
      if (!imp) return;
      void run(() => api.start(imp.id)).then((next) => {
        if (next) {
          api.remembered.set(next.id);
          setImp(next);
          setStep(4);
        }
      });
    },
    report: () => {
      if (imp) void run(() => api.report(imp.id));
    },
    undoImport: () => {
      if (!imp) return;
      void run(() => api.undo(imp.id)).then(async (result) => {
        if (!result) return;
        setUndo(result);
        api.remembered.set(null);
        setImp(await api.get(imp.id));
        void queryClient.invalidateQueries();
      });
    },
    /** "Nuova importazione": the last import forgotten, back to the file. */
    newImport: () => {
      api.remembered.set(null);
      clear();
    },
    /** The dialog closed: it opens again on the file (or on the last import, remembered). */
    close: () => {
      clear();
      onClose();
    },
  };
};
