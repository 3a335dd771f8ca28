import type { LoginResponse } from '@studiolo/domain/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** POST /user/2fa/enable: confirms the secret with a code; during sign-in it answers the token. */
export const enableTwoFactor = (input: { code: string; challengeToken?: string }) =>
  http.post<LoginResponse | null>('/user/2fa/enable', input);

export const useEnableTwoFactor = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: enableTwoFactor, onSuccess: () => qc.invalidateQueries({ queryKey: ['user'] }) });
};
