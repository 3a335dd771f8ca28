/** Query keys of the clinical feature: every query of one patient's record starts with clinicalQueryKey. */
export const clinicalQueryKey = (studioId: string | null, pazienteId: string) =>
  [studioId, 'clinical', pazienteId] as const;
export const evaluationsQueryKey = (studioId: string | null, pazienteId: string) =>
  [...clinicalQueryKey(studioId, pazienteId), 'valutazioni'] as const;
export const diaryQueryKey = (studioId: string | null, pazienteId: string) =>
  [...clinicalQueryKey(studioId, pazienteId), 'diari'] as const;
export const outcomesQueryKey = (studioId: string | null, pazienteId: string) =>
  [...clinicalQueryKey(studioId, pazienteId), 'misure-esito'] as const;
