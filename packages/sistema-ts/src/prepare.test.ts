import { beforeAll, describe, expect, it } from 'vitest';
import { sistemaTsCipher } from './crypto.ts';
import type { DocumentoSpesa } from './model.ts';
import { prepareInvio } from './prepare.ts';
import {
  cfProprietario,
  clearCipher,
  documentoDiProva,
  makeTestCertificate,
  speseSanitarieDiProva,
  type TestCertificate,
  xsdErrors,
} from './testing.ts';

const today = '2026-11-25';

describe('prepareInvio', () => {
  it('sends the records that pass and keeps the others back with their reasons', () => {
    const file = {
      proprietario: { cfProprietario },
      documentiSpesa: [
        documentoDiProva(1),
        documentoDiProva(2, { cfCittadino: 'RSSMRC80A01A944X' }),
        documentoDiProva(3),
      ],
    };
    const prepared = prepareInvio(file, { today, cipher: clearCipher });
    expect(prepared.errors.map((e) => [e.codice, e.documento])).toEqual([['S011', 1]]);
    expect(prepared.inviati.map((d) => d.idSpesa.numDocumentoFiscale.numDocumento)).toEqual(['1/2026', '3/2026']);
    expect(prepared.xml).not.toBeNull();
    expect(xsdErrors(prepared.xml as string)).toBeNull();
    expect(prepared.xml).not.toContain('2/2026');
  });

  it('sends nothing when the file itself is wrong (its owner), or when no record passes', () => {
    const wrongOwner = { proprietario: { cfProprietario: 'X' }, documentiSpesa: [documentoDiProva(1)] };
    expect(prepareInvio(wrongOwner, { today, cipher: clearCipher })).toMatchObject({ xml: null, inviati: [] });
    const noneGood: DocumentoSpesa[] = [documentoDiProva(1, { dataPagamento: '' })];
    const prepared = prepareInvio(
      { proprietario: { cfProprietario }, documentiSpesa: noneGood },
      { today, cipher: clearCipher },
    );
    expect(prepared).toMatchObject({ xml: null, inviati: [] });
    expect(prepared.errors.map((e) => e.codice)).toEqual(['DATA_PAGAMENTO']);
  });
});

describe('a year of a busy studio', () => {
  let certificate: TestCertificate;
  beforeAll(() => {
    certificate = makeTestCertificate();
  });

  it('10,000 records checked, encrypted and written as one file valid against the official schema', () => {
    const file = speseSanitarieDiProva(10_000);
    const prepared = prepareInvio(file, { today, cipher: sistemaTsCipher(certificate.certificatePem) });
    expect(prepared.errors).toEqual([]);
    expect(prepared.inviati).toHaveLength(10_000);
    const xml = prepared.xml as string;
    expect(xml.match(/<documentoSpesa>/g)).toHaveLength(10_000);
    // one in ten patients opposes: 9,000 citizen codes, each encrypted (172 base64 characters with RSA 1024)
    expect(xml.match(/<cfCittadino>[A-Za-z0-9+/=]{172}<\/cfCittadino>/g)).toHaveLength(9_000);
    expect(xml).not.toContain('RSSMRC80A01A944K');
    expect(xsdErrors(xml)).toBeNull();
  }, 60_000);
});
