import { X509Certificate } from 'node:crypto';
import { formatUiDate } from '@studiolo/domain/shared';
import {
  sistemaTsMessages as m,
  type SistemaTsSectionInput,
  type SistemaTsSettings,
} from '@studiolo/domain/sistema-ts';
import { AppError, invalidField } from '../../shared/app-error.ts';
import type { SecretKeys } from '../../shared/secret-keys.ts';
import type { StudioContext } from '../../shared/studio-context.ts';

/**
 * The settings section sistema-ts as stored: the sender's identity in clear, password and pincode sealed with
 * AES-256-GCM (a key derived from the auth secret, the studio id bound as associated data: shared/secret-keys), the
 * certificate as PEM. Read by the settings feature (to store and answer the section) and by this feature (to send).
 */
type Stored = Record<string, unknown>;

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** A certificate as the user pastes or uploads it (PEM, or the .cer's DER in base64), as PEM; null if unreadable. */
export const certificatePemOf = (input: string): string | null => {
  const body = input.includes('BEGIN CERTIFICATE') ? input : Buffer.from(input.replace(/\s+/g, ''), 'base64');
  try {
    return new X509Certificate(body).toString();
  } catch {
    return null;
  }
};

export const certificateInfoOf = (pem: string, now: Date) => {
  const cert = new X509Certificate(pem);
  const validTo = new Date(cert.validTo);
  return {
    soggetto: cert.subject.replace(/\n/g, ', '),
    validoDal: formatUiDate(new Date(cert.validFrom)),
    validoAl: formatUiDate(validTo),
    scaduto: validTo.getTime() < now.getTime(),
  };
};

/** The stored section after a PATCH (or a POST's replacement, with `before` empty): secrets sealed, others merged. */
export const storedSistemaTsOf = (
  secrets: SecretKeys,
  ctx: StudioContext,
  before: Stored,
  patch: SistemaTsSectionInput,
): Stored => {
  const { password, pincode, certificato, ...plain } = patch;
  const after: Stored = { ...before, ...plain };
  if (password) after.passwordSealed = secrets.seal('sistema-ts-credentials', password, ctx.studioId);
  if (pincode) after.pincodeSealed = secrets.seal('sistema-ts-credentials', pincode, ctx.studioId);
  if (certificato !== undefined) {
    if (certificato === '') delete after.certificato;
    else {
      const pem = certificatePemOf(certificato);
      if (!pem) throw invalidField('certificato', m.certificateInvalid);
      after.certificato = pem;
    }
  }
  if (after.categoria === 'STRUTTURA' && !(after.codiceRegione && after.codiceAsl && after.codiceSSA))
    throw invalidField('codiceSSA', m.strutturaCodes);
  return after;
};

/** The section as GET /settings answers it: what is set, never the secrets. */
export const sistemaTsSettingsOf = (stored: Stored, now: Date): SistemaTsSettings => {
  const pem = text(stored.certificato);
  return {
    categoria: stored.categoria === 'STRUTTURA' ? 'STRUTTURA' : 'PROFESSIONISTA',
    cfProprietario: text(stored.cfProprietario),
    codiceRegione: text(stored.codiceRegione),
    codiceAsl: text(stored.codiceAsl),
    codiceSSA: text(stored.codiceSSA),
    username: text(stored.username),
    passwordSet: Boolean(stored.passwordSealed),
    pincodeSet: Boolean(stored.pincodeSealed),
    certificato: pem ? certificateInfoOf(pem, now) : null,
    invioAutomatico: stored.invioAutomatico === true,
  };
};

/** What sending needs, opened; refused with what to set when something is missing or the certificate expired. */
export type SistemaTsCredentials = {
  categoria: 'PROFESSIONISTA' | 'STRUTTURA';
  cfProprietario: string;
  codiceRegione: string;
  codiceAsl: string;
  codiceSSA: string;
  username: string;
  password: string;
  pincode: string;
  certificatePem: string;
};

export const sistemaTsCredentialsOf = (
  secrets: SecretKeys,
  ctx: { studioId: string },
  stored: Stored,
  now: Date,
  /** The adapter's own certificate (the simulator's), when the studio has loaded none. */
  fallbackCertificatePem: string | null,
): SistemaTsCredentials => {
  const open = (v: unknown) => (typeof v === 'string' ? secrets.open('sistema-ts-credentials', v, ctx.studioId) : null);
  const password = open(stored.passwordSealed);
  const pincode = open(stored.pincodeSealed);
  const pem = text(stored.certificato) || fallbackCertificatePem;
  const cfProprietario = text(stored.cfProprietario);
  if (!cfProprietario || !password || !pincode || !pem) throw new AppError('VALIDATION', m.notConfigured);
  const info = certificateInfoOf(pem, now);
  if (info.scaduto) throw new AppError('VALIDATION', m.certificateExpired(info.validoAl));
  const settings = sistemaTsSettingsOf(stored, now);
  return {
    categoria: settings.categoria,
    cfProprietario,
    codiceRegione: settings.codiceRegione,
    codiceAsl: settings.codiceAsl,
    codiceSSA: settings.codiceSSA,
    username: settings.username || cfProprietario,
    password,
    pincode,
    certificatePem: pem,
  };
};
