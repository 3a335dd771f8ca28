import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPrecompilataXml, formatAliquota, formatImporto } from './build.ts';
import { spesaSanitariaOf } from './from-fattura.ts';
import { type DocumentoSpesa, idSpesaKey, type Precompilata } from './model.ts';
import {
  cfProprietario,
  clearCipher,
  documentoDiProva,
  fixturesDir,
  spesaCases,
  tipoSpesaDiProva,
  xsdErrors,
} from './testing.ts';
import { checkSpeseSanitarie } from './ts-checks.ts';

const today = '2026-11-25';
const fileOf = (...documentiSpesa: DocumentoSpesa[]): Precompilata => ({
  proprietario: { cfProprietario },
  documentiSpesa,
});
const xmlOf = (...documentiSpesa: DocumentoSpesa[]) => buildPrecompilataXml(fileOf(...documentiSpesa), clearCipher);
const cases = spesaCases();
const recordOf = (name: keyof typeof cases, options: Parameters<typeof spesaSanitariaOf>[1] = {}) =>
  spesaSanitariaOf(cases[name].fattura, { tipoSpesaOf: tipoSpesaDiProva, ...options });

describe('the official schema', () => {
  it('accepts the example file of the Sistema TS kit (the fixture is the real schema)', () => {
    expect(xsdErrors(readFileSync(path.join(fixturesDir, 'esempio-psicologo.xml'), 'utf8'))).toBeNull();
  });

  it('refuses a record without voceSpesa (the validation is not a no-op)', () => {
    const xml = xmlOf(documentoDiProva(1)).replace(/<voceSpesa>.*<\/voceSpesa>/, '');
    expect(xsdErrors(xml)).toContain('voceSpesa');
  });
});

describe('records of every case, against the official schema and the Sistema TS checks', () => {
  for (const [name, c] of Object.entries(cases)) {
    it(`${c.name}: valid and free of errors`, () => {
      const record = recordOf(name as keyof typeof cases);
      expect(xsdErrors(xmlOf(record))).toBeNull();
      expect(checkSpeseSanitarie(fileOf(record), { today })).toEqual([]);
    });

    it(`${c.name}: the voci add up to the document's total`, () => {
      const record = recordOf(name as keyof typeof cases);
      const sum = record.voci.reduce((s, v) => s + v.importoCents, 0);
      expect(sum).toBe(Math.round(c.fattura.totali.totale * 100));
    });
  }

  it('variazione and cancellazione of a document already sent: valid, and accepted by the checks', () => {
    const inserito = recordOf('esente');
    const inviati = new Set([idSpesaKey(inserito.idSpesa)]);
    const variazione = recordOf('esente', { operazione: 'V', dataPagamento: '2026-11-22' });
    const cancellazione = recordOf('esente', { operazione: 'C' });
    for (const record of [variazione, cancellazione]) {
      expect(xsdErrors(xmlOf(record))).toBeNull();
      expect(checkSpeseSanitarie(fileOf(record), { today, inviati })).toEqual([]);
    }
    expect(xmlOf(variazione)).toContain('<dataPagamento>2026-11-22</dataPagamento><flagOperazione>V</flagOperazione>');
    expect(xmlOf(cancellazione)).toContain('<flagOperazione>C</flagOperazione>');
  });

  it('a whole file with every case, the owner of a structure included, is one valid document', () => {
    const file: Precompilata = {
      proprietario: { codiceRegione: '080', codiceAsl: '105', codiceSSA: '123456', cfProprietario },
      documentiSpesa: Object.keys(cases).map((n) => recordOf(n as keyof typeof cases)),
    };
    const xml = buildPrecompilataXml(file, clearCipher);
    expect(xsdErrors(xml)).toBeNull();
    expect(xml).toContain(
      `<proprietario><codiceRegione>080</codiceRegione><codiceAsl>105</codiceAsl><codiceSSA>123456</codiceSSA><cfProprietario>CHIARO:${cfProprietario}</cfProprietario></proprietario>`,
    );
    expect(xml.match(/<documentoSpesa>/g)).toHaveLength(Object.keys(cases).length);
  });
});

