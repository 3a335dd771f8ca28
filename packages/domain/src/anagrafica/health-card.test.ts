import { describe, expect, it, vi } from 'vitest';
import { createHealthCardCollector, type HealthCardRead, parseHealthCardTrack } from './health-card.ts';

const today = new Date(2025, 5, 15); // 15 June 2025
const failure = { ok: false, message: 'Lettura tessera non riuscita, riprovare' };

/*
 * Codes computed from the official tables (see codice-fiscale.test.ts): ROSSI MARIO 10-12-1985 RSSMRA85T10A562S,
 * BIANCHI LAURA 01-01-1990 BNCLRA90A41H501F, DE LUCA GIUSEPPE 08-07-1960 DLCGPP60L08L219T, and the published
 * example GRECO MARIA EMMA GRCMMM75D43C437U (check character verified).
 */
describe('parseHealthCardTrack', () => {
  it('reads code, surname and name from track 1 as the card reader types it', () => {
    const read = parseHealthCardTrack('%RSSMRA85T10A562SROSSI  MARIO                                     ?', today);
    expect(read).toEqual({
      ok: true,
      codiceFiscale: 'RSSMRA85T10A562S',
      cognome: 'ROSSI',
      nome: 'MARIO',
      sesso: 'U',
      dataNascita: '10-12-1985',
    });
  });

  it('skips a format-code letter after the percent sign and stops at the field separator', () => {
    expect(parseHealthCardTrack('%BGRCMMM75D43C437UGRECO  MARIA EMMA^', today)).toEqual({
      ok: true,
      codiceFiscale: 'GRCMMM75D43C437U',
      cognome: 'GRECO',
      nome: 'MARIA EMMA',
      sesso: 'D',
      dataNascita: '03-04-1975',
    });
  });

  it('understands a US-layout reader typing on an Italian keyboard (? as _, ; as ò) and ignores track 2', () => {
    const read = parseHealthCardTrack('%BNCLRA90A41H501FBIANCHI  LAURA                 _ò80380000100118208054_', today);
    expect(read).toMatchObject({ ok: true, cognome: 'BIANCHI', nome: 'LAURA', sesso: 'D', dataNascita: '01-01-1990' });
    expect(parseHealthCardTrack('%RSSMRA85T10A562SROSSI  MARIO&00000_', today)).toMatchObject({ nome: 'MARIO' });
  });

  it('upper-cases a swipe typed with Caps Lock on and accepts the final Enter', () => {
    expect(parseHealthCardTrack('%rssmra85t10a562srossi  mario?\n', today)).toMatchObject({
      ok: true,
      codiceFiscale: 'RSSMRA85T10A562S',
      cognome: 'ROSSI',
      nome: 'MARIO',
    });
  });

  it('keeps a compound surname whole, with or without the two-space separator', () => {
    const expected = { ok: true, cognome: 'DE LUCA', nome: 'GIUSEPPE', dataNascita: '08-07-1960' };
    expect(parseHealthCardTrack('%DLCGPP60L08L219TDE LUCA  GIUSEPPE?', today)).toMatchObject(expected);
    // no double space: the split whose letters give DLC and GPP
    expect(parseHealthCardTrack('%DLCGPP60L08L219TDE LUCA GIUSEPPE?', today)).toMatchObject(expected);
    expect(parseHealthCardTrack('%RSSMRA85T10A562SROSSI/MARIO?', today)).toMatchObject({ cognome: 'ROSSI' });
  });

  it('reads an omocodia code and decodes its substitute letters', () => {
    expect(parseHealthCardTrack('%RSSMRA85T10A56NHROSSI  MARIO?', today)).toMatchObject({
      ok: true,
      codiceFiscale: 'RSSMRA85T10A56NH',
      dataNascita: '10-12-1985',
    });
  });

  it('picks the century that keeps the birth date out of the future', () => {
    // year 24: 10 April 2024 is past, so 2024 (the form's 110-year rule would say 1924)
    expect(parseHealthCardTrack('%RSSMRA24D10H501SROSSI  MARIO?', today)).toMatchObject({ dataNascita: '10-04-2024' });
    // year 25, December: 10 December 2025 is still to come, so 1925
    expect(parseHealthCardTrack('%RSSMRA25T10H501AROSSI  MARIO?', today)).toMatchObject({ dataNascita: '10-12-1925' });
  });

  it('fails with the spec message on anything that is not a valid card', () => {
    expect(parseHealthCardTrack(';80380000100118208054?', today)).toEqual(failure); // track 2 only
    expect(parseHealthCardTrack('%RSSMRA85T10A562TROSSI  MARIO?', today)).toEqual(failure); // wrong check character
    expect(parseHealthCardTrack('%RSSMRA85B31A562FROSSI  MARIO?', today)).toEqual(failure); // 31 February
    expect(parseHealthCardTrack('%RSSMRA85T10A562S?', today)).toEqual(failure); // no names
    // one space and no split whose letters give RSS MRA: the names cannot be told apart
    expect(parseHealthCardTrack('%RSSMRA85T10A562SBIANCHI LAURA?', today)).toEqual(failure);
    expect(parseHealthCardTrack('%E?', today)).toEqual(failure); // read error
  });
});

