import { describe, expect, it } from 'vitest';
import { continents, countries, countryByAlpha2, defaultCountry } from './countries.ts';

describe('countries for nazionalita', () => {
  it('lists about 250 countries, each with continent, Italian and English name and both ISO codes', () => {
    expect(countries.length).toBeGreaterThanOrEqual(245);
    expect(countries.length).toBeLessThanOrEqual(255);
    for (const c of countries) {
      expect(continents).toContain(c.continent);
      expect(c.itName).not.toBe('');
      expect(c.enName).not.toBe('');
      expect(c.codAlpha2).toMatch(/^[A-Z]{2}$/);
      expect(c.codAlpha3).toMatch(/^[A-Z]{3}$/);
    }
    expect(new Set(countries.map((c) => c.codAlpha2)).size).toBe(countries.length);
  });

  it('defaults to Italy, in Europe', () => {
    expect(defaultCountry).toMatchObject({
      codAlpha2: 'IT',
      codAlpha3: 'ITA',
      itName: 'Italia',
      enName: 'Italy',
      continent: 'Europa',
      codBelfiore: null,
    });
  });

  it('sorts by Italian name', () => {
    const names = countries.map((c) => c.itName);
    expect(names).toEqual([...names].sort(new Intl.Collator('it', { sensitivity: 'base' }).compare));
  });

  it('finds a country by its alpha-2 code in any case', () => {
    expect(countryByAlpha2('us')).toMatchObject({
      itName: "Stati Uniti d'America",
      enName: 'United States of America',
      codAlpha3: 'USA',
      continent: 'America del Nord',
      codBelfiore: 'Z404',
    });
    expect(countryByAlpha2('CH')).toMatchObject({ itName: 'Svizzera', continent: 'Europa', codBelfiore: 'Z133' });
    expect(countryByAlpha2('XX')).toBeUndefined();
  });

  it('names the continents in Italian, with Russia in Europe and the Caribbean in North America', () => {
    expect(countryByAlpha2('RU')?.continent).toBe('Europa');
    expect(countryByAlpha2('CN')?.continent).toBe('Asia');
    expect(countryByAlpha2('MA')?.continent).toBe('Africa');
    expect(countryByAlpha2('CU')?.continent).toBe('America del Nord');
    expect(countryByAlpha2('BR')?.continent).toBe('America del Sud');
    expect(countryByAlpha2('AU')?.continent).toBe('Oceania');
    expect(countryByAlpha2('AQ')?.continent).toBe('Antartide');
  });

  it('links most countries to their catastral code, Kosovo and the United Kingdom included', () => {
    expect(countryByAlpha2('XK')?.codBelfiore).toBe('Z160');
    expect(countryByAlpha2('GB')?.codBelfiore).toBe('Z114');
    expect(countries.filter((c) => c.codBelfiore).length).toBeGreaterThan(200);
  });
});
