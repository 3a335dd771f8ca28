import { describe, expect, it } from 'vitest';
import { defaultServiceDescription, serviceDescriptionOf } from './service-description.ts';

describe("the description of an appointment's line without a service (issue 26 item 2)", () => {
  it('follows the profession the studio declared', () => {
    expect(defaultServiceDescription('Fisioterapista')).toBe('Seduta di fisioterapia');
    expect(defaultServiceDescription('osteopata D.O.')).toBe('Trattamento osteopatico');
    expect(defaultServiceDescription('Psicologa psicoterapeuta')).toBe('Seduta di psicoterapia');
    expect(defaultServiceDescription('Logopedista')).toBe('Seduta di logopedia');
    expect(defaultServiceDescription('Medico chirurgo')).toBe('Visita medica');
  });

  it('says "Prestazione sanitaria" without a profession it knows', () => {
    expect(defaultServiceDescription(null)).toBe('Prestazione sanitaria');
    expect(defaultServiceDescription('  ')).toBe('Prestazione sanitaria');
    expect(defaultServiceDescription('Consulente')).toBe('Prestazione sanitaria');
  });

  it("takes the studio's own description when it set one", () => {
    expect(serviceDescriptionOf({ descrizionePrestazione: ' Seduta riabilitativa ' }, 'Fisioterapista')).toBe(
      'Seduta riabilitativa',
    );
    expect(serviceDescriptionOf({ descrizionePrestazione: '' }, 'Fisioterapista')).toBe('Seduta di fisioterapia');
    expect(serviceDescriptionOf(null, 'Osteopata')).toBe('Trattamento osteopatico');
  });
});
