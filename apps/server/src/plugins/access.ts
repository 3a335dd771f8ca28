import type { Permission, PlatformRole } from '@studiolo/domain/shared';

/**
 * What a route requires, declared in its options (`config: { access }`). Routes without it fail a test,
 * and the tenant-isolation, role-matrix and bad-input suites walk every declared route.
 */
export type RouteAccess =
  /** Anyone; with optionalUser a valid bearer token, if sent, still sets req.user. */
  | { public: true; optionalUser?: true }
  /** Signed in, no studio needed (the user's own profile, on-boarding). */
  | { user: true }
  /** Signed in with one of these platform roles (the product's own people). */
  | { platform: readonly PlatformRole[] }
  /** Signed in, inside a studio, with a role that holds the permission. */
  | {
      permission: Permission;
      /** A POST that only computes an answer from its body (a preview) and changes nothing: no audit event expected. */
      changesNothing?: true;
      /** Sends something to patients (mail, SMS, invoice): refused until the user's e-mail address is confirmed. */
      verifiedEmail?: true;
      /** The studio-owned resource the route addresses by id (path parameter or body field), for the tenant suite. */
      tenant?: { resource: TenantResource } & (
        | { idParam: string; idField?: never }
        | { idField: string; idParam?: never }
      );
    };

/** Studio-owned resources a route can address by id (each has a factory in test/helpers/factories.ts). */
export const tenantResources = [
  'studio',
  'staff-member',
  'calendar',
  'calendar-resource',
  'mail-message',
  'settings',
  'patient',
  'product',
  'form-template',
  'signature',
  'event',
  'fattura',
  'proforma',
  'received-invoice',
  'attachment',
  'body-chart',
  'valutazione',
  'diario',
  'misura-esito',
  'booking',
  'consumption-meter',
  'referral',
  'ts-trasmissione',
  'patient-import',
  'appointment-import',
] as const;
export type TenantResource = (typeof tenantResources)[number];

export type RegisteredRoute = {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  turnstile: boolean;
  /** False only where the route opts out of the global per-address rate limit (`config.rateLimit: false`). */
  rateLimited: boolean;
  /** The zod schemas the route validates with (the bad-input suite derives broken requests from them). */
  schema: { body?: unknown; querystring?: unknown; params?: unknown; consumes?: string[] } | undefined;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** POST/PUT/PATCH/DELETE need a bot-check token when TURNSTILE_SECRET is set (spec part 2 §7). */
    turnstile?: boolean;
  }
}
