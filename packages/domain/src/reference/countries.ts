/**
 * Countries for `nazionalita` (spec part 1 §3: "choice list of about 250 countries, each with continent, itName,
 * enName, codAlpha2, codAlpha3"), read at run time from two npm packages (decision 011):
 * - `i18n-iso-countries`: the ISO 3166-1 list (249 codes plus Kosovo, XK), alpha-3 codes, Italian and English names.
 *   Its data files are imported directly: the package entry would register locales in a shared registry (and on
 *   Node load all 80 of them).
 * - `countries-list`: the continent of each country.
 * The catastral code of each foreign state comes from the generated `data/stati-esteri.json` (see belfiore.ts).
 */
import { countries as countriesList } from 'countries-list';
import alpha2Codes from 'i18n-iso-countries/codes.json' with { type: 'json' };
import englishNames from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import italianNames from 'i18n-iso-countries/langs/it.json' with { type: 'json' };
import statiEsteriData from './data/stati-esteri.json' with { type: 'json' };

/** Continents by their Italian name, in the order a grouped choice list shows them. */
export const continents = [
  'Europa',
  'Asia',
  'Africa',
  'America del Nord',
  'America del Sud',
  'Oceania',
  'Antartide',
] as const;
export type Continent = (typeof continents)[number];

/** One choice of `nazionalita`. */
export type Country = {
  continent: Continent;
  /** Italian name, as i18n-iso-countries gives it ("Stati Uniti d'America", "Regno Unito"). */
  itName: string;
  enName: string;
  /** ISO 3166-1 alpha-2, upper case: the value stored on the patient. */
  codAlpha2: string;
  /** ISO 3166-1 alpha-3, upper case. */
  codAlpha3: string;
  /**
   * Catastral code of the foreign state (Z…), the birthplace part of a fiscal code of someone born there; null for
   * Italy and for the territories the source has no code for (Hong Kong, Puerto Rico, Réunion …).
   */
  codBelfiore: string | null;
};

// countries-list continent codes. Central America and the Caribbean belong to North America there.
const continentOf: Record<string, Continent> = {
  EU: 'Europa',
  AS: 'Asia',
  AF: 'Africa',
  NA: 'America del Nord',
  SA: 'America del Sud',
  OC: 'Oceania',
  AN: 'Antartide',
};
// countries-list puts Russia in Asia (its first continent of two); in Italy it is listed as a European country
// (capital and most of the population in Europe). Other transcontinental countries keep the package's choice:
// Turkey, Georgia, Armenia, Azerbaijan and Kazakhstan in Asia, Egypt in Africa, Cyprus in Europe.
const continentOverride: Record<string, Continent> = { RU: 'Europa' };

const firstName = (name: string | string[] | undefined): string | undefined => (Array.isArray(name) ? name[0] : name);

const buildCountries = (): readonly Country[] => {
  const it: Record<string, string | string[]> = italianNames.countries;
  const en: Record<string, string | string[]> = englishNames.countries;
  const continentCodes: Record<string, { continent: string } | undefined> = countriesList;
  const belfioreByAlpha2 = new Map<string, string>();
  for (const [belfiore, , alpha2, soppresso] of statiEsteriData.rows as [string, string, string, number][]) {
    if (alpha2 && !soppresso) belfioreByAlpha2.set(alpha2, belfiore);
  }
  const collator = new Intl.Collator('it', { sensitivity: 'base' });
  return alpha2Codes
    .map(([codAlpha2, codAlpha3]): Country => {
      const code = codAlpha2 as string;
      const continentCode = continentCodes[code]?.continent ?? '';
      const continent = continentOverride[code] ?? continentOf[continentCode];
      const itName = firstName(it[code]);
      const enName = firstName(en[code]);
      if (!continent || !itName || !enName || !codAlpha3) throw new Error(`reference data incomplete for ${code}`);
      return { continent, itName, enName, codAlpha2: code, codAlpha3, codBelfiore: belfioreByAlpha2.get(code) ?? null };
    })
    .sort((a, b) => collator.compare(a.itName, b.itName));
};

/** Every country (≈ 250), sorted by Italian name. */
export const countries: readonly Country[] = /* @__PURE__ */ buildCountries();

let byAlpha2: Map<string, Country> | undefined;

/** @returns the country with this ISO alpha-2 code (any case), or undefined. */
export const countryByAlpha2 = (code: string): Country | undefined => {
  byAlpha2 ??= new Map(countries.map((c) => [c.codAlpha2, c]));
  return byAlpha2.get(code.trim().toUpperCase());
};

/** The home country, default of `nazionalita` (spec part 1 §3). */
export const defaultCountry: Country = /* @__PURE__ */ (() => countryByAlpha2('IT') as Country)();
