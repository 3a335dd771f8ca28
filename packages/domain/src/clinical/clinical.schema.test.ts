import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../shared/field-messages.ts';
import { clinicalMessages as m } from './clinical.messages.ts';
import {
  cartellaPazienteSettingsSchema,
  clinicalAuditActionLabels,
  diaryInputSchema,
  evaluationInputSchema,
  evaluationSections,
  evaluationSectionsOf,
  isClinicalDate,
} from './clinical.schema.ts';

const pazienteId = '55555555-5555-4555-8555-555555555555';

describe('evaluation sections of settings cartella-paziente', () => {
  it('uses every section when the studio never chose, and keeps the form order of those chosen', () => {
    expect(evaluationSectionsOf(undefined)).toEqual([...evaluationSections]);
    expect(evaluationSectionsOf({ sezioniValutazione: ['diagnosi', 'anamnesi', 'ignota'] })).toEqual([
      'anamnesi',
      'diagnosi',
    ]);
  });

  it('refuses an unknown section with its message', () => {
    const r = cartellaPazienteSettingsSchema.safeParse({ sezioniValutazione: ['oroscopo'] });
    expect(r.error?.issues[0]?.message).toBe(m.unknownSection);
  });
});

describe('evaluation input', () => {
  it('trims texts, turns empty ones into null and defaults the range of motion to none', () => {
    const r = evaluationInputSchema.parse({
      pazienteId,
      tipo: 'INIZIALE',
      data: '2026-11-23',
      anamnesi: '  Nessun trauma ',
      note: ' ',
    });
    expect(r).toMatchObject({ anamnesi: 'Nessun trauma', note: null, articolarita: [] });
  });

  it('refuses a pain score beyond 10, a day that does not exist and a note beyond the limit', () => {
    const issues = evaluationInputSchema.safeParse({
      pazienteId,
      tipo: 'INIZIALE',
      data: '2026-02-29',
      doloreNrs: 11,
      note: 'x'.repeat(20_001),
    }).error?.issues;
    expect(issues?.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['data', m.invalidDate],
      ['doloreNrs', m.nrsRange],
      ['note', m.noteTooLong(20_000)],
    ]);
    expect(isClinicalDate('2028-02-29')).toBe(true);
  });

  it('keeps the shared string rule: lines in a text, none in a joint’s name, no control character anywhere', () => {
    const base = { pazienteId, tipo: 'INIZIALE', data: '2026-11-23' };
    expect(evaluationInputSchema.parse({ ...base, anamnesi: 'Prima riga\nSeconda riga' }).anamnesi).toBe(
      'Prima riga\nSeconda riga',
    );
    const issues = evaluationInputSchema.safeParse({
      ...base,
      anamnesi: 'Dolore\u0000',
      articolarita: [{ distretto: 'Spalla\ndestra', movimento: 'Flessione' }],
    }).error?.issues;
    expect(issues?.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['anamnesi', fieldMessages.controlCharacters],
      ['articolarita.0.distretto', fieldMessages.lineBreak],
    ]);
  });
});

describe('diary input', () => {
  it('needs at least one part written and a calendar id for its appointment', () => {
    expect(diaryInputSchema.safeParse({ pazienteId, data: '2026-11-23' }).error?.issues[0]?.message).toBe(m.diaryEmpty);
    const occurrence = `${pazienteId}_20261130T090000Z`;
    expect(
      diaryInputSchema.safeParse({ pazienteId, data: '2026-11-23', piano: 'x', eventId: occurrence }).success,
    ).toBe(true);
    expect(
      diaryInputSchema.safeParse({ pazienteId, data: '2026-11-23', piano: 'x', eventId: 'google_abc' }).success,
    ).toBe(false);
  });
});

it('names every clinical access of the activity log in Italian', () => {
  expect(clinicalAuditActionLabels['clinical.diario.read']).toBe('Cartella clinica: lettura diario dei trattamenti');
  expect(clinicalAuditActionLabels['clinical.valutazione.export']).toBe('Cartella clinica: esportazione valutazioni');
});
