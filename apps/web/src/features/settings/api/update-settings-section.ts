import type { Settings, SettingsSection } from '@studiolo/domain/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { settingsQueryKey } from './get-settings.ts';

/** PATCH /settings/{fattura|sistema-ts|cartella-paziente|general|calendario} */
export const updateSettingsSection = ({
  section,
  values,
}: {
  section: SettingsSection;
  values: Record<string, unknown>;
}) => http.patch<Settings>(`/settings/${section}`, values);

export const useUpdateSettingsSection = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: updateSettingsSection,
    onSuccess: () => qc.invalidateQueries({ queryKey: settingsQueryKey(studioId) }),
  });
};
