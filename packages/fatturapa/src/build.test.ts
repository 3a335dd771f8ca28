import { totalsOfFattura } from '@studiolo/domain/invoices';
import { describe, expect, it } from 'vitest';
import { buildFatturaPaXml } from './build.ts';
import { fatturaToFatturaPa } from './from-fattura.ts';
import { parseFatturaPaXml } from './parse.ts';
import { checkSdiRules } from './sdi-checks.ts';
import { taxPathCases, xsdErrors } from './testing.ts';

const trasmissione = { idTrasmittente: { idPaese: 'IT', idCodice: 'FRRGLI85M41A944G' }, progressivoInvio: '0000A' };

describe('FatturaPA of every tax path', () => {
  for (const { name, fattura } of taxPathCases()) {
    it(`${name}: valid against the official schema and free of SDI errors`, () => {
      const model = fatturaToFatturaPa(fattura, trasmissione);
      const xml = buildFatturaPaXml(model);
      expect(xsdErrors(xml)).toBeNull();
      expect(checkSdiRules(model, { today: '2026-11-24' })).toEqual([]);
    });

    it(`${name}: says in the XML the figures of the invoice screen and PDF`, () => {
      const model = fatturaToFatturaPa(fattura, trasmissione);
      const back = parseFatturaPaXml(buildFatturaPaXml(model));
      const body = back.bodies[0];
      const g = body?.datiGeneraliDocumento;
      expect(g?.importoTotaleDocumento).toBe(fattura.totali.totale.toFixed(2));
      const t = totalsOfFattura(fattura);
      expect(body?.datiRiepilogo.map((r) => [r.imponibileImporto, r.imposta])).toEqual(
        t.riepilogoIva.map((r) => [(r.imponibileCents / 100).toFixed(2), (r.impostaCents / 100).toFixed(2)]),
      );
    });
  }
});

