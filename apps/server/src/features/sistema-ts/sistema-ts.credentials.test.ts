import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSecretKeys } from '../../shared/secret-keys.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import {
  certificateInfoOf,
  certificatePemOf,
  sistemaTsCredentialsOf,
  sistemaTsSettingsOf,
  storedSistemaTsOf,
} from './sistema-ts.credentials.ts';

const pem = readFileSync(new URL('../../adapters/sistema-ts/simulator-certificate.pem', import.meta.url), 'utf8');
const secrets = createSecretKeys('a-secret-of-at-least-thirty-two-characters!!');
const ctx = { studioId: '11111111-1111-4111-8111-111111111111' } as StudioContext;
const now = new Date('2027-01-15T10:00:00Z');

/** The Sistema TS's own certificate of 2015 (expired in 2018): test/fixtures/sistema-ts/PROVENANCE.md. */
const sanitel2015 = readFileSync(new URL('../../../test/fixtures/sistema-ts/SanitelCF-2015.cer', import.meta.url));

describe('the Sistema TS settings at rest', () => {
  it('seals password and pincode, answers only that they are set, and opens them for sending', () => {
    const stored = storedSistemaTsOf(
      secrets,
      ctx,
      {},
      {
        cfProprietario: 'RSSMRA85T10A562S',
        password: 'Segreta-1',
        pincode: '1234567890',
        certificato: pem,
      },
    );
    expect(JSON.stringify(stored)).not.toContain('Segreta-1');
    expect(JSON.stringify(stored)).not.toContain('1234567890');
    expect(sistemaTsSettingsOf(stored, now)).toMatchObject({ passwordSet: true, pincodeSet: true, username: '' });
    const c = sistemaTsCredentialsOf(secrets, ctx, stored, now, null);
    expect(c).toMatchObject({ password: 'Segreta-1', pincode: '1234567890', username: 'RSSMRA85T10A562S' });
    // sealed for one studio, it does not open for another
    expect(() => sistemaTsCredentialsOf(secrets, { studioId: 'other' }, stored, now, null)).toThrow();
  });

  it('reads a certificate as PEM or as base64 DER, and says when it has expired', () => {
    const der = pem.replace(/-----[^-]+-----|\s/g, '');
    expect(certificatePemOf(der)).toBe(certificatePemOf(pem));
    expect(certificatePemOf('not a certificate')).toBeNull();
    expect(certificateInfoOf(pem, now)).toMatchObject({ scaduto: false });
    expect(certificateInfoOf(pem, new Date('2040-01-01T00:00:00Z')).scaduto).toBe(true);
    const stored = storedSistemaTsOf(
      secrets,
      ctx,
      {},
      {
        cfProprietario: 'RSSMRA85T10A562S',
        password: 'x',
        pincode: '1234567890',
        certificato: pem,
      },
    );
    expect(() => sistemaTsCredentialsOf(secrets, ctx, stored, new Date('2040-01-01T00:00:00Z'), null)).toThrow(
      /scaduto/,
    );
  });

  it('the real SanitelCF certificate of 2015, uploaded as its .cer: read, and refused for sending as expired', () => {
    const stored = storedSistemaTsOf(
      secrets,
      ctx,
      {},
      {
        cfProprietario: 'RSSMRA85T10A562S',
        password: 'x',
        pincode: '1234567890',
        certificato: sanitel2015.toString('base64'),
      },
    );
    expect(sistemaTsSettingsOf(stored, now).certificato).toMatchObject({
      soggetto: expect.stringContaining('CN=SanitelCF'),
      validoAl: '23-04-2018',
      scaduto: true,
    });
    expect(() => sistemaTsCredentialsOf(secrets, ctx, stored, now, null)).toThrow(
      'Il certificato del Sistema TS è scaduto il 23-04-2018',
    );
  });
});
