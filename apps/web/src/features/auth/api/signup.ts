import type { LoginResponse, SignupInput } from '@studiolo/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** POST /user/signup: creates the account and signs in (an invite token also joins its studio). */
export const signup = (input: SignupInput) => http.post<LoginResponse>('/user/signup', input);

export const useSignup = () => useMutation({ mutationFn: signup });
