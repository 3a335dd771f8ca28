import type { Fattura } from '@studiolo/domain/invoices';
import {
  cfProprietario,
  decryptWithOpenssl,
  makeTestCertificate,
  pIvaStudio,
  spesaCases,
  xsdErrors,
} from '@studiolo/sistema-ts/testing';
import { describe, expect, it } from 'vitest';
import type { SistemaTsCredentials } from './sistema-ts.credentials.ts';
import { cancellazioneOf, contenutoOf, prepareFile, recordOf } from './sistema-ts.records.ts';

/*
 * The files the server queues, written by packages/sistema-ts and checked by xmllint against the official
 * 730_precompilata.xsd (packages/sistema-ts/fixtures, with its provenance), encrypted with a throw-away certificate
 * and read back with openssl.
 */
const { certificatePem, privateKeyPem } = makeTestCertificate();
const cases = spesaCases();
const today = '2026-12-01';
const professionista: SistemaTsCredentials = {
  categoria: 'PROFESSIONISTA',
  cfProprietario,
  codiceRegione: '',
  codiceAsl: '',
  codiceSSA: '',
  username: cfProprietario,
  password: 'segreta',
  pincode: '1234567890',
  certificatePem,
};
const recordI = (f: Fattura) => recordOf(f, { operazione: 'I', pIva: pIvaStudio });
const encryptedCf = (xml: string) =>
  [...xml.matchAll(/<cfCittadino>([^<]+)<\/cfCittadino>/g)].map((m) => m[1] as string);

describe('the file the server sends to the Sistema TS', () => {
  it('inserimento, opposition and rimborso in one file valid against the official schema, codes encrypted', () => {
    const records = [cases.esente, cases.opposizione, cases.notaDiCredito].map((c) => recordI(c.fattura));
    const prepared = prepareFile(professionista, records, today);
    expect(prepared.erroriFile).toEqual([]);
    expect(prepared.errori).toEqual([[], [], []]);
    const xml = prepared.xml as string;
    expect(xsdErrors(xml)).toBeNull();
    expect(records.map((r) => r.flagOperazione)).toEqual(['I', 'I', 'R']);
    // the patient who opposes has no citizen code in the file; the others' are encrypted and read back
    expect(encryptedCf(xml).map((c) => decryptWithOpenssl(privateKeyPem, c))).toEqual([
      cases.esente.fattura.paziente.codiceFiscale,
      cases.notaDiCredito.fattura.paziente.codiceFiscale,
    ]);
    expect(xml).toContain('<flagOpposizione>1</flagOpposizione>');
    expect(xml).not.toContain(cases.esente.fattura.paziente.codiceFiscale as string);
    const owner = /<cfProprietario>([^<]+)<\/cfProprietario>/.exec(xml)?.[1] as string;
    expect(decryptWithOpenssl(privateKeyPem, owner)).toBe(cfProprietario);
  });

  it('a variazione and the cancellazione of an accepted rimborso are valid files', () => {
    const variazione = recordOf(cases.esente.fattura, { operazione: 'V', pIva: pIvaStudio });
    const cancellazione = cancellazioneOf(recordI(cases.notaDiCredito.fattura));
    expect(cancellazione).toMatchObject({ flagOperazione: 'C' });
    expect(cancellazione).not.toHaveProperty('idRimborso');
    const prepared = prepareFile(professionista, [variazione, cancellazione], today);
    expect(prepared.errori).toEqual([[], []]);
    expect(xsdErrors(prepared.xml as string)).toBeNull();
  });

  it('a structure sends with its region, ASL and structure codes', () => {
    const struttura = {
      ...professionista,
      categoria: 'STRUTTURA' as const,
      codiceRegione: '080',
      codiceAsl: '105',
      codiceSSA: '123456',
    };
    const xml = prepareFile(struttura, [recordI(cases.esente.fattura)], today).xml as string;
    expect(xml).toContain('<codiceRegione>080</codiceRegione><codiceAsl>105</codiceAsl><codiceSSA>123456</codiceSSA>');
    expect(xsdErrors(xml)).toBeNull();
  });

  it('a record the Sistema TS would refuse waits with its reason and does not hold back the others', () => {
    const future = recordI({ ...cases.esente.fattura, dataIncasso: '30-12-2026' });
    const good = recordI(cases.contanti.fattura);
    const prepared = prepareFile(professionista, [future, good], today);
    expect(prepared.errori[0]).toEqual([
      expect.objectContaining({ codice: 'DATA_PAGAMENTO', suggerimento: expect.any(String) }),
    ]);
    expect(prepared.errori[1]).toEqual([]);
    const xml = prepared.xml as string;
    expect(xml.match(/<documentoSpesa>/g)).toHaveLength(1);
    expect(xml).toContain('<pagamentoTracciato>NO</pagamentoTracciato>');
    expect(xsdErrors(xml)).toBeNull();
  });

  it('a wrong sender code stops the whole file', () => {
    const prepared = prepareFile(
      { ...professionista, cfProprietario: 'RSSMRA85T10A562X' },
      [recordI(cases.esente.fattura)],
      today,
    );
    expect(prepared.erroriFile.map((e) => e.codice)).toEqual(['CF_PROPRIETARIO']);
    expect(prepared.xml).toBeNull();
  });

  it('a change of the amount is a change of the content; the operation is not', () => {
    const sent = recordI(cases.esente.fattura);
    expect(contenutoOf(recordOf(cases.esente.fattura, { operazione: 'V', pIva: pIvaStudio }))).toBe(contenutoOf(sent));
    // read back from jsonb: keys in another order, undefined fields gone
    expect(contenutoOf(JSON.parse(JSON.stringify(sent)))).toBe(contenutoOf(sent));
    const changed = { ...cases.esente.fattura, dataIncasso: '22-11-2026' };
    expect(contenutoOf(recordI(changed))).not.toBe(contenutoOf(sent));
  });
});
