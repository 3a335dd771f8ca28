import type { CurrentUser } from '@studiolo/domain/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** PUT /user: the user's own name. */
export const updateUser = (input: { nome: string; cognome: string }) => http.put<CurrentUser>('/user', input);

export const useUpdateUser = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateUser, onSuccess: () => qc.invalidateQueries({ queryKey: ['user'] }) });
};
