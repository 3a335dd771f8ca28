import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** POST /user/resetPwd: e-mails a link to /resetPassword?token=… when the address is registered. */
export const requestPasswordReset = (input: { email: string }) => http.post<null>('/user/resetPwd', input);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
