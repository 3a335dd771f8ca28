import { describe, expect, it } from 'vitest';
import { measureSms, smsEncodingOf } from './sms-text.ts';

describe('smsEncodingOf', () => {
  it('keeps Italian text with its accented letters in GSM-7', () => {
    expect(smsEncodingOf("Gentile Niccolò, l'appuntamento è lunedì alle 9:30. Più info: perché? città")).toBe('GSM-7');
  });

  it('keeps the extension characters (€, [, ], {, }, ~, ^, |, \\) in GSM-7', () => {
    expect(smsEncodingOf('Costo 50€ [saldo] {x} ~ ^ | \\')).toBe('GSM-7');
  });

  it('turns to UCS-2 for a character outside GSM-7: È, a typographic apostrophe, an emoji', () => {
    expect(smsEncodingOf('È confermato')).toBe('UCS-2');
    expect(smsEncodingOf('l’appuntamento')).toBe('UCS-2');
    expect(smsEncodingOf('A domani 😀')).toBe('UCS-2');
  });
});

describe('measureSms', () => {
  it('fits 160 GSM-7 characters in one segment and splits 161 into two of 153', () => {
    expect(measureSms('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', units: 160, segments: 1, remaining: 0 });
    expect(measureSms('a'.repeat(161))).toMatchObject({ segments: 2, remaining: 153 * 2 - 161 });
    expect(measureSms('a'.repeat(306))).toMatchObject({ segments: 2, remaining: 0 });
    expect(measureSms('a'.repeat(307))).toMatchObject({ segments: 3 });
  });

  it('counts an extension character as two septets', () => {
    expect(measureSms('€'.repeat(80))).toMatchObject({ units: 160, characters: 80, segments: 1 });
    expect(measureSms(`${'a'.repeat(159)}€`)).toMatchObject({ units: 161, segments: 2 });
  });

  it('never splits an escape pair across segments', () => {
    // 152 septets, then € (2 septets) does not fit the first segment's last septet: it opens the second
    const m = measureSms(`${'a'.repeat(152)}€${'a'.repeat(10)}`);
    expect(m).toMatchObject({ units: 164, segments: 2, remaining: 153 - 12 });
  });

  it('fits 70 UCS-2 units in one segment and splits 71 into two of 67', () => {
    expect(measureSms(`È${'a'.repeat(69)}`)).toMatchObject({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(measureSms(`È${'a'.repeat(70)}`)).toMatchObject({ units: 71, segments: 2, remaining: 67 * 2 - 71 });
    expect(measureSms(`È${'a'.repeat(133)}`)).toMatchObject({ units: 134, segments: 2, remaining: 0 });
    expect(measureSms(`È${'a'.repeat(134)}`)).toMatchObject({ segments: 3 });
  });

  it('counts an emoji as two UCS-2 units and never splits its surrogate pair', () => {
    expect(measureSms('😀')).toMatchObject({ units: 2, characters: 1, segments: 1 });
    const m = measureSms(`${'a'.repeat(66)}😀${'a'.repeat(10)}`);
    expect(m).toMatchObject({ units: 78, segments: 2, remaining: 67 - 12 });
  });

  it('lists the characters that made a text UCS-2', () => {
    expect(measureSms('È l’ora 😀 È').nonGsmCharacters).toEqual(['È', '’', '😀']);
    expect(measureSms('tutto ok').nonGsmCharacters).toEqual([]);
  });

  it('measures an empty text as one empty segment', () => {
    expect(measureSms('')).toMatchObject({ encoding: 'GSM-7', units: 0, segments: 1, remaining: 160 });
  });
});
