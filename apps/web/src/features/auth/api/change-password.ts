import type { ChangePwdInput } from '@studiolo/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** POST /user/changePwd: with the e-mailed token, or the old password when signed in. */
export const changePassword = (input: ChangePwdInput) => http.post<null>('/user/changePwd', input);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
