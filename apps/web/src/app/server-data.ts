import type { PublicBookingPage } from '@studiolo/domain/booking';
import type { QueryKey } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { publicPlansQueryOptions } from '../features/billing/api/get-public-plans.ts';
import {
  bookingSlotsQueryKey,
  patientBookingQueryKey,
  publicBookingPageQueryOptions,
} from '../features/booking/api/public-booking.ts';
import { bookingChoiceOf, slotsQueryOf } from '../features/booking/booking-choice.ts';
import { legalDocumentsQueryOptions } from '../features/legal/api/get-legal-documents.ts';
import { reminderLinkQueryKey } from '../features/reminders/api/reminder-link.ts';
import { publicSignatureQueryKey } from '../features/signature/api/public-signature.ts';

/**
 * Asks the API for `path` (under /app/api, as the page's hook would) and keeps the answer under `key`; resolves to the
 * answer's data, or undefined when it was an error (kept too: the page shows it as it would in the browser).
 */
export type Fetch = (key: QueryKey, path: string) => Promise<unknown>;

type PageData = (at: { url: URL; params: Record<string, string | undefined> }, fetch: Fetch) => Promise<void>;

const query = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;
const isSigningLinkId = (id: string | null): id is string => id !== null && /^[A-Za-z0-9_-]{43}$/.test(id);

/**
 * The pages drawn on the server (decision 047), by their router path, with the data each asks first: the same GETs
 * its hooks send, under the same keys. Any other path (the signed-in app) is drawn in the browser, as before. The
 * static paths come before the patterns that would also match them (/prenota/annulla before /prenota/:slug).
 */
export const serverRenderedPages: Record<string, PageData | null> = {
  '/': async (_, fetch) => {
    await fetch(publicPlansQueryOptions().queryKey, '/plans');
  },
  '/landing-page': async (_, fetch) => {
    await fetch(publicPlansQueryOptions().queryKey, '/plans');
  },
  '/documenti-legali': async (_, fetch) => {
    await fetch(legalDocumentsQueryOptions().queryKey, '/legal/documents');
  },
  '/signIn': null,
  '/signUp': null,
  '/forgotPassword': null,
  '/resetPassword': null,
  '/confirmationPassword': null,
  '/verifica-firma': null,
  '/prenota': null,
  '/sign': async ({ url }, fetch) => {
    const id = url.searchParams.get('id');
    if (isSigningLinkId(id)) await fetch(publicSignatureQueryKey(id), `/signature/public/${id}`);
  },
  '/prenota/annulla': async ({ url }, fetch) => {
    const token = url.searchParams.get('token');
    if (token) await fetch(patientBookingQueryKey(token), `/appointments/paziente/booking${query({ token })}`);
  },
  '/appuntamento': async ({ url }, fetch) => {
    const token = url.searchParams.get('t');
    if (token) await fetch(reminderLinkQueryKey(token), `/appointments/paziente/promemoria${query({ token })}`);
  },
  // the studio's notice for patients: the page's own data
  '/prenota/:slug/informativa': async ({ params }, fetch) => {
    const slug = (params.slug ?? '').toLowerCase();
    await fetch(publicBookingPageQueryOptions(slug).queryKey, `/booking/${encodeURIComponent(slug)}`);
  },
  // the studio's header and, once the service and the professional are known, the window of free times it opens on
  '/prenota/:slug': async ({ url, params }, fetch) => {
    const slug = (params.slug ?? '').toLowerCase();
    const page = (await fetch(publicBookingPageQueryOptions(slug).queryKey, `/booking/${encodeURIComponent(slug)}`)) as
      | PublicBookingPage
      | undefined;
    if (!page) return;
    const slots = slotsQueryOf(bookingChoiceOf(page, url.searchParams));
    if (!slots) return;
    const { staffMemberId, ...rest } = slots;
    await fetch(
      bookingSlotsQueryKey(slug, slots),
      `/booking/${encodeURIComponent(slug)}/slots${query({ ...rest, ...(staffMemberId ? { staffMemberId } : {}) })}`,
    );
  },
};

/** The server-drawn page `pathname` is, with its router path and parameters; null for a page of the browser only. */
export const matchServerRenderedPage = (pathname: string) => {
  for (const [pattern, data] of Object.entries(serverRenderedPages)) {
    const match = matchPath(pattern, pathname);
    if (match) return { pattern, params: match.params, data };
  }
  return null;
};
