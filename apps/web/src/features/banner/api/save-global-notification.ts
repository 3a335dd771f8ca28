import type { GlobalNotification, GlobalNotificationInput } from '@studiolo/domain/referrals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { globalNotificationQueryKey } from './get-global-notification.ts';

/** PUT /global-notifications (ROLE_ADMIN, ROLE_CONTENT_MANAGER). */
export const saveGlobalNotification = (input: GlobalNotificationInput) =>
  http.put<GlobalNotification>('/global-notifications', input);

export const useSaveGlobalNotification = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveGlobalNotification,
    onSuccess: (saved) => qc.setQueryData(globalNotificationQueryKey, saved),
  });
};
