import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Cliente, Fattura, FatturaInput } from '@studiolo/domain/invoices';
import type { RegimeFiscale } from '@studiolo/domain/studio';
import { bank, makeFattura, paziente } from '@studiolo/domain/testing';
import type { Cipher } from './crypto.ts';
import type { DocumentoSpesa, Precompilata, TipoSpesa } from './model.ts';

/** The official schema and files of the Sistema TS kit (fixtures/, read in place; see fixtures/PROVENANCE.md). */
export const fixturesDir = path.resolve(import.meta.dirname, '../fixtures');
export const schemaPath = path.join(fixturesDir, '730_precompilata.xsd');

/** xmllint's verdict on a file against the official schema, offline: null when valid, else its message. */
export const xsdErrors = (xml: string): string | null => {
  const r = spawnSync('xmllint', ['--noout', '--nonet', '--schema', schemaPath, '-'], {
    input: xml,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return r.status === 0 ? null : r.stderr || `xmllint exit ${r.status}`;
};

/** A cipher that marks instead of encrypting, for tests that read the file back (never for a real file). */
export const clearCipher: Cipher = (plaintext) => `CHIARO:${plaintext}`;

/** The studio's owner code (the physiotherapist of @studiolo/domain/testing). */
export const cfProprietario = 'FRRGLI85M41A944G';
export const pIvaStudio = '03456780372';

const pazienteId = '8a7f0e3c-2b1d-4c5e-9f6a-0b1c2d3e4f5a';
const noCassa = { cassaPrevidenziale: { active: false, value: 0, typeValue: 'PERCENTAGE' as const } };

const base = (over: Partial<FatturaInput>): FatturaInput => ({
  pazienteId,
  tipoDocumento: 'FATTURA_SANITARIA',
  dataFattura: '20-11-2026',
  dataScadenza: '20-12-2026',
  metodoPagamento: 'Bonifico bancario',
  pagata: true,
  dataIncasso: '21-11-2026',
  prestazione: [{ descrizione: 'Seduta di fisioterapia', quantita: 1, prezzoPerUnita: 50, codiceIvaId: 12 }],
  coordinateBancarie: bank,
  tassazione: { ...noCassa, ivaAndRivalsaInclusa: false },
  ...over,
});

export type Case = { name: string; fattura: Fattura };
const make = (
  name: string,
  input: FatturaInput,
  regime: RegimeFiscale = 'RF_01',
  cliente: Cliente = paziente,
  numero = 21,
): Case => ({ name, fattura: makeFattura(input, regime, { numero, paziente: cliente }) });

/** Health documents of a physiotherapy studio, one for every path of the record (issue 14, "Done means"). */
export const spesaCases = () => {
  const esente = make(
    'prestazioni esenti N4 con bollo a carico del paziente, bonifico',
    base({
      prestazione: [
        { descrizione: 'Ciclo di 10 sedute di riabilitazione', quantita: 10, prezzoPerUnita: 45, codiceIvaId: 12 },
      ],
    }),
  );
  const forfettario = make(
    'regime forfettario N2.2, rivalsa INPS inclusa nei prezzi, bollo addebitato',
    base({
      prestazione: [
        { descrizione: 'Seduta di osteopatia', quantita: 3, prezzoPerUnita: 60, codiceIvaId: 4 },
        { descrizione: 'Valutazione iniziale', quantita: 1, prezzoPerUnita: 80, codiceIvaId: 4, sconto: 10 },
      ],
      tassazione: {
        cassaPrevidenziale: { active: true, value: 4, typeValue: 'PERCENTAGE' },
        ivaAndRivalsaInclusa: true,
      },
    }),
    'RF_19',
    paziente,
    22,
  );
  const contanti = make(
    'pagamento in contanti',
    base({ metodoPagamento: 'Contanti', coordinateBancarie: null }),
    'RF_01',
    paziente,
    23,
  );
  const opposizione = make(
    'paziente che si oppone al Sistema TS',
    base({ metodoPagamento: 'Carta di debito' }),
    'RF_01',
    { ...paziente, opposizioneTs: true },
    24,
  );
  const iva = make(
    'prestazione con IVA 22% e prestazione esente: aliquota e natura',
    base({
      prestazione: [
        { descrizione: 'Seduta di fisioterapia', quantita: 2, prezzoPerUnita: 50, codiceIvaId: 12 },
        { descrizione: 'Massaggio rilassante (non sanitario)', quantita: 1, prezzoPerUnita: 40, codiceIvaId: 1 },
      ],
    }),
    'RF_01',
    paziente,
    25,
  );
  const tipi = make(
    'più righe con tipi di spesa diversi: prestazione, dispositivo medico, altre spese',
    base({
      metodoPagamento: 'Carta di credito',
      prestazione: [
        { descrizione: 'Seduta di fisioterapia', quantita: 2, prezzoPerUnita: 55, codiceIvaId: 12 },
        { descrizione: 'Plantare su misura (dispositivo medico CE)', quantita: 1, prezzoPerUnita: 120, codiceIvaId: 7 },
        { descrizione: 'Tutore di polso (dispositivo medico CE)', quantita: 1, prezzoPerUnita: 30.5, codiceIvaId: 7 },
        { descrizione: 'Seduta di riabilitazione', quantita: 1, prezzoPerUnita: 45, codiceIvaId: 12 },
      ],
    }),
    'RF_01',
    paziente,
    26,
  );
  const enpap = make(
    'psicologa con contributo integrativo ENPAP 2% su prestazioni esenti',
    base({
      prestazione: [{ descrizione: 'Colloquio psicologico', quantita: 4, prezzoPerUnita: 70, codiceIvaId: 12 }],
      tassazione: {
        cassaPrevidenzialeType: 'ENPAP',
        cassaPrevidenziale: { active: true, value: 2, typeValue: 'PERCENTAGE' },
        ivaAndRivalsaInclusa: false,
      },
    }),
    'RF_01',
    paziente,
    27,
  );
  const notaDiCredito = make(
    'nota di credito di una fattura sanitaria: rimborso',
    base({
      tipoDocumento: 'NOTA_DI_CREDITO',
      dataFattura: '23-11-2026',
      pagata: false,
      dataIncasso: undefined,
      numeroFatturaCollegata: '21/2026',
      dataFatturaCollegata: '20-11-2026',
      prestazione: [
        { descrizione: 'Storno di una seduta non effettuata', quantita: 1, prezzoPerUnita: 45, codiceIvaId: 12 },
      ],
    }),
    'RF_01',
    paziente,
    3,
  );
  return { esente, forfettario, contanti, opposizione, iva, tipi, enpap, notaDiCredito };
};

/** The resolver of the test studio: devices are AD, the rest health services. */
export const tipoSpesaDiProva = (riga: { descrizione: string }): TipoSpesa =>
  /dispositivo medico/i.test(riga.descrizione) ? 'AD' : 'SP';

/** A valid record for a file (the checks pass on it with today 2026-11-25). */
export const documentoDiProva = (n: number, over: Partial<DocumentoSpesa> = {}): DocumentoSpesa => ({
  idSpesa: {
    pIva: pIvaStudio,
    dataEmissione: '2026-11-20',
    numDocumentoFiscale: { dispositivo: 1, numDocumento: `${n}/2026` },
  },
  dataPagamento: '2026-11-21',
  flagOperazione: 'I',
  cfCittadino: 'RSSMRC80A01A944K',
  pagamentoTracciato: 'SI',
  tipoDocumento: 'F',
  flagOpposizione: '0',
  voci: [{ tipoSpesa: 'SP', importoCents: 4500 + (n % 50) * 100, aliquotaIva: null, naturaIva: 'N4' }],
  ...over,
});

/**
 * A year of a busy studio: n records, one in ten of a patient who opposes, one in five paid in cash, one in twenty a
 * device with VAT 4 % besides the session (what the benchmark builds and checks).
 */
export const speseSanitarieDiProva = (n: number): Precompilata => ({
  proprietario: { cfProprietario },
  documentiSpesa: Array.from({ length: n }, (_, i) =>
    documentoDiProva(i + 1, {
      ...(i % 10 === 9 ? { cfCittadino: null, flagOpposizione: '1' as const } : {}),
      ...(i % 5 === 4 ? { pagamentoTracciato: 'NO' as const } : {}),
      ...(i % 20 === 19
        ? {
            voci: [
              { tipoSpesa: 'SP' as const, importoCents: 5000, aliquotaIva: null, naturaIva: 'N4' },
              { tipoSpesa: 'AD' as const, importoCents: 12000, aliquotaIva: 4, naturaIva: null },
            ],
          }
        : {}),
    }),
  ),
});

/** A throw-away RSA key pair and self-signed certificate made by openssl (PEM texts). */
export type TestCertificate = { certificatePem: string; privateKeyPem: string };

/** @returns a self-signed certificate like SanitelCF (RSA 1024 unless told, CN=SanitelCF test) valid `days` days from now. */
export const makeTestCertificate = (options: { bits?: number; days?: number } = {}): TestCertificate => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sistema-ts-cert-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    const r = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        `rsa:${options.bits ?? 1024}`,
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        String(options.days ?? 30),
        '-subj',
        '/C=IT/O=Studiolo test/OU=Servizi Telematici/CN=SanitelCF test',
      ],
      { encoding: 'utf8' },
    );
    if (r.status !== 0) throw new Error(`openssl req: ${r.stderr}`);
    return { certificatePem: readFileSync(cert, 'utf8'), privateKeyPem: readFileSync(key, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/**
 * @returns the plaintext of a base64 RSA PKCS#1 v1.5 ciphertext, decrypted by `openssl pkeyutl` with the private key:
 * an implementation independent of Node's (whose PKCS#1 v1.5 private decryption depends on the OpenSSL it is built
 * with since the Marvin attack fix, CVE-2023-46809; the project's Node 24 allows it through implicit rejection).
 */
export const decryptWithOpenssl = (privateKeyPem: string, base64: string): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sistema-ts-dec-'));
  try {
    const key = path.join(dir, 'key.pem');
    writeFileSync(key, privateKeyPem, { mode: 0o600 });
    const r = spawnSync('openssl', ['pkeyutl', '-decrypt', '-inkey', key, '-pkeyopt', 'rsa_padding_mode:pkcs1'], {
      input: Buffer.from(base64, 'base64'),
    });
    if (r.status !== 0) throw new Error(`openssl pkeyutl: ${r.stderr.toString()}`);
    return r.stdout.toString('utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
