import { describe, expect, it } from 'vitest';
import { calendarFeedSummary } from './calendar-feed.schema.ts';

const visit = { pazienteName: 'Verdi Giulia', serviceName: 'Seduta di fisioterapia' };

describe('what a calendar feed shows of an appointment', () => {
  it('is "Appuntamento" alone by default, whatever the appointment holds', () => {
    expect(calendarFeedSummary('ORARIO', visit)).toBe('Appuntamento');
  });

  it('adds only what the studio chose: the initials, the name or the service', () => {
    expect(calendarFeedSummary('INIZIALI', visit)).toBe('Appuntamento – V. G.');
    expect(calendarFeedSummary('INIZIALI', { ...visit, pazienteName: "D'Angelo Àlba" })).toBe('Appuntamento – D. À.');
    expect(calendarFeedSummary('NOME', visit)).toBe('Appuntamento – Verdi Giulia');
    expect(calendarFeedSummary('PRESTAZIONE', visit)).toBe('Appuntamento – Seduta di fisioterapia');
  });

  it('says "Appuntamento" when the chosen part is missing', () => {
    expect(calendarFeedSummary('NOME', { pazienteName: null, serviceName: null })).toBe('Appuntamento');
    expect(calendarFeedSummary('PRESTAZIONE', { ...visit, serviceName: null })).toBe('Appuntamento');
  });
});
