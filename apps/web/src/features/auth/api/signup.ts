import type { LoginResponse, SignupInput } from '@studiolo/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/**
 * POST /user/signup: answers the same for a new and a registered address and mails a confirmation link (issue 25
 * item 8); only a valid staff invitation answers a session at once (and joins its studio).
 */
export const signup = (input: SignupInput) => http.post<LoginResponse>('/user/signup', input);

export const useSignup = () => useMutation({ mutationFn: signup });
