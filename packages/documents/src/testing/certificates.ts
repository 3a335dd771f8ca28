import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * For tests: a studio's certificate as its CA would issue it, made by openssl — a PKCS#12 file (RSA 2048) for
 * "C=IT, O=<organization>, CN=<commonName>" issued by "C=IT, CN=Test CA", valid `days` from now, the CA in the chain.
 * @returns the file's bytes and its path (in a fresh temporary folder).
 */
export const caIssuedPkcs12 = ({
  organization = 'Verdi SRL',
  commonName = 'Studio Verdi',
  password = 'segreto',
  days = 30,
}: {
  organization?: string;
  commonName?: string;
  password?: string;
  days?: number;
} = {}) => {
  const dir = mkdtempSync(join(tmpdir(), 'studiolo-p12-'));
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe', cwd: dir });
  const ca = ['-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt', '-subj', '/C=IT/CN=Test CA'];
  openssl('req', '-x509', ...ca, '-days', String(days + 30));
  const subject = `/C=IT/O=${organization}/CN=${commonName}`;
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'studio.key', '-out', 'studio.csr', '-subj', subject);
  openssl(
    ...['x509', '-req', '-in', 'studio.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial'],
    ...['-out', 'studio.crt', '-days', String(days)],
  );
  openssl(
    ...['pkcs12', '-export', '-inkey', 'studio.key', '-in', 'studio.crt', '-certfile', 'ca.crt'],
    ...['-out', 'studio.p12', '-passout', `pass:${password}`],
  );
  const file = join(dir, 'studio.p12');
  return { pkcs12: readFileSync(file), file };
};
