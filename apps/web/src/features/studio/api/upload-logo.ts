import type { Studio } from '@studiolo/domain/studio';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { studioQueryKey } from './get-studio.ts';

/** POST /studio/logo (multipart field "file"); the server compresses images of 1 MB or more. */
export const uploadLogo = (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<Studio>('/studio/logo', form);
};

export const useUploadLogo = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: (studio) => qc.setQueryData(studioQueryKey(studioId), studio),
  });
};
