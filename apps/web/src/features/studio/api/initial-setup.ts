import type { Studio, StudioInput } from '@studiolo/domain/studio';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export type InitialSetupInput = { studio: StudioInput; avatarColor?: string | null };

/** POST /studio/initial-setup: creates the user's first studio (on-boarding). */
export const initialSetup = (input: InitialSetupInput) => http.post<Studio>('/studio/initial-setup', input);

export const useInitialSetup = () => {
  const qc = useQueryClient();
  // The user now has a studio: idsStudio changes.
  return useMutation({ mutationFn: initialSetup, onSuccess: () => qc.invalidateQueries({ queryKey: ['user'] }) });
};
