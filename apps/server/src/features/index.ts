import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';

/** Each feature's routes, registered under /app/api. */
export const registerFeatureRoutes = (app: FastifyInstance, deps: AppDeps) => {
  void app;
  void deps;
};
