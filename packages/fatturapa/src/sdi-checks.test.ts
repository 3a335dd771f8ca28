import { describe, expect, it } from 'vitest';
import { fatturaToFatturaPa } from './from-fattura.ts';
import type { FatturaPa, FatturaPaBody } from './model.ts';
import { checkSdiRules } from './sdi-checks.ts';
import { taxPathCases } from './testing.ts';

const trasmissione = { idTrasmittente: { idPaese: 'IT', idCodice: 'FRRGLI85M41A944G' }, progressivoInvio: '00001' };

/** A valid file of the given tax path, changed by the test. */
const changed = (part: string, change: (f: FatturaPa, b: FatturaPaBody) => void): string[] => {
  const c = taxPathCases().find((x) => x.name.includes(part));
  if (!c) throw new Error(part);
  const f = fatturaToFatturaPa(c.fattura, trasmissione);
  expect(checkSdiRules(f, { today: '2026-11-24' })).toEqual([]);
  change(f, f.bodies[0] as FatturaPaBody);
  return checkSdiRules(f, { today: '2026-11-24' }).map((e) => e.codice);
};
const line = (b: FatturaPaBody, i = 0) => b.dettaglioLinee[i] as FatturaPaBody['dettaglioLinee'][number];
const summary = (b: FatturaPaBody, i = 0) => b.datiRiepilogo[i] as FatturaPaBody['datiRiepilogo'][number];
const cassa = (b: FatturaPaBody) =>
  b.datiGeneraliDocumento
    .datiCassaPrevidenziale[0] as FatturaPaBody['datiGeneraliDocumento']['datiCassaPrevidenziale'][number];

