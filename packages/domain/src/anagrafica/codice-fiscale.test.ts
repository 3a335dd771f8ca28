import { afterEach, describe, expect, it, vi } from 'vitest';
import { anagraficaMessages as m } from './anagrafica.messages.ts';
import { checkCodiceFiscale, isValidCodiceFiscale } from './codice-fiscale.ts';

/*
 * Every code here was worked out from the rules (DM 23/12/1976 odd/even tables, mod 26), not by the code under
 * test: RSSMRA85T10A562S and RSSMRA80A01H501U are the well-known public examples; the others were computed with a
 * separate script of the official tables, and the omocodia ones by hand from their base code, as commented.
 */
const today = new Date(2025, 5, 15); // 15 June 2025, the reference date of the century rule

const valid = (code: string, at: Date = today) => {
  const r = checkCodiceFiscale(code, at);
  if (!r.valid) throw new Error(`${code} rejected: ${r.message}`);
  return r;
};
const messageOf = (code: string, at: Date = today) => {
  const r = checkCodiceFiscale(code, at);
  return r.valid ? null : r.message;
};

describe('checkCodiceFiscale', () => {
  it('accepts a man’s code and decodes sex, birth date and birthplace', () => {
    expect(valid('RSSMRA85T10A562S')).toEqual({
      valid: true,
      code: 'RSSMRA85T10A562S',
      omocodia: false,
      sesso: 'U',
      dataNascita: '10-12-1985',
      belfiore: 'A562',
      natoAllEstero: false,
      centuryAmbiguous: false,
    });
    expect(valid('RSSMRA80A01H501U')).toMatchObject({ dataNascita: '01-01-1980', belfiore: 'H501' });
  });

  it('reads a day above 40 as a woman’s, born on the day minus 40', () => {
    // BIANCHI LAURA, 1 January 1990, Rome: day 01 + 40 = 41
    expect(valid('BNCLRA90A41H501F')).toMatchObject({ sesso: 'D', dataNascita: '01-01-1990', belfiore: 'H501' });
  });

  it('marks a catastral code starting with Z as born abroad', () => {
    // SMITH JOHN, 15 March 1970, United States (Z404); MULLER ANNA, 12 August 1988, Switzerland (Z133)
    expect(valid('SMTJHN70C15Z404A')).toMatchObject({ natoAllEstero: true, belfiore: 'Z404', sesso: 'U' });
    expect(valid('MLLNNA88M52Z133A')).toMatchObject({
      natoAllEstero: true,
      belfiore: 'Z133',
      sesso: 'D',
      dataNascita: '12-08-1988',
    });
  });

  it('trims, removes spaces and upper-cases the input', () => {
    expect(valid('  rssmra 85t10 a562s ').code).toBe('RSSMRA85T10A562S');
  });

  describe('omocodia', () => {
    it('accepts a substitute letter with its recomputed check character and reports it', () => {
      // RSSMRA85T10A562S, 2 → N at position 14 (odd table: 5 → 20, sum +15): S (18) + 15 = 33 ≡ 7 → H
      expect(valid('RSSMRA85T10A56NH')).toMatchObject({
        omocodia: true,
        dataNascita: '10-12-1985',
        belfiore: 'A562',
        code: 'RSSMRA85T10A56NH',
      });
      // then 6 → S at position 13 (even table: 6 → 18, sum +12): H (7) + 12 = 19 → T
      expect(valid('RSSMRA85T10A5SNT')).toMatchObject({ omocodia: true, belfiore: 'A562' });
    });

    it('turns every substitute letter back into its digit for the date and the birthplace', () => {
      // all seven digits replaced: 8→U (odd table 19→16, −3), 5→R (even 5→17, +12), 1→M (even 1→12, +11),
      // 0→L (odd 1→4, +3), 5→R (odd 13→8, −5), 6→S (even 6→18, +12), 2→N (odd 5→20, +15): S (18) + 45 = 63 ≡ 11 → L
      expect(valid('RSSMRAURTMLARSNL')).toMatchObject({
        omocodia: true,
        sesso: 'U',
        dataNascita: '10-12-1985',
        belfiore: 'A562',
      });
      // SMTJHN70C15Z404A with 0 → L at 13 (even 0→11, +11) and 4 → Q at 14 (odd 9→6, −3): A (0) + 8 → I
      expect(valid('SMTJHN70C15Z4LQI')).toMatchObject({ omocodia: true, belfiore: 'Z404', natoAllEstero: true });
    });

    it('rejects a substitute letter whose check character was not recomputed', () => {
      expect(messageOf('RSSMRA85T10A56NS')).toBe(m.codiceFiscaleInvalid);
    });
  });

  describe('rejections, each with its own message', () => {
    it('rejects a fiscal code whose check character is wrong', () => {
      expect(messageOf('RSSMRA85T10A562T')).toBe('Codice fiscale non valido');
    });

    it('rejects a code that is not 16 characters long', () => {
      expect(messageOf('RSSMRA85T10A562')).toBe('Lunghezza codice fiscale non valida');
      expect(messageOf('RSSMRA85T10A562SX')).toBe(m.codiceFiscaleLength);
      expect(messageOf('')).toBe(m.codiceFiscaleLength);
    });

    it('rejects a code of the wrong shape', () => {
      expect(messageOf('1SSMRA85T10A562S')).toBe('Formato codice fiscale non valido'); // digit among the name letters
      expect(messageOf('RSSMRA8XT10A562S')).toBe(m.codiceFiscaleFormat); // X is no substitute for a digit
      expect(messageOf('RSSMRA85T10A56WS')).toBe(m.codiceFiscaleFormat); // nor is W
      expect(messageOf('RSSMRA85T10A5621')).toBe(m.codiceFiscaleFormat); // check character must be a letter
      expect(messageOf('RSSMRA85T1-A562S')).toBe(m.codiceFiscaleFormat);
      expect(messageOf('RSSMRA85T10À562S')).toBe(m.codiceFiscaleFormat);
    });

    it('rejects a month letter outside A B C D E H L M P R S T', () => {
      // F is not a month; check character computed for the code as written (R)
      expect(messageOf('RSSMRA85F10A562R')).toBe('Carattere mese non valido nel codice fiscale');
    });

    it('rejects a birth date that does not exist, such as 31 February', () => {
      expect(messageOf('RSSMRA85B31A562F')).toBe('Data di nascita non valida (ad es. 31 febbraio)');
      expect(messageOf('RSSMRA85D31A562M')).toBe(m.codiceFiscaleBirthDate); // 31 April
      expect(valid('RSSMRA85D30A562N').dataNascita).toBe('30-04-1985');
    });

    it('rejects day 00, days 32 to 40 and days above 71', () => {
      expect(messageOf('RSSMRA85T00A562R')).toBe(m.codiceFiscaleBirthDate);
      expect(messageOf('RSSMRA85T35A562G')).toBe(m.codiceFiscaleBirthDate);
      expect(messageOf('RSSMRA85T72A562C')).toBe(m.codiceFiscaleBirthDate);
    });
  });

  describe('leap years', () => {
    it('accepts 29 February 2000 and 1996 but not 1997', () => {
      expect(valid('RSSMRA00B29H501Y').dataNascita).toBe('29-02-2000');
      expect(valid('RSSMRA96B29H501Y').dataNascita).toBe('29-02-1996');
      expect(messageOf('RSSMRA97B29H501Z')).toBe(m.codiceFiscaleBirthDate);
    });

    it('rejects 29 February 1900, the reading of year 00 while 1900 is within 110 years', () => {
      expect(messageOf('RSSMRA00B29H501Y', new Date(2005, 0, 1))).toBe(m.codiceFiscaleBirthDate);
    });
  });

  describe('century (19xx unless over 110 years old, then 20xx)', () => {
    it('reads 20xx when the 19xx reading would be over 110 on the reference date', () => {
      // 15 June 1914 turns 111 on 15 June 2025
      expect(valid('RSSMRA14H15H501J')).toMatchObject({ dataNascita: '15-06-2014', centuryAmbiguous: false });
    });

    it('keeps 19xx for a person exactly 110 years old, and warns that 20xx is possible too', () => {
      // 16 June 1914 is still 110 on 15 June 2025; 16 June 2014 is in the past as well
      expect(valid('RSSMRA14H16H501L')).toMatchObject({ dataNascita: '16-06-1914', centuryAmbiguous: true });
    });

    it('warns about the century when both the 19xx and the 20xx birth date are possible', () => {
      // 10 April 1924 (101 years) or 10 April 2024 (1 year)
      expect(valid('RSSMRA24D10H501S')).toMatchObject({ dataNascita: '10-04-1924', centuryAmbiguous: true });
    });

    it('does not warn when the 20xx reading would be in the future', () => {
      // 10 December 2025 is after 15 June 2025
      expect(valid('RSSMRA25T10H501A')).toMatchObject({ dataNascita: '10-12-1925', centuryAmbiguous: false });
    });

    it('rejects a birth date in the future', () => {
      // 1 January 1995 seen from 1 January 1990
      expect(messageOf('RSSMRA95A01H501B', new Date(1990, 0, 1))).toBe(m.codiceFiscaleBirthDate);
      expect(valid('RSSMRA95A01H501B', new Date(1995, 0, 1)).dataNascita).toBe('01-01-1995');
    });
  });
});

