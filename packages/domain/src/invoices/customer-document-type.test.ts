import { describe, expect, it } from 'vitest';
import { customerKindOf, documentStartFor, documentTypeAdvice } from './customer-document-type.ts';

describe('the document type follows the customer (issue 26 item 4)', () => {
  it('starts a person as a health invoice, a company as an electronic invoice, a PA as FPA12', () => {
    expect(documentStartFor(customerKindOf({ tipologiaPersona: 'FISICA' }))).toEqual({
      tipoDocumento: 'FATTURA_SANITARIA',
      formatoTrasmissione: 'FPR_12',
    });
    expect(
      documentStartFor(customerKindOf({ tipologiaPersona: 'GIURIDICA', isPubblicaAmministrazione: false })),
    ).toEqual({ tipoDocumento: 'FATTURA_ELETTRONICA', formatoTrasmissione: 'FPR_12' });
    expect(
      documentStartFor(customerKindOf({ tipologiaPersona: 'GIURIDICA', isPubblicaAmministrazione: true })),
    ).toEqual({
      tipoDocumento: 'FATTURA_ELETTRONICA',
      formatoTrasmissione: 'FPA_12',
    });
  });

  it('says why when the type chosen is not the customer’s', () => {
    expect(documentTypeAdvice('AZIENDA', 'FATTURA_SANITARIA')).toMatch(/società riceve la fattura elettronica/);
    expect(documentTypeAdvice('PERSONA', 'FATTURA_ELETTRONICA')).toMatch(/10-bis DL 119\/2018/);
    expect(documentTypeAdvice('PA', 'FATTURA_ELETTRONICA')).toMatch(/FPA12/);
    expect(documentTypeAdvice(null, 'FATTURA_SANITARIA')).toBeNull();
    expect(documentTypeAdvice('AZIENDA', 'NOTA_DI_CREDITO')).toBeNull();
  });
});
