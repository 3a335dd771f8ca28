import { describe, expect, it } from 'vitest';
import { anagraficaMessages as am } from '../anagrafica/anagrafica.messages.ts';
import { studioInputSchema } from './studio.schema.ts';

const studio = (over: Record<string, unknown> = {}) => ({
  tipologiaPersona: 'FISICA',
  nome: 'Chiara',
  cognome: 'Esposito',
  codiceFiscale: 'RSSMRA78E14F205V',
  partitaIva: '01199250158',
  contatti: { email: 'studio@example.it', cellulare: '+39 333 1234567' },
  residenza: { indirizzo: 'Via Roma 1', cap: '40121', comune: 'Bologna', provincia: 'BO' },
  ...over,
});
const fieldErrors = (input: unknown) => {
  const r = studioInputSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('studio input', () => {
  it('accepts a studio with a complete address', () => {
    expect(fieldErrors(studio())).toEqual({});
  });

  it('keeps its names to one line of the shared string rule (decision 033)', () => {
    expect(fieldErrors(studio({ professione: 'Fisio\nterapista', ragioneSociale: 'Studio\u0000' }))).toMatchObject({
      professione: 'Il testo non può andare a capo',
      ragioneSociale: 'Il testo contiene caratteri non consentiti',
    });
  });

  it('says "Indirizzo non valido" when the address is left all empty: it goes on every invoice', () => {
    const empty = { indirizzo: '', cap: '', comune: '', provincia: '' };
    expect(fieldErrors(studio({ residenza: empty }))['residenza.indirizzo']).toBe(am.indirizzoInvalid);
    expect(fieldErrors(studio({ residenza: { indirizzo: null } }))['residenza.indirizzo']).toBe(am.indirizzoInvalid);
  });

  it('says "Indirizzo non valido" when a part of the address is missing', () => {
    const noTown = { indirizzo: 'Via Roma 1', cap: '40121', comune: ' ', provincia: 'BO' };
    expect(fieldErrors(studio({ residenza: noTown }))['residenza.indirizzo']).toBe(am.indirizzoInvalid);
  });

  it('takes a company’s 11-digit tax code with its check digit, or a sole trader’s personal code', () => {
    const company = (codiceFiscale: string) =>
      fieldErrors(studio({ tipologiaPersona: 'GIURIDICA', ragioneSociale: 'Fisio Srl', codiceFiscale })).codiceFiscale;
    expect(company('01199250158')).toBeUndefined();
    expect(company('01199250159')).toBe(am.codiceFiscaleInvalidStudio);
    expect(company('RSSMRA78E14F205V')).toBeUndefined();
    expect(company('RSSMRA78E14F205X')).toBe(am.codiceFiscaleInvalidStudio);
  });
});
