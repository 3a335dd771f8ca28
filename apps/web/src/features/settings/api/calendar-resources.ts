import type { CalendarResourceKind } from '@studiolo/domain/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { settingsQueryKey } from './get-settings.ts';

/** Rooms, service locations and medical devices of settings calendario. */
export type CalendarResourceInput = { name: string; description?: string | null; active?: boolean };
export type CalendarResource = { id: string; name: string; description: string | null; active: boolean };

const base = (kind: CalendarResourceKind) => `/settings/calendario/${kind}`;

/** POST /settings/calendario/{kind} */
export const createCalendarResource = ({ kind, input }: { kind: CalendarResourceKind; input: CalendarResourceInput }) =>
  http.post<CalendarResource>(base(kind), input);
/** PATCH /settings/calendario/{kind}/{id} */
export const updateCalendarResource = ({
  kind,
  id,
  input,
}: {
  kind: CalendarResourceKind;
  id: string;
  input: CalendarResourceInput;
}) => http.patch<CalendarResource>(`${base(kind)}/${id}`, input);
/** DELETE /settings/calendario/{kind}/{id} */
export const deleteCalendarResource = ({ kind, id }: { kind: CalendarResourceKind; id: string }) =>
  http.delete<null>(`${base(kind)}/${id}`);

const useSettingsMutation = <I, O>(fn: (input: I) => Promise<O>) => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: settingsQueryKey(studioId) }),
  });
};

export const useCreateCalendarResource = () => useSettingsMutation(createCalendarResource);
export const useUpdateCalendarResource = () => useSettingsMutation(updateCalendarResource);
export const useDeleteCalendarResource = () => useSettingsMutation(deleteCalendarResource);
