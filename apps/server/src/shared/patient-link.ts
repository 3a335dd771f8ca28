import { createHash } from 'node:crypto';
import type { AppDeps } from '../deps.ts';
import type { KeyPurpose } from './secret-keys.ts';

/**
 * A patient's link token (the cancel link of an online booking, decision 035; the confirm/cancel link of a reminder,
 * decision 036): an HMAC-SHA256 of the row it names with the server's key for that purpose, 43 base64url characters
 * (256 bits, unguessable without the key). Being derived, the same row always gets the same token, so a later message
 * can carry the link again. Only its SHA-256 (`patientLinkHashOf`) is stored, looked up by a unique index: a token
 * that matches no row is forged (or its row is gone). The token travels in a query string or a body, never in a
 * path, so the request log (paths only) never holds it.
 */
export const patientLinkTokenOf = (
  deps: Pick<AppDeps, 'secrets'>,
  purpose: Extract<KeyPurpose, 'booking-cancel' | 'reminder-link'>,
  payload: Record<string, string>,
) => deps.secrets.sign(purpose, payload).split('.')[1] as string;

/** What is stored of a link token: its SHA-256, hex. */
export const patientLinkHashOf = (token: string) => createHash('sha256').update(token).digest('hex');
