import type { LoginInput, LoginResponse } from '@studiolo/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** POST /user/login: a token, or a two-factor step to complete (twoFactor + challengeToken). */
export const login = (input: LoginInput) => http.post<LoginResponse>('/user/login', input);

export const useLogin = () => useMutation({ mutationFn: login });
