import {
  importApiMessages as am,
  importChangesSchema,
  importRowsPageSchema,
  importUndoResultSchema,
  patientImportSchema,
} from '@studiolo/domain/imports';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerImportRoutes } from '../../shared/import-routes.ts';
import * as imports from './patient-imports.service.ts';

/** The self-service import of patients (issue 30 item 1, decision 039): Pazienti › Importa. */
export const registerPatientImportRoutes = (root: FastifyInstance, deps: AppDeps) =>
  registerImportRoutes(root, deps, {
    path: '/importazioni-pazienti',
    tag: 'patients',
    permissions: { read: 'patient:read', write: 'patient:write', undo: 'patient:delete' },
    tenantResource: 'patient-import',
    schemas: {
      view: patientImportSchema,
      rowsPage: importRowsPageSchema,
      changes: importChangesSchema,
      undoResult: importUndoResultSchema,
    },
    service: {
      upload: imports.uploadImport,
      get: imports.getImport,
      rows: imports.previewRows,
      change: imports.changeImport,
      start: imports.startImport,
      reportRows: imports.reportRows,
      undo: imports.undoImport,
    },
    messages: { uploaded: am.uploaded, updated: am.updated, started: am.started, undone: am.undone },
    reportHeader: ['Riga', 'Esito', 'Paziente', 'Motivo'],
  });
