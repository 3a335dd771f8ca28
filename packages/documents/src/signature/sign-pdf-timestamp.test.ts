import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFormTemplatePdf } from '../form-template.pdf.ts';
import { signPdf } from './sign-pdf.ts';
import { createSigningIdentity, type SigningIdentity } from './signing-identity.ts';
import { verifySignedPdf } from './verify-signed-pdf.ts';

/**
 * PAdES B-T against a real RFC 3161 timestamp authority on this machine: openssl's `ts -reply` behind a local HTTP
 * endpoint (there is no internet here to reach a public one).
 */
const dir = mkdtempSync(join(tmpdir(), 'studiolo-tsa-'));
let server: Server;
let tsaUrl: string;
let requests = 0;
let identity: SigningIdentity;
let pdf: Uint8Array;

const openssl = (args: string[]) => execFileSync('/usr/bin/openssl', args, { stdio: 'pipe', cwd: dir });

beforeAll(async () => {
  openssl([
    ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'tsa.key', '-out', 'tsa.crt', '-days', '30'],
    ...['-subj', '/CN=Test TSA/O=Studiolo tests/C=IT'],
    ...['-addext', 'extendedKeyUsage=critical,timeStamping', '-addext', 'keyUsage=critical,digitalSignature'],
  ]);
  writeFileSync(join(dir, 'serial'), '01\n');
  writeFileSync(
    join(dir, 'tsa.cnf'),
    [
      '[ tsa ]',
      'default_tsa = tsa_config',
      '[ tsa_config ]',
      `dir = ${dir}`,
      'serial = $dir/serial',
      'signer_cert = $dir/tsa.crt',
      'certs = $dir/tsa.crt',
      'signer_key = $dir/tsa.key',
      'signer_digest = sha256',
      'default_policy = 1.2.3.4.1',
      'other_policies = 1.2.3.4.5',
      'digests = sha256, sha384, sha512',
      'accuracy = secs:1',
      'ess_cert_id_alg = sha256',
      '',
    ].join('\n'),
  );
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests++;
      if (request.url === '/silent') return;
      if (request.url === '/broken') {
        response.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end('not a reply');
        return;
      }
      writeFileSync(join(dir, 'query.tsq'), Buffer.concat(chunks));
      openssl(['ts', '-reply', '-config', 'tsa.cnf', '-queryfile', 'query.tsq', '-out', 'reply.tsr']);
      response
        .writeHead(200, { 'content-type': 'application/timestamp-reply' })
        .end(readFileSync(join(dir, 'reply.tsr')));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  tsaUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsr`;
  identity = await createSigningIdentity({ commonName: 'Studio Fisioterapia Bianchi' });
  pdf = await buildFormTemplatePdf({ title: 'Consenso', html: '<p>Acconsento.</p>', date: '25-11-2026' });
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('signPdf with a timestamp authority (PAdES B-T)', () => {
  it('embeds the TSA token: poppler reports the signature valid, verifySignedPdf dates it by the TSA', async () => {
    const before = requests;
    const claimed = new Date('2026-01-01T08:00:00Z');
    const signed = await signPdf(pdf, {
      identity,
      reason: 'Firma',
      signerName: 'Mario Rossi',
      timestampUrl: tsaUrl,
      signingTime: claimed,
    });
    expect(requests).toBe(before + 1);

    const contents = /\/Contents\s*<([0-9a-fA-F]+)>/.exec(Buffer.from(signed).toString('latin1'))?.[1] ?? '';
    // id-aa-timeStampToken 1.2.840.113549.1.9.16.2.14, DER-encoded
    expect(Buffer.from(contents, 'hex').includes(Buffer.from('060b2a864886f70d010910020e', 'hex'))).toBe(true);

    const file = join(dir, 'signed.pdf');
    writeFileSync(file, signed);
    const report = execFileSync('/usr/bin/pdfsig', [file], { encoding: 'utf8', stdio: 'pipe' });
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Total document signed');

    const [signature] = (await verifySignedPdf(signed)).signatures;
    expect(signature?.intact).toBe(true);
    expect(signature?.timestamped).toBe(true);
    expect(Math.abs((signature?.signedAt?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it('fails rather than sign without the timestamp when the TSA answers nonsense', async () => {
    await expect(
      signPdf(pdf, {
        identity,
        reason: 'Firma',
        signerName: 'Mario Rossi',
        timestampUrl: tsaUrl.replace('/tsr', '/broken'),
      }),
    ).rejects.toThrow(/could not be signed/);
  });

  it('gives up on a timestamp authority that does not answer', async () => {
    const started = Date.now();
    await expect(
      signPdf(pdf, {
        identity,
        reason: 'Firma',
        signerName: 'Mario Rossi',
        timestampUrl: tsaUrl.replace('/tsr', '/silent'),
        timestampTimeoutMs: 300,
      }),
    ).rejects.toThrow(/could not be signed/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
