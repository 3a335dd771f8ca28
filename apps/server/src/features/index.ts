import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { registerAnalyticsRoutes } from './analytics/analytics.routes.ts';
import { registerAuditRoutes } from './audit/audit.routes.ts';
import { registerCalendarRoutes } from './calendar/calendar.routes.ts';
import { registerClinicalRoutes } from './clinical/clinical.routes.ts';
import { registerEinvoicingRoutes } from './einvoicing/einvoicing.routes.ts';
import { registerFormTemplateRoutes } from './form-templates/form-templates.routes.ts';
import { registerInvoiceRoutes } from './invoices/invoices.routes.ts';
import { registerMailRoutes } from './mail/mail.routes.ts';
import { registerPatientRoutes } from './patients/patients.routes.ts';
import { registerProductRoutes } from './products/products.routes.ts';
import { registerSettingsRoutes } from './settings/settings.routes.ts';
import { registerSistemaTsRoutes } from './sistema-ts/sistema-ts.routes.ts';
import { registerStaffRoutes } from './staff/staff.routes.ts';
import { registerStudioRoutes } from './studio/studio.routes.ts';

/** Each feature's routes, registered under /app/api (one line per feature). */
export const registerFeatureRoutes = (app: FastifyInstance, deps: AppDeps) => {
  registerAuditRoutes(app, deps);
  registerStudioRoutes(app, deps);
  registerStaffRoutes(app, deps);
  registerSettingsRoutes(app, deps);
  registerMailRoutes(app, deps);
  registerPatientRoutes(app, deps);
  registerCalendarRoutes(app, deps);
  registerProductRoutes(app, deps);
  registerFormTemplateRoutes(app, deps);
  registerClinicalRoutes(app, deps);
  registerInvoiceRoutes(app, deps);
  registerEinvoicingRoutes(app, deps);
  registerSistemaTsRoutes(app, deps);
  registerAnalyticsRoutes(app, deps);
};
