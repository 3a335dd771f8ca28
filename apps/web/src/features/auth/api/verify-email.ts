import type { LoginResponse } from '@studiolo/domain/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/**
 * POST /user/verify-email: opens the mailed confirmation link. A pending sign-up becomes the account and answers its
 * session; an account's address is confirmed and answers null.
 */
export const verifyEmail = (token: string) => http.post<LoginResponse | null>('/user/verify-email', { token });

export const useVerifyEmail = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: verifyEmail, onSuccess: () => qc.invalidateQueries({ queryKey: ['user'] }) });
};

/** POST /user/verify-email/send: a new confirmation link to the signed-in user's address. */
export const resendEmailVerification = () => http.post<null>('/user/verify-email/send');

export const useResendEmailVerification = () => useMutation({ mutationFn: resendEmailVerification });
