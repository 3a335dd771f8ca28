import type { CurrentUser } from '@studiolo/domain/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** PUT /user/current-studio: makes another of the user's studios the current one. */
export const switchStudio = (input: { studioId: string }) => http.put<CurrentUser>('/user/current-studio', input);

export const useSwitchStudio = () => {
  const qc = useQueryClient();
  // Everything cached belongs to the previous studio.
  return useMutation({ mutationFn: switchStudio, onSuccess: () => qc.resetQueries() });
};
