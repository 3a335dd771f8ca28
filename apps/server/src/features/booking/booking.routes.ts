import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerBookingFlowRoutes } from './flow.routes.ts';
import { registerBookingPublicRoutes } from './public.routes.ts';
import { registerBookingSettingsRoutes } from './settings.routes.ts';
import { registerStudioBookingRoutes } from './studio-bookings.routes.ts';

/** Online booking by patients (issue 28, decision 035): one line per part of the feature. */
export const registerBookingRoutes = (app: FastifyInstance, deps: AppDeps) => {
  registerBookingSettingsRoutes(app, deps);
  registerBookingPublicRoutes(app, deps);
  registerBookingFlowRoutes(app, deps);
  registerStudioBookingRoutes(app, deps);
};
