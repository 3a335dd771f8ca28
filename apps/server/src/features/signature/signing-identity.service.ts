import { X509Certificate } from 'node:crypto';
import type { SigningIdentity } from '@studiolo/documents';
import { formatUiDate } from '@studiolo/domain/shared';
import { signatureMessages as m, type SigningCertificateState } from '@studiolo/domain/signature';
import type { AppDeps } from '../../deps.ts';
import { invalidField } from '../../shared/app-error.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { signatureDocuments } from './documents.ts';
import { signatureRepository as repo } from './signature.repository.ts';

const serverIdentityName = 'server';
const cache = new WeakMap<object, Promise<SigningIdentity>>();

/** What seals a studio's signed PDFs, and how the dossier names it. */
export type Seal = { identity: SigningIdentity; sealedWith: string };

/** The first certificate of a PEM chain: the signer's own. */
const leafOf = (pem: string) => new X509Certificate(pem);
const oneLine = (dn: string) => dn.replace(/\n/g, ', ');

const infoOf = (pem: string, now: Date) => {
  const cert = leafOf(pem);
  const validTo = new Date(cert.validTo);
  return {
    soggetto: oneLine(cert.subject),
    emittente: oneLine(cert.issuer),
    validoDal: formatUiDate(new Date(cert.validFrom)),
    validoAl: formatUiDate(validTo),
    scaduto: validTo.getTime() < now.getTime(),
  };
};

const isValidAt = (pem: string, now: Date) => {
  const cert = leafOf(pem);
  return new Date(cert.validFrom).getTime() <= now.getTime() && now.getTime() <= new Date(cert.validTo).getTime();
};

/**
 * The identity a studio's signed PDFs are sealed with (decision 028): the studio's own certificate while it is valid,
 * else the one configured for the deployment (SIGNING_P12_BASE64), else the server's own self-signed one.
 */
export const sealOf = async (deps: AppDeps, studioId: string): Promise<Seal> => {
  const own = await studioIdentityOf(deps, studioId);
  if (own && isValidAt(own.certificatePem, deps.now()))
    return { identity: own, sealedWith: m.sealedWithStudio(oneLine(leafOf(own.certificatePem).subject)) };
  const identity = await serverIdentityOf(deps);
  return {
    identity,
    sealedWith: deps.config.SIGNING_P12_BASE64
      ? m.sealedWithDeployment(oneLine(leafOf(identity.certificatePem).subject))
      : m.sealedWithServer,
  };
};

const studioIdentityOf = async (deps: AppDeps, studioId: string): Promise<SigningIdentity | null> => {
  const row = await repo.findStudioCertificate(deps.db, studioId);
  if (!row) return null;
  const privateKeyPem = deps.secrets.open('signing-identity', row.sealedPrivateKey, studioId);
  // SECURITY: a key sealed under another AUTH_SECRET cannot be opened; the server's seal is used instead
  return privateKeyPem ? { certificatePem: row.certificatePem, privateKeyPem } : null;
};

/** GET /signature/certificato. */
export const signingCertificateState = async (deps: AppDeps, ctx: StudioContext): Promise<SigningCertificateState> => {
  const row = await repo.findStudioCertificate(deps.db, ctx.studioId);
  const now = deps.now();
  return {
    studio: row ? infoOf(row.certificatePem, now) : null,
    inUso:
      row && isValidAt(row.certificatePem, now) ? 'STUDIO' : deps.config.SIGNING_P12_BASE64 ? 'CONFIGURATO' : 'SERVER',
  };
};

/** POST /signature/certificato: a PKCS#12 file and its password, checked (readable, with its key, valid today). */
export const uploadSigningCertificate = async (
  deps: AppDeps,
  ctx: StudioContext,
  pkcs12: Buffer,
  password: string,
): Promise<SigningCertificateState> => {
  let identity: SigningIdentity;
  try {
    identity = await (await signatureDocuments()).loadSigningIdentity({ pkcs12, password });
  } catch {
    // a wrong password and a file that is no PKCS#12 (or holds no key) look alike from here
    throw invalidField('file', m.certificateUnreadable);
  }
  const cert = leafOf(identity.certificatePem);
  const now = deps.now();
  if (new Date(cert.validTo).getTime() < now.getTime())
    throw invalidField('file', m.certificateExpired(formatUiDate(new Date(cert.validTo))));
  if (new Date(cert.validFrom).getTime() > now.getTime())
    throw invalidField('file', m.certificateNotYetValid(formatUiDate(new Date(cert.validFrom))));
  await deps.db.transaction(async (tx) => {
    await repo.saveStudioCertificate(tx, {
      studioId: ctx.studioId,
      certificatePem: identity.certificatePem,
      sealedPrivateKey: deps.secrets.seal('signing-identity', identity.privateKeyPem, ctx.studioId),
      uploadedByUserId: ctx.userId,
    });
    await recordAudit(tx, ctx, { action: 'settings.signing-certificate.upload', entityType: 'settings' });
  });
  return signingCertificateState(deps, ctx);
};

/** DELETE /signature/certificato: back to the deployment's or the server's certificate. */
export const removeSigningCertificate = async (deps: AppDeps, ctx: StudioContext) => {
  await deps.db.transaction(async (tx) => {
    if (await repo.deleteStudioCertificate(tx, ctx.studioId))
      await recordAudit(tx, ctx, { action: 'settings.signing-certificate.remove', entityType: 'settings' });
  });
  return signingCertificateState(deps, ctx);
};

/** The deployment's identity: SIGNING_P12_BASE64, else the server's self-signed one (generated once, kept sealed). */
const serverIdentityOf = (deps: AppDeps): Promise<SigningIdentity> => {
  let identity = cache.get(deps.db);
  if (!identity) {
    identity = loadServerIdentity(deps);
    identity.catch(() => cache.delete(deps.db));
    cache.set(deps.db, identity);
  }
  return identity;
};

const loadServerIdentity = async (deps: AppDeps): Promise<SigningIdentity> => {
  if (deps.config.SIGNING_P12_BASE64)
    return (await signatureDocuments()).loadSigningIdentity({
      pkcs12: Buffer.from(deps.config.SIGNING_P12_BASE64, 'base64'),
      password: deps.config.SIGNING_P12_PASSWORD ?? '',
    });
  const stored = await repo.findIdentity(deps.db, serverIdentityName);
  if (stored) {
    const privateKeyPem = deps.secrets.open('signing-identity', stored.sealedPrivateKey, serverIdentityName);
    // SECURITY: a key sealed under another AUTH_SECRET cannot be opened; refuse rather than sign with a new one silently
    if (!privateKeyPem) throw new Error('the stored signing key cannot be opened with this AUTH_SECRET');
    return { certificatePem: stored.certificatePem, privateKeyPem };
  }
  const created = await (await signatureDocuments()).createSigningIdentity({
    commonName: 'Studiolo - sigillo documenti firmati',
    organization: 'Studiolo',
  });
  await repo.insertIdentity(deps.db, {
    name: serverIdentityName,
    certificatePem: created.certificatePem,
    sealedPrivateKey: deps.secrets.seal('signing-identity', created.privateKeyPem, serverIdentityName),
  });
  // two servers may have raced: the stored one wins
  const winner = await repo.findIdentity(deps.db, serverIdentityName);
  if (!winner || winner.certificatePem === created.certificatePem) return created;
  const key = deps.secrets.open('signing-identity', winner.sealedPrivateKey, serverIdentityName);
  if (!key) throw new Error('the stored signing key cannot be opened with this AUTH_SECRET');
  return { certificatePem: winner.certificatePem, privateKeyPem: key };
};
