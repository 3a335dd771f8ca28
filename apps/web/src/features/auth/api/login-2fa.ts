import type { LoginResponse } from '@studiolo/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** POST /user/login/2fa: completes a sign-in with the authenticator code. */
export const loginWithCode = (input: { challengeToken: string; code: string }) =>
  http.post<LoginResponse>('/user/login/2fa', input);

export const useLoginWithCode = () => useMutation({ mutationFn: loginWithCode });