describe('createHealthCardCollector', () => {
  const setup = () => {
    let t = 1_000;
    const reads: HealthCardRead[] = [];
    const errors: string[] = [];
    const abandoned: string[] = [];
    const collector = createHealthCardCollector({
      onRead: (r) => reads.push(r),
      onError: (e) => errors.push(e),
      onAbandoned: (typed) => abandoned.push(typed),
      now: () => t,
      today: () => today,
    });
    /** Types like a wedge reader: Shift before capitals and punctuation, `gap` ms per key. */
    const swipe = (text: string, gap = 8) =>
      [...text].map((ch) => {
        t += gap;
        if (ch !== ch.toLowerCase() || '%?_'.includes(ch)) collector.key('Shift');
        return collector.key(ch === '\n' ? 'Enter' : ch);
      });
    const advance = (ms: number) => {
      t += ms;
    };
    return { collector, swipe, advance, reads, errors, abandoned };
  };

  it('collects a swipe that starts with % and ends with Enter, consuming every key', () => {
    const { swipe, reads, errors } = setup();
    const consumed = swipe('%RSSMRA85T10A562SROSSI  MARIO?\n');
    expect(consumed.every(Boolean)).toBe(true);
    expect(errors).toEqual([]);
    expect(reads).toEqual([
      {
        ok: true,
        codiceFiscale: 'RSSMRA85T10A562S',
        cognome: 'ROSSI',
        nome: 'MARIO',
        sesso: 'U',
        dataNascita: '10-12-1985',
      },
    ]);
  });

  it('lets ordinary typing through', () => {
    const { collector, reads } = setup();
    expect(['M', 'a', 'r', 'i', 'o', 'Enter', 'Backspace'].map((k) => collector.key(k))).toEqual(Array(7).fill(false));
    expect(reads).toEqual([]);
  });

  it('reports a failed read that ended with Enter in time', () => {
    const { swipe, reads, errors } = setup();
    swipe('%E?\n');
    expect(reads).toEqual([]);
    expect(errors).toEqual(['Lettura tessera non riuscita, riprovare']);
  });

  it('gives up after 1.5 s from the percent sign and hands back what it swallowed', () => {
    const { collector, swipe, advance, reads, errors, abandoned } = setup();
    swipe('%RSSMRA');
    advance(1_500);
    expect(collector.key('Enter')).toBe(false); // now past the window: the Enter belongs to the page
    expect(reads).toEqual([]);
    expect(errors).toEqual([]);
    expect(abandoned).toEqual(['%RSSMRA']);
  });

  it('accepts a slow reader that still ends within the window', () => {
    const { swipe, reads } = setup();
    // 31 keys × 45 ms = 1.395 s
    swipe('%RSSMRA85T10A562SROSSI  MARIO?\n', 45);
    expect(reads).toHaveLength(1);
  });

  it('treats a person typing % and then an arrow or Escape as ordinary typing', () => {
    const { collector, abandoned } = setup();
    expect(collector.key('%')).toBe(true);
    expect(collector.key('ArrowLeft')).toBe(false);
    expect(abandoned).toEqual(['%']);
    expect(collector.key('%')).toBe(true);
    expect(collector.key('Escape')).toBe(false);
    expect(abandoned).toEqual(['%', '%']);
  });

  it('starts afresh after reset', () => {
    const onRead = vi.fn();
    const collector = createHealthCardCollector({ onRead, onError: vi.fn(), today: () => today });
    collector.key('%');
    collector.key('X');
    collector.reset();
    expect(collector.key('Enter')).toBe(false);
    expect(onRead).not.toHaveBeenCalled();
  });
});
