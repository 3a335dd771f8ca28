import { describe, expect, it } from 'vitest';
import {
  type OutcomeAnswers,
  OutcomeScoreError,
  outcomeChange,
  outcomeMeasures,
  scoreOutcome,
} from './outcome-measures.ts';

/** Every item of a scale answered with the same value, or with the values given in order. */
const all = (code: keyof typeof outcomeMeasures, value: number | number[]): OutcomeAnswers =>
  Object.fromEntries(
    outcomeMeasures[code].items.map((item, i) => [item.id, Array.isArray(value) ? (value[i] ?? null) : value]),
  );

describe('outcome measures, scored by their published rules', () => {
  it('ODI: sum over five times the sections answered, as a percentage, with its band', () => {
    // 2+3+1+2+4+2+1+0+2+3 = 20 of 50
    const r = scoreOutcome('ODI', all('ODI', [2, 3, 1, 2, 4, 2, 1, 0, 2, 3]));
    expect(r).toMatchObject({ score: 40, unit: '%', band: 'Disabilità moderata', answered: 10, higherIsWorse: true });
    // the sexual-life section left out: 20 of 45
    const nine = scoreOutcome('ODI', { ...all('ODI', [2, 3, 1, 2, 4, 2, 1, 0, 2, 3]), odi8: null });
    expect(nine.score).toBe(44.4);
    expect(nine.answered).toBe(9);
    expect(scoreOutcome('ODI', all('ODI', 0))).toMatchObject({ score: 0, band: 'Disabilità minima' });
    expect(scoreOutcome('ODI', all('ODI', 5))).toMatchObject({ score: 100, band: 'Allettato o esagera i sintomi' });
  });

  it('NDI: 0–50 points, one item left out brought back to 50', () => {
    expect(scoreOutcome('NDI', all('NDI', 1))).toMatchObject({ score: 10, max: 50, band: 'Disabilità lieve' });
    expect(scoreOutcome('NDI', { ...all('NDI', 3), ndi8: null }).score).toBe(30);
    expect(scoreOutcome('NDI', all('NDI', 2)).band).toBe('Disabilità moderata');
  });

  it('DASH: ((sum ÷ answered) − 1) × 25, valid with up to three items left out', () => {
    expect(scoreOutcome('DASH', all('DASH', 1)).score).toBe(0);
    expect(scoreOutcome('DASH', all('DASH', 5)).score).toBe(100);
    expect(scoreOutcome('DASH', all('DASH', 3)).score).toBe(50);
    const threeLeftOut = { ...all('DASH', 2), dash1: null, dash2: null, dash3: null };
    expect(scoreOutcome('DASH', threeLeftOut)).toMatchObject({ score: 25, answered: 27 });
    expect(() => scoreOutcome('DASH', { ...threeLeftOut, dash4: null })).toThrow(
      'DASH: servono almeno 27 risposte su 30 per un punteggio valido (ne hai date 26).',
    );
  });

  it('QuickDASH: the eleven items of the DASH it keeps, at least ten answered', () => {
    const quick = outcomeMeasures.QUICKDASH.items.map((i) => i.id);
    expect(quick).toEqual([
      'dash1',
      'dash7',
      'dash10',
      'dash14',
      'dash16',
      'dash18',
      'dash21',
      'dash22',
      'dash23',
      'dash24',
      'dash29',
    ]);
    // 4,4,3,3,2,2,2,3,3,4 over ten answered: mean 3 → 50
    const answers = { ...all('QUICKDASH', [4, 4, 3, 3, 2, 2, 2, 3, 3, 4]) };
    expect(scoreOutcome('QUICKDASH', answers)).toMatchObject({ score: 50, answered: 10, items: 11 });
  });

  it('Barthel: the items’ own values, 0–100, higher is more autonomous', () => {
    const full = Object.fromEntries(outcomeMeasures.BARTHEL.items.map((i) => [i.id, Math.max(...i.values)]));
    expect(scoreOutcome('BARTHEL', full)).toMatchObject({ score: 100, band: 'Autonomia', higherIsWorse: false });
    expect(scoreOutcome('BARTHEL', { ...full, scale: 0, deambulazione: 5 })).toMatchObject({
      score: 80,
      band: 'Dipendenza moderata',
    });
    // a value the item does not have
    expect(() => scoreOutcome('BARTHEL', { ...full, bagno: 10 })).toThrow(
      'Indice di Barthel: "Fare il bagno" vale 0, 5; ricevuto 10.',
    );
  });

  it('NRS: one answer from 0 to 10', () => {
    expect(scoreOutcome('NRS', { dolore: 7 })).toMatchObject({ score: 7, band: 'Dolore forte' });
    expect(scoreOutcome('NRS', { dolore: 0 }).band).toBe('Nessun dolore');
    expect(() => scoreOutcome('NRS', { dolore: 11 })).toThrow(OutcomeScoreError);
    expect(() => scoreOutcome('NRS', {})).toThrow('servono almeno 1 risposte');
  });

  it('refuses an item the scale does not have', () => {
    expect(() => scoreOutcome('ODI', { ...all('ODI', 1), odi11: 2 })).toThrow(
      'Oswestry Disability Index: la domanda "odi11" non fa parte della scala.',
    );
  });

  it('a change counts when it reaches the scale’s minimal important difference, in the right direction', () => {
    expect(outcomeChange('ODI', 40, 28)).toBe('MIGLIORATO');
    expect(outcomeChange('ODI', 40, 32)).toBe('INVARIATO');
    expect(outcomeChange('NRS', 3, 6)).toBe('PEGGIORATO');
    expect(outcomeChange('BARTHEL', 60, 75)).toBe('MIGLIORATO');
    expect(outcomeChange('BARTHEL', 75, 60)).toBe('PEGGIORATO');
  });
});