describe('isValidCodiceFiscale', () => {
  it('agrees with checkCodiceFiscale', () => {
    const codes = [
      'RSSMRA85T10A562S',
      'rssmra85t10a562s',
      'RSSMRAURTMLARSNL',
      'RSSMRA85T10A562T',
      'RSSMRA85B31A562F',
      'RSSMRA85F10A562R',
      'RSSMRA85T10A56',
      'RSSMRA8XT10A562S',
      'RSSMRA00B29H501Y',
    ];
    for (const code of codes) {
      expect(isValidCodiceFiscale(code, today), code).toBe(checkCodiceFiscale(code, today).valid);
    }
  });

  it('uses the current date when none is given', () => {
    expect(isValidCodiceFiscale('RSSMRA85T10A562S')).toBe(true);
    expect(checkCodiceFiscale('RSSMRA85T10A562S').valid).toBe(true);
  });
});

describe('the current date', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('follows the clock forwards and backwards', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(1990, 0, 1, 12));
    expect(isValidCodiceFiscale('RSSMRA95A01H501B')).toBe(false); // 1 January 1995 is in the future
    vi.setSystemTime(new Date(1995, 0, 1, 0, 0, 1));
    expect(isValidCodiceFiscale('RSSMRA95A01H501B')).toBe(true); // born today
    vi.setSystemTime(new Date(1994, 11, 31, 23, 59, 59));
    expect(isValidCodiceFiscale('RSSMRA95A01H501B')).toBe(false); // one second before midnight
  });
});
