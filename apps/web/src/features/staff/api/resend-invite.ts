import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** POST /staff/{id}/invite: sends the invitation e-mail again. */
export const resendInvite = (id: string) => http.post<null>(`/staff/${id}/invite`);

export const useResendInvite = () => useMutation({ mutationFn: resendInvite });