describe('what the file says', () => {
  it('an ordinary health invoice: the elements in the schema’s order, the stamp duty as AA outside VAT', () => {
    expect(xmlOf(recordOf('esente'))).toContain(
      [
        '<documentoSpesa><idSpesa><pIva>03456780372</pIva><dataEmissione>2026-11-20</dataEmissione>',
        '<numDocumentoFiscale><dispositivo>1</dispositivo><numDocumento>21/2026</numDocumento></numDocumentoFiscale></idSpesa>',
        '<dataPagamento>2026-11-21</dataPagamento><flagOperazione>I</flagOperazione>',
        '<cfCittadino>CHIARO:RSSMRC80A01A944K</cfCittadino><pagamentoTracciato>SI</pagamentoTracciato>',
        '<tipoDocumento>F</tipoDocumento><flagOpposizione>0</flagOpposizione>',
        '<voceSpesa><tipoSpesa>SP</tipoSpesa><importo>450.00</importo><naturaIVA>N4</naturaIVA></voceSpesa>',
        '<voceSpesa><tipoSpesa>AA</tipoSpesa><importo>2.00</importo><naturaIVA>N1</naturaIVA></voceSpesa>',
        '</documentoSpesa>',
      ].join(''),
    );
  });

  it('a patient who opposes: flagOpposizione 1 and no cfCittadino at all', () => {
    const xml = xmlOf(recordOf('opposizione'));
    expect(xml).toContain('<flagOpposizione>1</flagOpposizione>');
    expect(xml).not.toContain('cfCittadino');
    expect(xml).not.toContain('RSSMRC80A01A944K');
  });

  it('cash is NO, a debit card SI', () => {
    expect(xmlOf(recordOf('contanti'))).toContain('<pagamentoTracciato>NO</pagamentoTracciato>');
    expect(xmlOf(recordOf('opposizione'))).toContain('<pagamentoTracciato>SI</pagamentoTracciato>');
  });

  it('a taxed service carries aliquotaIVA, an exempt one naturaIVA, never both', () => {
    const xml = xmlOf(recordOf('iva'));
    expect(xml).toContain('<voceSpesa><tipoSpesa>SP</tipoSpesa><importo>100.00</importo><naturaIVA>N4</naturaIVA>');
    expect(xml).toContain(
      '<voceSpesa><tipoSpesa>SP</tipoSpesa><importo>48.80</importo><aliquotaIVA>22.00</aliquotaIVA>',
    );
    expect(xml).not.toMatch(/<aliquotaIVA>[^<]*<\/aliquotaIVA><naturaIVA>/);
  });

  it('several lines of different types: one voce per type and VAT treatment, VAT included', () => {
    const xml = xmlOf(recordOf('tipi'));
    // 2 × 55 + 45 exempt; (120 + 30.50) × 1.04 for the two devices
    expect(xml).toContain('<tipoSpesa>SP</tipoSpesa><importo>155.00</importo><naturaIVA>N4</naturaIVA>');
    expect(xml).toContain('<tipoSpesa>AD</tipoSpesa><importo>156.52</importo><aliquotaIVA>4.00</aliquotaIVA>');
  });

  it('a credit note is a rimborso: its own idSpesa, idRimborso the invoice, paid the day it is issued', () => {
    const xml = xmlOf(recordOf('notaDiCredito'));
    expect(xml).toContain(
      '<idSpesa><pIva>03456780372</pIva><dataEmissione>2026-11-23</dataEmissione><numDocumentoFiscale><dispositivo>1</dispositivo><numDocumento>3/2026</numDocumento></numDocumentoFiscale></idSpesa>' +
        '<idRimborso><pIva>03456780372</pIva><dataEmissione>2026-11-20</dataEmissione><numDocumentoFiscale><dispositivo>1</dispositivo><numDocumento>21/2026</numDocumento></numDocumentoFiscale></idRimborso>' +
        '<dataPagamento>2026-11-23</dataPagamento><flagOperazione>R</flagOperazione>',
    );
    // spec v2.5: always positive, a refund too
    expect(xml).toContain('<importo>45.00</importo>');
  });

  it('a payment before the invoice: flagPagamentoAnticipato 1, still valid', () => {
    const record = recordOf('esente', { dataPagamento: '2026-11-10' });
    expect(record.flagPagamentoAnticipato).toBe(true);
    const xml = xmlOf(record);
    expect(xml).toContain(
      '<dataPagamento>2026-11-10</dataPagamento><flagPagamentoAnticipato>1</flagPagamentoAnticipato>',
    );
    expect(xsdErrors(xml)).toBeNull();
    expect(checkSpeseSanitarie(fileOf(record), { today })).toEqual([]);
  });

  it('escapes what it writes: an encrypted code with & < > quotes stays text', () => {
    const xml = buildPrecompilataXml(fileOf(documentoDiProva(1)), (cf) => `<&"'>${cf}`);
    expect(xml).toContain('<cfCittadino>&lt;&amp;&quot;&apos;&gt;RSSMRC80A01A944K</cfCittadino>');
    expect(xsdErrors(xml)).toBeNull();
  });

  it('writes amounts and rates with two decimals', () => {
    expect([5, 100, 4500, 123456, 9_999_999].map(formatImporto)).toEqual([
      '0.05',
      '1.00',
      '45.00',
      '1234.56',
      '99999.99',
    ]);
    expect([22, 4, 5.5, 100].map(formatAliquota)).toEqual(['22.00', '4.00', '5.50', '100.00']);
  });
});
