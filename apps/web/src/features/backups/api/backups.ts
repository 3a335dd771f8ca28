import type { BackupSettings, BackupsAnswer } from '@studiolo/domain/backups';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saveBlob } from '../../../lib/download.ts';
import { http, requestFile } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';

/** Impostazioni › Backup (decision 041): the embedded install's backups, or why they are not taken from here. */
export const backupsQueryKey = (studioId: string | null) => [studioId, 'backups'] as const;

/** GET /settings/backups */
export const getBackups = () => http.get<BackupsAnswer>('/settings/backups');

export const useBackups = () => {
  const studioId = useCurrentStudioId();
  return useQuery({ queryKey: backupsQueryKey(studioId), queryFn: getBackups, enabled: Boolean(studioId) });
};

/** POST /settings/backups: a backup now; answers the list with it. */
export const takeBackup = () => http.post<BackupsAnswer>('/settings/backups');

export const useTakeBackup = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: takeBackup,
    onSuccess: (answer) => qc.setQueryData(backupsQueryKey(studioId), answer),
  });
};

/** PUT /settings/backups: the hour of the daily backup and the days kept. */
export const saveBackupSettings = (settings: BackupSettings) => http.put<BackupsAnswer>('/settings/backups', settings);

export const useSaveBackupSettings = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: saveBackupSettings,
    onSuccess: (answer) => qc.setQueryData(backupsQueryKey(studioId), answer),
  });
};

/** GET /settings/backups/{name}: the archive, with the bearer token (so no plain link). */
export const downloadBackup = async (name: string) => {
  const file = await requestFile(`/settings/backups/${encodeURIComponent(name)}`);
  saveBlob(file.blob, name);
};
