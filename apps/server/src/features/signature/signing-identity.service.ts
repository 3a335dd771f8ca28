import { createSigningIdentity, loadSigningIdentity, type SigningIdentity } from '@studiolo/documents';
import type { AppDeps } from '../../deps.ts';
import { signatureRepository as repo } from './signature.repository.ts';

const serverIdentityName = 'server';
const cache = new WeakMap<object, Promise<SigningIdentity>>();

/**
 * The identity signed PDFs are sealed with (decision 028): the certificate configured for the deployment
 * (SIGNING_P12_BASE64), else the server's own self-signed one, generated on first use and stored with its private key
 * sealed (AES-256-GCM, key derived from AUTH_SECRET for this purpose only).
 */
export const signingIdentityOf = (deps: AppDeps): Promise<SigningIdentity> => {
  let identity = cache.get(deps.db);
  if (!identity) {
    identity = loadIdentity(deps);
    identity.catch(() => cache.delete(deps.db));
    cache.set(deps.db, identity);
  }
  return identity;
};

const loadIdentity = async (deps: AppDeps): Promise<SigningIdentity> => {
  if (deps.config.SIGNING_P12_BASE64)
    return loadSigningIdentity({
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
  const created = await createSigningIdentity({
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
