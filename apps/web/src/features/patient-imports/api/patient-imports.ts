import type { ImportChanges, ImportPreviewRowView, ImportUndoResult, PatientImport } from '@studiolo/domain/imports';
import { saveBlob } from '../../../lib/download.ts';
import { http, requestFile } from '../../../lib/http.ts';

export type ImportRowsPage = {
  content: ImportPreviewRowView[];
  totalElements: number;
  totalPages: number;
  page: number;
  size: number;
};

const base = '/importazioni-pazienti';

/** POST /importazioni-pazienti: the file, read and checked by the server (decision 039). */
export const uploadPatientImport = (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<PatientImport>(base, form, { silent: true });
};

export const getPatientImport = (id: string) => http.get<PatientImport>(`${base}/${id}`, { silent: true });

export const getPatientImportRows = (id: string, q: { page: number; size: number; filtro: 'problemi' | 'tutte' }) =>
  http.get<ImportRowsPage>(`${base}/${id}/righe?page=${q.page}&size=${q.size}&filtro=${q.filtro}`);

export const changePatientImport = (id: string, changes: ImportChanges) =>
  http.patch<PatientImport>(`${base}/${id}`, changes, { silent: true });

export const startPatientImport = (id: string) => http.post<PatientImport>(`${base}/${id}/avvio`);

export const undoPatientImport = (id: string) => http.post<ImportUndoResult>(`${base}/${id}/annulla`);

/** The report (CSV with the outcome and the reason of every row), saved under the server's name. */
export const downloadPatientImportReport = async (id: string) => {
  const file = await requestFile(`${base}/${id}/report.csv`);
  saveBlob(file.blob, file.fileName ?? 'esito-importazione.csv');
};
