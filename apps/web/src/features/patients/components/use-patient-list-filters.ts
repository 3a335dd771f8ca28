import { useDebouncedValue } from '@mantine/hooks';
import { type PatientState, patientStates } from '@studiolo/domain/patients';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { patientSearchDebounceMs } from '../../../components/patient-select-dialog.tsx';

/** Query parameters of /customers: the list's search and filters live in the address, so "back" keeps them. */
export const listParams = { text: 'q', state: 'stato', tag: 'tag', page: 'pagina' } as const;

const isState = (v: string | null): v is PatientState => patientStates.includes(v as PatientState);

/**
 * The list's search text (debounced 400 ms, spec part 1 §9), state filter, tags filter (a patient must carry
 * every one) and page (1-based in the address, 0-based for the API).
 */
export const usePatientListFilters = () => {
  const [params, setParams] = useSearchParams();
  const searchText = params.get(listParams.text) ?? '';
  const state = params.get(listParams.state);
  const statoPaziente = isState(state) ? state : null;
  const tags = params.getAll(listParams.tag);
  const page = Math.max(1, Number.parseInt(params.get(listParams.page) ?? '1', 10) || 1);

  const [text, setText] = useState(searchText);
  const [debounced] = useDebouncedValue(text, patientSearchDebounceMs);

  const update = (change: (next: URLSearchParams) => void, { keepPage = false } = {}) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        change(next);
        if (!keepPage) next.delete(listParams.page);
        return next;
      },
      { replace: true },
    );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the debounced text drives the address, not the reverse
  useEffect(() => {
    if (debounced.trim() === searchText.trim()) return;
    update((next) => (debounced.trim() ? next.set(listParams.text, debounced) : next.delete(listParams.text)));
  }, [debounced]);

  return {
    /** What is typed in the search box (immediate). */
    text,
    setText,
    /** The text searched for (debounced). */
    searchText,
    statoPaziente,
    setStatoPaziente: (value: PatientState | null) =>
      update((next) => (value ? next.set(listParams.state, value) : next.delete(listParams.state))),
    tags,
    setTags: (values: string[]) =>
      update((next) => {
        next.delete(listParams.tag);
        for (const v of values) next.append(listParams.tag, v);
      }),
    page,
    setPage: (value: number) =>
      update((next) => (value > 1 ? next.set(listParams.page, String(value)) : next.delete(listParams.page)), {
        keepPage: true,
      }),
    hasFilters: Boolean(searchText.trim() || statoPaziente || tags.length > 0),
    clear: () => {
      setText('');
      update((next) => {
        next.delete(listParams.text);
        next.delete(listParams.state);
        next.delete(listParams.tag);
      });
    },
  };
};
