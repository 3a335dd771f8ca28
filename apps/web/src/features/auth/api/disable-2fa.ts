import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** POST /user/2fa/disable */
export const disableTwoFactor = (input: { code: string }) => http.post<null>('/user/2fa/disable', input);

export const useDisableTwoFactor = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: disableTwoFactor, onSuccess: () => qc.invalidateQueries({ queryKey: ['user'] }) });
};
