import { type Fattura, metodiPagamento, totalsOfFattura } from '@studiolo/domain/invoices';
import { azienda, forfettarioInvoice, ordinaryInvoice } from '@studiolo/domain/testing';
import { describe, expect, it } from 'vitest';
import {
  isPagamentoTracciato,
  NotASpesaSanitariaError,
  numDocumentoOf,
  spesaSanitariaOf,
  vociOf,
} from './from-fattura.ts';
import { cfProprietario, spesaCases, tipoSpesaDiProva } from './testing.ts';
import { checkSpeseSanitarie } from './ts-checks.ts';

const cases = spesaCases();

describe('the record of a health invoice', () => {
  it('identifies the document by the studio’s partita IVA, its date and its number', () => {
    expect(spesaSanitariaOf(cases.esente.fattura).idSpesa).toEqual({
      pIva: '03456780372',
      dataEmissione: '2026-11-20',
      numDocumentoFiscale: { dispositivo: 1, numDocumento: '21/2026' },
    });
    expect(spesaSanitariaOf(cases.esente.fattura, { pIva: '01234567897' }).idSpesa.pIva).toBe('01234567897');
  });

  it('pays on the collection date, on the invoice date when paid without one, and not at all when unpaid', () => {
    const f = cases.esente.fattura;
    expect(spesaSanitariaOf(f).dataPagamento).toBe('2026-11-21');
    expect(spesaSanitariaOf({ ...f, dataIncasso: null }).dataPagamento).toBe('2026-11-20');
    expect(spesaSanitariaOf({ ...f, dataIncasso: null, pagata: false }).dataPagamento).toBe('');
    expect(spesaSanitariaOf(f, { dataPagamento: '2026-11-24' }).dataPagamento).toBe('2026-11-24');
  });

  it('pagamentoTracciato: NO for cash and for an unknown method, SI for the traceable ones', () => {
    expect(metodiPagamento.map((m) => [m, isPagamentoTracciato(m)])).toEqual([
      ['Contanti', false],
      ['Carta di credito', true],
      ['Carta di debito', true],
      ['Bonifico bancario', true],
      ['Assegno', true],
      ['PayPal', true],
      ['Altro', false],
    ]);
    const altro = { ...cases.esente.fattura, metodoPagamento: 'Altro' as const };
    expect(spesaSanitariaOf(altro).pagamentoTracciato).toBe('NO');
    expect(spesaSanitariaOf(altro, { tracciato: () => true }).pagamentoTracciato).toBe('SI');
  });

  it('the patient’s opposition, or an opposition for this document only', () => {
    expect(spesaSanitariaOf(cases.opposizione.fattura)).toMatchObject({ cfCittadino: null, flagOpposizione: '1' });
    expect(spesaSanitariaOf(cases.esente.fattura, { opposizione: true })).toMatchObject({
      cfCittadino: null,
      flagOpposizione: '1',
    });
    expect(spesaSanitariaOf(cases.esente.fattura)).toMatchObject({
      cfCittadino: 'RSSMRC80A01A944K',
      flagOpposizione: '0',
    });
  });

  it('asks the resolver the type of each line, with the line and its index', () => {
    const seen: [string, number][] = [];
    spesaSanitariaOf(cases.tipi.fattura, {
      tipoSpesaOf: (riga, i) => {
        seen.push([riga.descrizione, i]);
        return 'SP';
      },
    });
    expect(seen.map(([, i]) => i)).toEqual([0, 1, 2, 3]);
    expect(seen[1]?.[0]).toBe('Plantare su misura (dispositivo medico CE)');
  });

  it('SP for every line by default', () => {
    expect(spesaSanitariaOf(cases.tipi.fattura).voci.map((v) => v.tipoSpesa)).toEqual(['SP', 'SP', 'AA']);
  });

  it('the type chosen on a line: a device sold with the sessions is a voce AD apart from another taxed line', () => {
    const f = cases.tipi.fattura;
    const withDevice = {
      ...f,
      prestazione: f.prestazione.map((l, i) => (i === 1 ? { ...l, tipoSpesa: 'AD' as const } : l)),
    };
    const voci = spesaSanitariaOf(withDevice).voci;
    // the insoles (4 %) chosen as AD; the wrist brace, at the same rate, stays SP
    expect(voci.map((v) => [v.tipoSpesa, v.aliquotaIva ?? v.naturaIva])).toEqual([
      ['SP', 'N4'],
      ['AD', 4],
      ['SP', 4],
      ['AA', 'N1'],
    ]);
    // the same cents, shared otherwise
    const sum = (vs: typeof voci) => vs.reduce((n, v) => n + v.importoCents, 0);
    expect(sum(voci)).toBe(sum(spesaSanitariaOf(f).voci));
  });

  it('the fund is part of the fee: ENPAP’s 2 % on 280 € goes with the sessions', () => {
    expect(vociOf(cases.enpap.fattura)).toEqual([
      { tipoSpesa: 'SP', importoCents: 28_560, aliquotaIva: null, naturaIva: 'N4' },
      { tipoSpesa: 'AA', importoCents: 200, aliquotaIva: null, naturaIva: 'N1' },
    ]);
  });

  it('forfettario: the rivalsa inside the prices and the recharged stamp duty with the lines’ natura', () => {
    expect(vociOf(forfettarioInvoice())).toEqual([
      { tipoSpesa: 'SP', importoCents: 25_200, aliquotaIva: null, naturaIva: 'N2.2' },
      { tipoSpesa: 'AA', importoCents: 200, aliquotaIva: null, naturaIva: 'N2.2' },
    ]);
  });

  it('a stamp duty the studio pays itself is not the patient’s expense', () => {
    const f = cases.esente.fattura;
    const own: Fattura = { ...f, tassazione: { ...f.tassazione, marcaDaBolloCaricoMio: true } };
    expect(totalsOfFattura(own).totaleCents).toBe(45_000);
    expect(vociOf(own)).toEqual([{ tipoSpesa: 'SP', importoCents: 45_000, aliquotaIva: null, naturaIva: 'N4' }]);
  });

  it('shares the VAT of a group among lines of different types to the cent', () => {
    // two devices (40 €, 0.01 €) and a session (9.99 €), all at 22 %: the group's VAT shared among them to the cent
    const f = cases.iva.fattura;
    const mixed: Fattura = {
      ...f,
      prestazione: [
        { ...(f.prestazione[1] as Fattura['prestazione'][number]), descrizione: 'Fascia (dispositivo medico)' },
        { ...(f.prestazione[1] as Fattura['prestazione'][number]), descrizione: 'Seduta', prezzoPerUnita: 9.99 },
        {
          ...(f.prestazione[1] as Fattura['prestazione'][number]),
          descrizione: 'Cerotto (dispositivo medico)',
          prezzoPerUnita: 0.01,
        },
      ],
    };
    const t = totalsOfFattura(mixed);
    const voci = vociOf(mixed, tipoSpesaDiProva);
    expect(voci.reduce((s, v) => s + v.importoCents, 0)).toBe(t.totaleCents);
    expect(voci.map((v) => v.tipoSpesa)).toEqual(['AD', 'SP']);
  });

  it('a document number the schema cannot take is made of allowed characters', () => {
    expect(numDocumentoOf('12/A B/2026')).toBe('12/A-B/2026');
    expect(numDocumentoOf('7/E/2026')).toBe('7/E/2026');
  });
});

