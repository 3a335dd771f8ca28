import type {
  AppointmentImport,
  AppointmentImportChanges,
  AppointmentImportPreviewRowView,
  AppointmentImportUndoResult,
} from '@studiolo/domain/imports';
import { saveBlob } from '../../../lib/download.ts';
import { http, requestFile } from '../../../lib/http.ts';

export type AppointmentImportRowsPage = {
  content: AppointmentImportPreviewRowView[];
  totalElements: number;
  totalPages: number;
  page: number;
  size: number;
};

const base = '/importazioni-appuntamenti';

/** POST /importazioni-appuntamenti: the file, read, matched and checked by the server (decision 045). */
export const uploadAppointmentImport = (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<AppointmentImport>(base, form, { silent: true });
};

export const getAppointmentImport = (id: string) => http.get<AppointmentImport>(`${base}/${id}`, { silent: true });

export const getAppointmentImportRows = (id: string, q: { page: number; size: number; filtro: 'problemi' | 'tutte' }) =>
  http.get<AppointmentImportRowsPage>(`${base}/${id}/righe?page=${q.page}&size=${q.size}&filtro=${q.filtro}`);

export const changeAppointmentImport = (id: string, changes: AppointmentImportChanges) =>
  http.patch<AppointmentImport>(`${base}/${id}`, changes, { silent: true });

export const startAppointmentImport = (id: string) => http.post<AppointmentImport>(`${base}/${id}/avvio`);

export const undoAppointmentImport = (id: string) => http.post<AppointmentImportUndoResult>(`${base}/${id}/annulla`);

/** The report (CSV with the outcome and the reason of every row), saved under the server's name. */
export const downloadAppointmentImportReport = async (id: string) => {
  const file = await requestFile(`${base}/${id}/report.csv`);
  saveBlob(file.blob, file.fileName ?? 'esito-importazione.csv');
};