describe('the SDI checks find what the SDI would refuse', () => {
  const cases: [string, string, string, (f: FatturaPa, b: FatturaPaBody) => void][] = [
    ['00400', 'a zero rate without natura', 'N4', (_, b) => delete line(b).natura],
    [
      '00401',
      'a natura on a taxed line',
      'ordinario',
      (_, b) => {
        line(b).natura = 'N4';
      },
    ],
    [
      '00403',
      'a date after today',
      'ordinario',
      (_, b) => {
        b.datiGeneraliDocumento.data = '2026-11-25';
      },
    ],
    [
      '00411',
      'Ritenuta SI on a line without DatiRitenuta',
      'ordinario',
      (_, b) => {
        line(b).ritenuta = 'SI';
      },
    ],
    ['00413', 'a zero-rate fund without natura', 'ENPAP', (_, b) => delete cassa(b).natura],
    [
      '00414',
      'a natura on a taxed fund',
      'ritenuta',
      (_, b) => {
        cassa(b).natura = 'N4';
      },
    ],
    [
      '00415',
      'Ritenuta SI on the fund without DatiRitenuta',
      'forfettario',
      (_, b) => {
        cassa(b).ritenuta = 'SI';
      },
    ],
    [
      '00417',
      'a customer without fiscal identifiers',
      'persona fisica',
      (f) => delete f.cessionarioCommittente.codiceFiscale,
    ],
    [
      '00418',
      'a credit note dated before its invoice',
      'nota di credito',
      (_, b) => {
        (b.datiFattureCollegate[0] as { data?: string }).data = '2026-11-23';
      },
    ],
    ['00419', 'a rate without its summary', 'ordinario', (_, b) => void b.datiRiepilogo.pop()],
    [
      '00420',
      'split payment with reverse charge',
      'pubblica',
      (_, b) => {
        summary(b).aliquotaIva = '0.00';
        summary(b).imposta = '0.00';
        summary(b).natura = 'N6.9';
        line(b).aliquotaIva = '0.00';
        line(b).natura = 'N6.9';
      },
    ],
    [
      '00421',
      'VAT that is not taxable × rate (2 cents off)',
      'ordinario',
      (_, b) => {
        summary(b).imposta = '154.02';
      },
    ],
    [
      '00422',
      'a summary off by more than 1 € from its lines',
      'ordinario',
      (_, b) => {
        summary(b).imponibileImporto = '701.01';
      },
    ],
    [
      '00423',
      'a line total that is not price × quantity (2 cents off)',
      'ordinario',
      (_, b) => {
        line(b).prezzoTotale = '700.02';
      },
    ],
    [
      '00424',
      'a rate written as a fraction',
      'ordinario',
      (_, b) => {
        line(b).aliquotaIva = '0.22';
      },
    ],
    [
      '00425',
      'a number without digits',
      'ordinario',
      (_, b) => {
        b.datiGeneraliDocumento.numero = 'ABC';
      },
    ],
    [
      '00427',
      'a 7-character code for a public body',
      'pubblica',
      (f) => {
        f.datiTrasmissione.codiceDestinatario = 'ABCDEFG';
      },
    ],
    ['00429', 'a zero-rate summary without natura', 'N4', (_, b) => delete summary(b).natura],
    [
      '00430',
      'a natura on a taxed summary',
      'ordinario',
      (_, b) => {
        summary(b).natura = 'N4';
      },
    ],
    [
      '00438',
      'a discount without percentage or amount',
      'sconti',
      (_, b) => delete line(b).scontoMaggiorazione[0]?.percentuale,
    ],
    [
      '00443',
      'a rate missing from the summaries',
      'ordinario',
      (_, b) => {
        line(b, 1).aliquotaIva = '5.00';
      },
    ],
    [
      '00444',
      'a natura missing from the summaries',
      'N4',
      (_, b) => {
        line(b).natura = 'N2.1';
      },
    ],
    [
      '00445',
      'the generic N2',
      'N4',
      (_, b) => {
        line(b).natura = 'N2';
        summary(b).natura = 'N2';
      },
    ],
    [
      '00301',
      'a studio partita IVA with a wrong check digit',
      'ordinario',
      (f) => {
        f.cedentePrestatore.idFiscaleIva.idCodice = '03456780374';
      },
    ],
    [
      '00305',
      'a customer partita IVA with a wrong check digit',
      'ordinario',
      (f) => {
        if (f.cessionarioCommittente.idFiscaleIva) f.cessionarioCommittente.idFiscaleIva.idCodice = '02345670373';
      },
    ],
    [
      '00306',
      'a customer fiscal code with a wrong check character',
      'persona fisica',
      (f) => {
        f.cessionarioCommittente.codiceFiscale = 'RSSMRC80A01A944I';
      },
    ],
    [
      'BOLLO',
      'exempt amounts above 77.47 € without the stamp duty',
      'N4',
      (_, b) => delete b.datiGeneraliDocumento.datiBollo,
    ],
    [
      '00200',
      'a studio without partita IVA',
      'ordinario',
      (f) => {
        f.cedentePrestatore.idFiscaleIva.idCodice = '';
      },
    ],
    [
      '00200',
      'a studio without fiscal regime',
      'ordinario',
      (f) => {
        f.cedentePrestatore.regimeFiscale = '';
      },
    ],
    [
      '00200',
      'a customer without address',
      'persona fisica',
      (f) => {
        f.cessionarioCommittente.sede.cap = '';
      },
    ],
    [
      '00200',
      'a CIG without the order number',
      'pubblica',
      (_, b) => {
        (b.datiOrdineAcquisto[0] as { idDocumento: string }).idDocumento = '';
      },
    ],
  ];
  for (const [code, what, path, change] of cases)
    it(`${code}: ${what}`, () => {
      expect(changed(path, change)).toContain(code);
    });

  it('accepts the tolerances of the SDI: one cent on VAT and line totals, one euro on the summary', () => {
    expect(
      changed('ordinario', (_, b) => {
        summary(b).imposta = '154.01';
      }),
    ).toEqual([]);
    expect(
      changed('ordinario', (_, b) => {
        line(b).prezzoTotale = '700.01';
      }),
    ).toEqual([]);
    expect(
      changed('ordinario', (_, b) => {
        summary(b).imponibileImporto = '700.99';
        summary(b).imposta = '154.22';
      }),
    ).toEqual([]);
  });

  it('says what to change in the app, in Italian', () => {
    const c = taxPathCases().find((x) => x.name.includes('ordinario'));
    if (!c) throw new Error('case');
    const f = fatturaToFatturaPa(c.fattura, trasmissione);
    f.cedentePrestatore.regimeFiscale = '';
    expect(checkSdiRules(f)).toEqual([
      {
        codice: '00200',
        descrizione: '1.2.1.8 <RegimeFiscale> obbligatorio',
        suggerimento: 'Scegli il regime fiscale dello studio in Impostazioni › Fatturazione.',
      },
    ]);
  });
});
