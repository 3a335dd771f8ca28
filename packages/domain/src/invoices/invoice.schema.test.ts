import { describe, expect, it } from 'vitest';
import { invoiceMessages as m } from './invoice.messages.ts';
import { fatturaInputSchema, lineInputSchema, pagataInputSchema, proformaInputSchema } from './invoice.schema.ts';

const validLine = {
  descrizione: 'Seduta di fisioterapia',
  quantita: 1,
  prezzoPerUnita: 50,
  codiceIvaId: 12,
  sconto: 0,
};
const valid = {
  pazienteId: '8a7f0e3c-2b1d-4c5e-9f6a-0b1c2d3e4f5a',
  dataFattura: '24-11-2026',
  prestazione: [validLine],
};
const messagesOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('invoice input', () => {
  it('fills the spec defaults: FATTURA_SANITARIA, Contanti, INPS 4 % active, prices including VAT and rivalsa', () => {
    const f = fatturaInputSchema.parse(valid);
    expect(f.tipoDocumento).toBe('FATTURA_SANITARIA');
    expect(f.metodoPagamento).toBe('Contanti');
    expect(f.formatoTrasmissione).toBe('FPR_12');
    expect(f.tassazione.cassaPrevidenzialeType).toBe('GESTIONE_SEPARATA_INPS');
    expect(f.tassazione.cassaPrevidenziale).toEqual({ active: true, value: 4, typeValue: 'PERCENTAGE' });
    expect(f.tassazione.ivaAndRivalsaInclusa).toBe(true);
    expect(f.tassazione.ritenutaAcconto).toEqual({
      isActive: false,
      baseImponibile: 0,
      aliquotaRitenuta: 20,
      tipoRitenuta: null,
      causalePagamento: null,
    });
    expect(f.prestazione[0]?.prezzoPerUnita).toBe(5_000);
  });

  it('refuses a description with characters outside Latin-1 with "Caratteri vietati!!"', () => {
    const r = lineInputSchema.safeParse({ ...validLine, descrizione: 'Seduta ✓ ok' });
    expect(messagesOf(r)).toEqual({ descrizione: m.forbiddenCharacters });
    expect(lineInputSchema.safeParse({ ...validLine, descrizione: 'Perché è già così' }).success).toBe(true);
  });

  it('keeps the shared string rule in its texts: a control character refused, lines only in the note', () => {
    const r = fatturaInputSchema.safeParse({
      ...valid,
      prestazione: [{ ...validLine, descrizione: 'Seduta\u0007' }],
      sezionale: 'A\nB',
      causali: ['Riga\u0000'],
    });
    expect(messagesOf(r)).toMatchObject({
      'prestazione.0.descrizione': 'Il testo contiene caratteri non consentiti',
      sezionale: 'Il testo non può andare a capo',
      'causali.0': 'Il testo contiene caratteri non consentiti',
    });
    expect(fatturaInputSchema.parse({ ...valid, note: 'Prima riga\nseconda riga' }).note).toBe(
      'Prima riga\nseconda riga',
    );
  });

  it('refuses a fractional quantity, a discount above 100 and an unknown VAT code', () => {
    expect(messagesOf(lineInputSchema.safeParse({ ...validLine, quantita: 1.5 }))).toEqual({
      quantita: m.invalidValue,
    });
    expect(messagesOf(lineInputSchema.safeParse({ ...validLine, sconto: 101 }))).toEqual({ sconto: m.invalidValue });
    expect(messagesOf(lineInputSchema.safeParse({ ...validLine, codiceIvaId: 99 }))).toEqual({
      codiceIvaId: m.invalidValue,
    });
  });

  it('keeps riferimentoAmministrazione only for the VAT codes 2, 5 and 14', () => {
    expect(
      lineInputSchema.parse({ ...validLine, codiceIvaId: 2, riferimentoAmministrazione: 'UFF1' })
        .riferimentoAmministrazione,
    ).toBe('UFF1');
    expect(lineInputSchema.parse({ ...validLine, riferimentoAmministrazione: 'UFF1' }).riferimentoAmministrazione).toBe(
      null,
    );
  });

  it('asks a credit note for the number and date of the invoice it corrects', () => {
    const r = fatturaInputSchema.safeParse({ ...valid, tipoDocumento: 'NOTA_DI_CREDITO' });
    expect(messagesOf(r)).toEqual({
      numeroFatturaCollegata: m.linkedInvoiceInvalid,
      dataFatturaCollegata: m.linkedInvoiceInvalid,
    });
  });

  it('checks the recipient code against the format: 7 characters for FPR_12, 6 for FPA_12', () => {
    const e = { ...valid, tipoDocumento: 'FATTURA_ELETTRONICA' };
    expect(fatturaInputSchema.safeParse({ ...e, codiceDestinatario: 'abc1234' }).success).toBe(true);
    expect(messagesOf(fatturaInputSchema.safeParse({ ...e, codiceDestinatario: 'ABC123' }))).toEqual({
      codiceDestinatario: m.codiceDestinatarioInvalid,
    });
    expect(
      fatturaInputSchema.safeParse({ ...e, codiceDestinatario: 'UFABC1', formatoTrasmissione: 'FPA_12' }).success,
    ).toBe(true);
  });

  it('drops recipient fields on a paper health invoice and forces virtual stamp duty on electronic ones', () => {
    const paper = fatturaInputSchema.parse({
      ...valid,
      codiceDestinatario: 'ABC1234',
      tassazione: { marcaDaBolloVirtuale: false },
      idMarcaDaBollo: '01234567890123',
    });
    expect(paper.codiceDestinatario).toBe(null);
    expect(paper.tassazione.marcaDaBolloVirtuale).toBe(false);
    expect(paper.idMarcaDaBollo).toBe('01234567890123');
    const electronic = fatturaInputSchema.parse({
      ...valid,
      tipoDocumento: 'FATTURA_ELETTRONICA',
      tassazione: { marcaDaBolloVirtuale: false },
    });
    expect(electronic.tassazione.marcaDaBolloVirtuale).toBe(true);
  });

  it('refuses CIG, order and commission codes beyond their lengths with the spec messages', () => {
    const r = fatturaInputSchema.safeParse({
      ...valid,
      codiceCIG: 'X'.repeat(16),
      idDocumentoOrdineAcquisto: 'X'.repeat(21),
      codiceCommessaConvenzione: 'X'.repeat(101),
      pecDestinatario: 'non-una-pec',
    });
    expect(messagesOf(r)).toEqual({
      codiceCIG: m.cigInvalid,
      idDocumentoOrdineAcquisto: m.purchaseOrderInvalid,
      codiceCommessaConvenzione: m.commessaInvalid,
      pecDestinatario: m.pecInvalid,
    });
  });

  it('asks for the withholding type and reason when the withholding is on', () => {
    const r = fatturaInputSchema.safeParse({ ...valid, tassazione: { ritenutaAcconto: { isActive: true } } });
    expect(messagesOf(r)).toEqual({
      'tassazione.ritenutaAcconto.tipoRitenuta': m.required,
      'tassazione.ritenutaAcconto.causalePagamento': m.required,
    });
  });

  it('refuses a due date before the document date, a nonexistent date and a collection date on an unpaid invoice', () => {
    expect(messagesOf(fatturaInputSchema.safeParse({ ...valid, dataScadenza: '23-11-2026' }))).toEqual({
      dataScadenza: m.dueBeforeDate,
    });
    expect(messagesOf(fatturaInputSchema.safeParse({ ...valid, dataFattura: '31-02-2026' }))).toEqual({
      dataFattura: m.invalidDate,
    });
    expect(messagesOf(fatturaInputSchema.safeParse({ ...valid, dataIncasso: '24-11-2026' }))).toEqual({
      dataIncasso: m.collectionWithoutPaid,
    });
  });

  it('keeps at least one line', () => {
    expect(messagesOf(fatturaInputSchema.safeParse({ ...valid, prestazione: [] }))).toEqual({
      prestazione: m.fillAllLines,
    });
  });

  it('takes a pro-forma with number, date and accepted flag', () => {
    const p = proformaInputSchema.parse({ pazienteId: valid.pazienteId, data: '24-11-2026', prestazione: [validLine] });
    expect(p.accepted).toBe(false);
    expect(p.numero).toBeUndefined();
  });
});

describe('paid dialog input', () => {
  it('needs collection date and method to mark paid, neither to mark unpaid', () => {
    const id = valid.pazienteId;
    expect(messagesOf(pagataInputSchema.safeParse({ fatturaId: id, isPagata: true }))).toEqual({
      dataIncasso: m.required,
      metodoPagamento: m.required,
    });
    expect(pagataInputSchema.safeParse({ fatturaId: id, isPagata: false }).success).toBe(true);
  });
});
