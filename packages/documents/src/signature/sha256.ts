import { createHash } from 'node:crypto';

/** The SHA-256 of bytes as lowercase hex (the signed document's fingerprint in the dossier and the audit). */
export const sha256Hex = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex');