describe('FatturaPA content', () => {
  const byName = (part: string) => {
    const c = taxPathCases().find((x) => x.name.includes(part));
    if (!c) throw new Error(part);
    return fatturaToFatturaPa(c.fattura, trasmissione);
  };

  it('escapes & and < > in descriptions, keeping the text', () => {
    const xml = buildFatturaPaXml(byName('N4'));
    expect(xml).toContain('riabilitazione &amp; rieducazione &lt;post-operatoria&gt;');
    expect(parseFatturaPaXml(xml).bodies[0]?.dettaglioLinee[0]?.descrizione).toBe(
      'Ciclo di 10 sedute di riabilitazione & rieducazione <post-operatoria>',
    );
  });

  it('writes every amount with two decimals and the rates as percentages', () => {
    const xml = buildFatturaPaXml(byName('ordinario'));
    expect(xml).toContain('<Quantita>2.00</Quantita><PrezzoUnitario>350.00</PrezzoUnitario>');
    expect(xml).toContain('<AliquotaIVA>22.00</AliquotaIVA>');
    expect(xml).toContain('<ImponibileImporto>700.00</ImponibileImporto><Imposta>154.00</Imposta>');
    expect(xml).toContain('<AliquotaIVA>10.00</AliquotaIVA>');
    expect(xml).toContain('<ImponibileImporto>125.00</ImponibileImporto><Imposta>12.50</Imposta>');
    expect(xml).toContain('<ImportoTotaleDocumento>991.50</ImportoTotaleDocumento>');
  });

  it('exempt health services: natura N4 with its legal reference and the 2 € stamp duty', () => {
    const m = byName('N4');
    const b = m.bodies[0];
    expect(b?.dettaglioLinee[0]).toMatchObject({ aliquotaIva: '0.00', natura: 'N4', prezzoTotale: '450.00' });
    expect(b?.datiRiepilogo[0]?.riferimentoNormativo).toContain('art. 10');
    expect(b?.datiGeneraliDocumento.datiBollo).toEqual({ bolloVirtuale: 'SI', importoBollo: '2.00' });
    // the stamp duty charged to the customer is in the total, not in the VAT summary
    expect(b?.datiGeneraliDocumento.importoTotaleDocumento).toBe('452.00');
  });

  it('forfettario: N2.2 lines, the rivalsa as DatiCassaPrevidenziale TC22, the recharged stamp duty as its own line', () => {
    const b = byName('forfettario').bodies[0];
    expect(b?.datiGeneraliDocumento.datiCassaPrevidenziale[0]).toMatchObject({
      tipoCassa: 'TC22',
      alCassa: '4.00',
      aliquotaIva: '0.00',
      natura: 'N2.2',
    });
    const bollo = b?.dettaglioLinee.at(-1);
    expect(bollo).toMatchObject({
      descrizione: 'Imposta di bollo addebitata al cliente',
      prezzoTotale: '2.00',
      natura: 'N2.2',
    });
    // prices include the rivalsa: the patient pays 3 × 60 + 72 + the 2 € stamp duty
    expect(b?.datiGeneraliDocumento.importoTotaleDocumento).toBe('254.00');
    expect(b?.datiPagamento[0]?.dettaglioPagamento[0]).toMatchObject({
      modalitaPagamento: 'MP05',
      iban: 'IT60X0542811101000000123456',
      importoPagamento: '254.00',
    });
  });

  it('withholding: DatiRitenuta, Ritenuta SI on the fees and the rivalsa but not on expenses (N1), net amount due', () => {
    const b = byName('ritenuta').bodies[0];
    const g = b?.datiGeneraliDocumento;
    expect(g?.datiRitenuta).toEqual([
      { tipoRitenuta: 'RT01', importoRitenuta: '104.28', aliquotaRitenuta: '20.00', causalePagamento: 'A' },
    ]);
    expect(b?.dettaglioLinee.map((l) => l.ritenuta)).toEqual(['SI', undefined]);
    expect(g?.datiCassaPrevidenziale[0]).toMatchObject({
      importoContributoCassa: '21.42',
      ritenuta: 'SI',
      aliquotaIva: '22.00',
    });
    // 500 + 35.40 + rivalsa 21.42 + VAT 22 % of 521.42 = 114.71 → 671.53; less 20 % of (500 + 21.42) = 104.28 withheld
    expect(g?.importoTotaleDocumento).toBe('671.53');
    expect(b?.datiPagamento[0]?.dettaglioPagamento[0]?.importoPagamento).toBe('567.25');
  });

  it('discounts: ScontoMaggiorazione SC with the percentage, unit prices net of VAT to 8 decimals', () => {
    const b = byName('sconti').bodies[0];
    expect(b?.dettaglioLinee[0]?.scontoMaggiorazione).toEqual([{ tipo: 'SC', percentuale: '15.00' }]);
    expect(b?.dettaglioLinee[0]?.prezzoUnitario).toMatch(/^\d+\.\d{2,8}$/);
  });

  it('credit note: TD04 with DatiFattureCollegate', () => {
    const b = byName('nota di credito').bodies[0];
    expect(b?.datiGeneraliDocumento.tipoDocumento).toBe('TD04');
    expect(b?.datiFattureCollegate).toEqual([{ idDocumento: '9/E/2026', data: '2026-11-02' }]);
  });

  it('public administration: FPA12, 6-character office code, CIG in DatiOrdineAcquisto, split payment S', () => {
    const m = byName('pubblica');
    expect(m.versione).toBe('FPA12');
    expect(m.datiTrasmissione.codiceDestinatario).toBe('UFQ3SF');
    expect(m.bodies[0]?.datiOrdineAcquisto).toEqual([
      {
        idDocumento: 'ODA-2026-118',
        data: '2026-11-02',
        codiceCig: 'Z1A2B3C4D5',
        codiceCommessaConvenzione: undefined,
      },
    ]);
    expect(m.bodies[0]?.dettaglioLinee[0]?.riferimentoAmministrazione).toBe('CAP-1187');
    expect(m.bodies[0]?.datiRiepilogo[0]?.esigibilitaIva).toBe('S');
    // the public body pays the VAT to the State: the studio is paid the taxable amount only
    expect(m.bodies[0]?.datiPagamento[0]?.dettaglioPagamento[0]?.importoPagamento).toBe('320.00');
  });

  it('a natural person without a code: 0000000 and the PEC given', () => {
    const m = byName('persona fisica');
    expect(m.datiTrasmissione).toMatchObject({ codiceDestinatario: '0000000', pecDestinatario: 'marco.rossi@pec.it' });
    expect(m.cessionarioCommittente).toMatchObject({
      codiceFiscale: 'RSSMRC80A01A944K',
      anagrafica: { nome: 'Marco', cognome: 'Rossi' },
    });
  });

  it('replaces what the schema does not allow: curly quotes, the euro sign, characters beyond Latin-1', () => {
    const c = taxPathCases()[0];
    if (!c) throw new Error('no case');
    const f = { ...c.fattura, causali: ['Quota “saldo” – 100 € per l’anno 2026 ✓ Łódź'] };
    const xml = buildFatturaPaXml(fatturaToFatturaPa(f, trasmissione));
    expect(xml).toContain('<Causale>Quota &quot;saldo&quot; - 100 EUR per l&apos;anno 2026 Lódz</Causale>');
    expect(xsdErrors(xml)).toBeNull();
  });
});