describe('operations', () => {
  it('an invoice is an inserimento, or the variazione and cancellazione the caller asks', () => {
    expect(spesaSanitariaOf(cases.esente.fattura).flagOperazione).toBe('I');
    expect(spesaSanitariaOf(cases.esente.fattura, { operazione: 'V' }).flagOperazione).toBe('V');
    expect(spesaSanitariaOf(cases.esente.fattura, { operazione: 'C' }).flagOperazione).toBe('C');
  });

  it('a credit note is a rimborso of the invoice it names, or of the one the caller gives', () => {
    const r = spesaSanitariaOf(cases.notaDiCredito.fattura);
    expect(r).toMatchObject({
      flagOperazione: 'R',
      dataPagamento: '2026-11-23',
      idRimborso: {
        pIva: '03456780372',
        dataEmissione: '2026-11-20',
        numDocumentoFiscale: { dispositivo: 1, numDocumento: '21/2026' },
      },
      voci: [{ tipoSpesa: 'SP', importoCents: 4500, aliquotaIva: null, naturaIva: 'N4' }],
    });
    const sent = {
      pIva: '03456780372',
      dataEmissione: '2026-11-19',
      numDocumentoFiscale: { dispositivo: 1, numDocumento: '21-2026' },
    };
    expect(spesaSanitariaOf(cases.notaDiCredito.fattura, { idRimborso: sent }).idRimborso).toEqual(sent);
  });

  it('a rimborso the Sistema TS has is changed or withdrawn as itself, without naming the invoice again', () => {
    for (const operazione of ['V', 'C'] as const) {
      const r = spesaSanitariaOf(cases.notaDiCredito.fattura, { operazione });
      expect(r.flagOperazione).toBe(operazione);
      expect(r.idRimborso).toBeUndefined();
      expect(
        checkSpeseSanitarie({ proprietario: { cfProprietario }, documentiSpesa: [r] }, { today: '2026-12-01' }),
      ).toEqual([]);
    }
  });
});

describe('documents that do not go to the Sistema TS', () => {
  it('an invoice to a company', () => {
    expect(() => spesaSanitariaOf({ ...cases.esente.fattura, paziente: azienda })).toThrow(NotASpesaSanitariaError);
  });

  it('a person with a partita IVA', () => {
    const f = cases.esente.fattura;
    expect(() => spesaSanitariaOf({ ...f, paziente: { ...f.paziente, partitaIva: '01234567897' } })).toThrow(
      /titolare di partita IVA/,
    );
  });

  it('an invoice that is not a health invoice', () => {
    expect(() => spesaSanitariaOf({ ...ordinaryInvoice(), paziente: cases.esente.fattura.paziente })).toThrow(
      /non è una fattura sanitaria/,
    );
  });
});
