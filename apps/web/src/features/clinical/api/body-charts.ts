import type { BodyChart, BodyChartInput } from '@studiolo/domain/clinical';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';

export const bodyChartsQueryKey = (studioId: string | null, pazienteId: string) =>
  [studioId, 'clinical', 'body-charts', pazienteId] as const;

/** GET /pazienti/{pazienteId}/body-charts: the patient's drawings, last changed first. */
export const getBodyCharts = (pazienteId: string) => http.get<BodyChart[]>(`/pazienti/${pazienteId}/body-charts`);

export const bodyChartsQueryOptions = (studioId: string | null, pazienteId: string) =>
  queryOptions({ queryKey: bodyChartsQueryKey(studioId, pazienteId), queryFn: () => getBodyCharts(pazienteId) });

export const useBodyCharts = (pazienteId: string) => {
  const studioId = useCurrentStudioId();
  return useQuery({ ...bodyChartsQueryOptions(studioId, pazienteId), enabled: Boolean(studioId) });
};

/** POST /pazienti/{pazienteId}/body-charts, or PUT /body-charts/{id} for a drawing already saved. */
export const saveBodyChart = ({
  pazienteId,
  id,
  input,
}: {
  pazienteId: string;
  id: string | null;
  input: BodyChartInput;
}) =>
  id
    ? http.put<BodyChart>(`/body-charts/${id}`, input)
    : http.post<BodyChart>(`/pazienti/${pazienteId}/body-charts`, input);

/** DELETE /body-charts/{id}. */
export const deleteBodyChart = ({ id }: { id: string; pazienteId: string }) =>
  http.delete<{ id: string }>(`/body-charts/${id}`);

const useInvalidate = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return (pazienteId: string) => qc.invalidateQueries({ queryKey: bodyChartsQueryKey(studioId, pazienteId) });
};

export const useSaveBodyChart = () => {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: saveBodyChart, onSuccess: (c) => invalidate(c.pazienteId) });
};

export const useDeleteBodyChart = () => {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: deleteBodyChart, onSuccess: (_, v) => invalidate(v.pazienteId) });
};
