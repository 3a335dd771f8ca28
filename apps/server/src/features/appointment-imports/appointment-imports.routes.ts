import {
  appointmentImportApiMessages as aam,
  importApiMessages as am,
  appointmentImportChangesSchema,
  appointmentImportRowsPageSchema,
  appointmentImportSchema,
  appointmentImportUndoResultSchema,
} from '@studiolo/domain/imports';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerImportRoutes } from '../../shared/import-routes.ts';
import * as imports from './appointment-imports.service.ts';

/**
 * The self-service import of appointments (issue 30 item 2, decision 045): Calendario › Importa appuntamenti. The
 * calendar's permissions: calendar:write to upload, change, start and undo, calendar:read to look.
 */
export const registerAppointmentImportRoutes = (root: FastifyInstance, deps: AppDeps) =>
  registerImportRoutes(root, deps, {
    path: '/importazioni-appuntamenti',
    tag: 'calendar',
    permissions: { read: 'calendar:read', write: 'calendar:write', undo: 'calendar:write' },
    tenantResource: 'appointment-import',
    schemas: {
      view: appointmentImportSchema,
      rowsPage: appointmentImportRowsPageSchema,
      changes: appointmentImportChangesSchema,
      undoResult: appointmentImportUndoResultSchema,
    },
    service: {
      upload: imports.uploadAppointmentImport,
      get: imports.getAppointmentImport,
      rows: imports.appointmentPreviewRows,
      change: imports.changeAppointmentImport,
      start: imports.startAppointmentImport,
      reportRows: imports.appointmentReportRows,
      undo: imports.undoAppointmentImport,
    },
    messages: { uploaded: aam.uploaded, updated: am.updated, started: am.started, undone: am.undone },
    reportHeader: ['Riga', 'Esito', 'Appuntamento', 'Motivo'],
  });
