import { bookingSlugSchema } from '@studiolo/domain/booking';
import type { AppDeps } from '../../deps.ts';
import { bookingRepository as repo } from './booking.repository.ts';

/**
 * The websites that may show a studio's booking page /prenota/{slug} in an iframe (CSP frame-ancestors; decision
 * 035): the studio's embedOrigins while its booking is on, else none. app.ts sets them on that page's index.html only;
 * every other page of the app keeps frame-ancestors 'none'. The origins were stored as URL origins (scheme, host,
 * port), so they cannot carry a ';' or a space into the header.
 */
export const bookingFrameAncestors = async (deps: AppDeps, slug: string): Promise<string[]> => {
  const parsed = bookingSlugSchema.safeParse(slug);
  if (!parsed.success) return [];
  const settings = await repo.unsafeSettingsBySlug(deps.db, parsed.data);
  return settings?.enabled ? settings.embedOrigins : [];
};

/** The app's CSP with frame-ancestors opened to the given origins (and the app itself, for the settings' preview). */
export const withFrameAncestors = (csp: string, origins: string[]) =>
  csp.replace(/frame-ancestors [^;]*/u, `frame-ancestors 'self' ${origins.join(' ')}`);
