import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** POST /staff/invitations/accept: a signed-in user joins the inviting studio. */
export const acceptInvite = (input: { token: string }) => http.post<unknown>('/staff/invitations/accept', input);

export const useAcceptInvite = () => {
  const qc = useQueryClient();
  // The new studio becomes part of idsStudio; everything cached may belong to the previous one.
  return useMutation({ mutationFn: acceptInvite, onSuccess: () => qc.resetQueries() });
};
