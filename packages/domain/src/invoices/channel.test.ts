import { describe, expect, it } from 'vitest';
import { canaleInvioOf, canaleMessages } from './channel.ts';

const persona = { tipologiaPersona: 'FISICA' as const, partitaIva: null };
const azienda = { tipologiaPersona: 'GIURIDICA' as const, partitaIva: '02345670372' };

describe('which channel a document takes', () => {
  it('a health invoice to a natural person goes to the Sistema TS, never to the SDI', () => {
    expect(canaleInvioOf({ tipoDocumento: 'FATTURA_SANITARIA', cliente: persona })).toEqual({
      canale: 'SISTEMA_TS',
      motivo: canaleMessages.sistemaTs,
    });
  });

  it('says when the patient opposed the Sistema TS', () => {
    expect(
      canaleInvioOf({ tipoDocumento: 'FATTURA_SANITARIA', cliente: { ...persona, opposizioneTs: true } }).motivo,
    ).toBe(canaleMessages.sistemaTsOpposto);
  });

  it("a credit note follows the invoice it corrects: a health invoice's goes to the Sistema TS", () => {
    expect(
      canaleInvioOf({ tipoDocumento: 'NOTA_DI_CREDITO', cliente: persona, tipoDocumentoCollegato: 'FATTURA_SANITARIA' })
        .canale,
    ).toBe('SISTEMA_TS');
    expect(
      canaleInvioOf({
        tipoDocumento: 'NOTA_DI_CREDITO',
        cliente: persona,
        tipoDocumentoCollegato: 'FATTURA_ELETTRONICA',
      }).canale,
    ).toBe('SDI');
  });

  it('a health invoice to a company, or to a person with a partita IVA, goes to the SDI', () => {
    expect(canaleInvioOf({ tipoDocumento: 'FATTURA_SANITARIA', cliente: azienda })).toEqual({
      canale: 'SDI',
      motivo: canaleMessages.azienda,
    });
    expect(
      canaleInvioOf({
        tipoDocumento: 'FATTURA_SANITARIA',
        cliente: { tipologiaPersona: 'FISICA', partitaIva: '03456780372' },
      }).canale,
    ).toBe('SDI');
  });

  it('a public administration: SDI in FPA12', () => {
    expect(
      canaleInvioOf({ tipoDocumento: 'FATTURA_ELETTRONICA', cliente: azienda, formatoTrasmissione: 'FPA_12' }),
    ).toEqual({ canale: 'SDI', motivo: canaleMessages.pubblicaAmministrazione });
  });

  it('any other invoice to a natural person goes to the SDI with 0000000', () => {
    for (const tipoDocumento of ['TD_01', 'FATTURA_ELETTRONICA', 'NOTA_DI_CREDITO'])
      expect(canaleInvioOf({ tipoDocumento, cliente: persona })).toEqual({
        canale: 'SDI',
        motivo: canaleMessages.personaFisica,
      });
  });
});
