import { describe, expect, it } from 'vitest';
import { applyAppointmentLines, type FormLine, linesFromAppointments } from './appointment-lines.ts';

const products = new Map([
  ['p-fisio', { name: 'Seduta di fisioterapia', tipoSpesa: 'SP' as const }],
  ['p-osteo', { name: 'Trattamento osteopatico', tipoSpesa: 'SP' as const }],
  ['p-tutore', { name: 'Tutore per ginocchio', tipoSpesa: 'AD' as const }],
]);
const appt = (id: string, productId: string | null, price: number | null, summary = 'Visita') => ({
  id,
  summary,
  productId,
  price,
});
const opts = { codiceIvaId: 12, ivaAndRivalsaInclusa: true, products, defaultDescription: 'Seduta di fisioterapia' };

describe('lines from appointments (spec part 2 §4)', () => {
  it('groups by product and price, the quantity being the count', () => {
    const lines = linesFromAppointments(
      [appt('1', 'p-fisio', 50), appt('2', 'p-fisio', 50), appt('3', 'p-fisio', 40), appt('4', 'p-osteo', 70)],
      { ...opts, mode: 'MULTIPLE' },
    );
    expect(lines.map((l) => [l.descrizione, l.quantita, l.prezzoPerUnita, l.prezzoLordo])).toEqual([
      ['Seduta di fisioterapia', 2, 50, 100],
      ['Seduta di fisioterapia', 1, 40, 40],
      ['Trattamento osteopatico', 1, 70, 70],
    ]);
    expect(lines.every((l) => l.codiceIvaId === 12 && l.sconto === 0)).toBe(true);
  });

  it("gives each line its product's Sistema TS expense type (none for a health service, SP)", () => {
    const lines = linesFromAppointments([appt('1', 'p-fisio', 50), appt('2', 'p-tutore', 120), appt('3', null, 30)], {
      ...opts,
      mode: 'MULTIPLE',
    });
    expect(lines.map((l) => [l.descrizione, l.tipoSpesa])).toEqual([
      ['Seduta di fisioterapia', null],
      ['Tutore per ginocchio', 'AD'],
      ['Seduta di fisioterapia', null],
    ]);
  });

  it("describes appointments without a product by the studio's description, never by their title (the patient's name)", () => {
    const lines = linesFromAppointments([appt('1', null, 30, 'Cocco Fabio'), appt('2', null, 30, 'Rossi Mario')], {
      ...opts,
      defaultDescription: 'Valutazione posturale',
      mode: 'MULTIPLE',
    });
    expect(lines.map((l) => [l.descrizione, l.quantita, l.prezzoPerUnita])).toEqual([['Valutazione posturale', 2, 30]]);
    expect(JSON.stringify(lines)).not.toMatch(/Cocco|Rossi/);
  });

  it('makes one "Prestazione generica" of the summed prices in single mode', () => {
    const lines = linesFromAppointments([appt('1', 'p-fisio', 50), appt('2', 'p-osteo', 70.5)], {
      ...opts,
      mode: 'SINGLE',
    });
    expect(lines).toEqual([
      {
        descrizione: 'Prestazione generica',
        quantita: 1,
        prezzoPerUnita: 120.5,
        prezzoLordo: 120.5,
        codiceIvaId: 12,
        sconto: 0,
        riferimentoAmministrazione: null,
        tipoSpesa: null,
      },
    ]);
  });

  it('appends, overwrites or leaves the existing lines; with none it overwrites', () => {
    const old: FormLine[] = linesFromAppointments([appt('1', 'p-osteo', 70)], { ...opts, mode: 'MULTIPLE' });
    const added = linesFromAppointments([appt('2', 'p-fisio', 50)], { ...opts, mode: 'MULTIPLE' });
    expect(applyAppointmentLines(old, added, 'APPEND').map((l) => l.descrizione)).toEqual([
      'Trattamento osteopatico',
      'Seduta di fisioterapia',
    ]);
    expect(applyAppointmentLines(old, added, 'OVERWRITE')).toEqual(added);
    expect(applyAppointmentLines(old, added, 'LEAVE')).toEqual(old);
    const blank = [{ ...(old[0] as FormLine), descrizione: '', prezzoPerUnita: 0 }];
    expect(applyAppointmentLines(blank, added, 'LEAVE')).toEqual(added);
  });
});
