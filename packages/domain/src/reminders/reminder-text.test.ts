import { describe, expect, it } from 'vitest';
import {
  defaultReminderText,
  previewReminder,
  previewReminderValues,
  renderReminderText,
  unknownReminderTokens,
} from './reminder-text.ts';

const values = {
  nome: 'Mario Bianchi',
  data: '05-03-2027',
  ora: '09:15',
  studio: 'Studio Rossi',
  indirizzo: 'Via Roma 1, Milano',
  link: 'https://studio.example/appuntamento?t=abc',
};

describe('reminder text', () => {
  it('fills in every token, as often as it appears', () => {
    expect(renderReminderText('{nome} {nome}, {data} {ora} da {studio} ({indirizzo})', values)).toBe(
      'Mario Bianchi Mario Bianchi, 05-03-2027 09:15 da Studio Rossi (Via Roma 1, Milano)',
    );
  });

  it('leaves unknown tokens and lists them for the settings form', () => {
    expect(renderReminderText('Ciao {nom}', values)).toBe('Ciao {nom}');
    expect(unknownReminderTokens('Ciao {nom}, {data} {orario} {nom} {link}')).toEqual(['nom', 'orario']);
    expect(unknownReminderTokens(defaultReminderText)).toEqual([]);
  });

  it('keeps the default text in one GSM-7 segment with the preview values', () => {
    const p = previewReminder(defaultReminderText, previewReminderValues({ nome: 'Studio Rossi', indirizzo: '' }));
    expect(p).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect(p.text).toContain('Maria Rossi');
  });

  it('previews {link} at its real length (one more segment after a full default text)', () => {
    const v = previewReminderValues({ nome: 'Studio Rossi', indirizzo: '' }, 'https://app.studiolo.it');
    expect(v.link).toBe(`https://app.studiolo.it/appuntamento?t=${'x'.repeat(43)}`);
    expect(previewReminder(`${defaultReminderText} {link}`, v).segments).toBe(2);
  });

  it('shows a text made UCS-2 by a typographic apostrophe', () => {
    const p = previewReminder('Gentile {nome}, l’appuntamento è il {data}', values);
    expect(p).toMatchObject({ encoding: 'UCS-2', segments: 1, nonGsmCharacters: ['’'] });
  });
});
