import type { StudioDeleteInput } from '@studiolo/domain/studio';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** DELETE /studio: the owner deletes the whole studio, confirmed by their password and the studio's name. */
export const deleteStudio = (input: StudioDeleteInput) =>
  http.delete<{ pazienti: number; documenti: number; membri: number }>('/studio', { body: input });

export const useDeleteStudio = () => {
  const qc = useQueryClient();
  // Everything cached belonged to the studio that is gone: forgotten without refetching here (the open page's studio
  // queries would only answer 'no studio'); the next page reads the user afresh.
  return useMutation({ mutationFn: deleteStudio, onSuccess: () => qc.clear() });
};
