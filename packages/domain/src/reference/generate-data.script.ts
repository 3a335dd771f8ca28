/**
 * Writes `data/*.json` from npm packages (decision 011): run `npm run generate:reference -w @studiolo/domain`
 * after bumping either of them, then review the diff and run the reference tests.
 *
 * - `italian-locations` (Garda Informatica's ISTAT-based list, MIT): the comuni in force, with province, CAP and
 *   catastral code. Generated rather than imported at run time because its ES-module entry imports its 4 MB JSON
 *   without an import attribute, which Node (the server runs the domain as native ES modules) refuses, and because
 *   the web would download coordinates, regions and areas it never shows (333 kB gzip against ≈ 100 kB here).
 * - `@marketto/belfiore-connector-embedded` (ANPR and Agenzia delle Entrate data, CC BY 4.0; ISTAT foreign states,
 *   CC BY 3.0): catastral codes of suppressed comuni and of foreign states (Z…), for decoding birthplaces in fiscal
 *   codes. Its records of current comuni carry older provinces and names (Caserta under NA, Castello d'Alife for
 *   Castello del Matese), so for codes still in force the first package wins; its API is asynchronous only.
 * - `i18n-iso-countries` (a run-time dependency for countries.ts): the ISO codes a foreign state may link to.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { belfioreConnector } from '@marketto/belfiore-connector-embedded';
import alpha2Codes from 'i18n-iso-countries/codes.json' with { type: 'json' };
import italianNames from 'i18n-iso-countries/langs/it.json' with { type: 'json' };
import type { Comune as SourceComune } from 'italian-locations';
import domainPackage from '../../package.json' with { type: 'json' };

const require = createRequire(import.meta.url);
// The CommonJS build: the ES-module one cannot be loaded by Node (see above).
const italianLocations = require('italian-locations') as { getAllComuni(): SourceComune[] };
// Both are pinned exactly, so the manifest names the versions the data comes from.
const versionOf = (pkg: keyof typeof domainPackage.devDependencies): string => domainPackage.devDependencies[pkg];

const collator = new Intl.Collator('it', { sensitivity: 'base' });
const dataDir = new URL('./data/', import.meta.url);
const write = (file: string, value: unknown): void => {
  writeFileSync(new URL(file, dataDir), `${JSON.stringify(value)}\n`);
};

// ---------- comuni in force ----------

type Row = { nome: string; provincia: string; belfiore: string; caps: Set<string>; altroNome: string | null };
const current = new Map<string, Row>();
// One source record per CAP: group them by catastral code.
for (const c of italianLocations.getAllComuni()) {
  const row = current.get(c.codiceBelfiore);
  if (row) {
    row.caps.add(c.cap);
    continue;
  }
  // "Bolzano/Bozen": the Italian name is the one shown, the other language's is searchable.
  const altro = c.nomeAlternativo?.split('/').find((part) => part.trim() !== c.nome);
  current.set(c.codiceBelfiore, {
    nome: c.nome,
    provincia: c.siglaProvincia,
    belfiore: c.codiceBelfiore,
    caps: new Set([c.cap]),
    altroNome: altro?.trim() || null,
  });
}
const comuni = [...current.values()]
  .sort((a, b) => collator.compare(a.nome, b.nome) || a.provincia.localeCompare(b.provincia))
  .map((r) => {
    const row: (string | string[])[] = [r.nome, r.provincia, r.belfiore, [...r.caps].sort()];
    if (r.altroNome) row.push(r.altroNome);
    return row;
  });

// ---------- suppressed comuni and foreign states ----------

/** Source names of suppressed comuni come title-cased word by word, a few mis-decoded: give them Italian casing. */
const particles = new Set(
  'a ai al alla allo con da dal dalla de dei del della delle dello di e ed in nel nella sul sulla'.split(' '),
);
const fixEncoding = (name: string): string =>
  /[ÃÂ]/u.test(name) ? Buffer.from(name, 'latin1').toString('utf8') : name;
const tidyName = (raw: string): string =>
  fixEncoding(raw)
    .split(' ')
    .map((word, i) => {
      const w = word.replace(/(['-])(\p{Ll})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());
      if (i === 0) return w;
      if (particles.has(w.toLowerCase())) return w.toLowerCase();
      // D'Ivrea → d'Ivrea, Dell'Adige → dell'Adige
      if (/^(d|de|dell|degl|nell|sull|all)'/iu.test(w)) return w.charAt(0).toLowerCase() + w.slice(1);
      return w;
    })
    .join(' ');

const isoCodes = new Set(alpha2Codes.map(([alpha2]) => alpha2));
const isoByItalianName = new Map(
  Object.entries(italianNames.countries).map(([alpha2, name]) => [Array.isArray(name) ? name[0] : name, alpha2]),
);
const now = new Date();
const places = await belfioreConnector.toArray();
const soppressi: string[][] = [];
const statiEsteri: (string | number)[][] = [];
for (const p of places) {
  if (p.belfioreCode.startsWith('Z')) {
    const nome = fixEncoding(p.name);
    // The source writes UK for the United Kingdom (ISO 3166 says GB), withdrawn codes for former states (SU, YU …)
    // and nothing for Kosovo: keep only codes of today's list, and match a blank one by its Italian name.
    const iso = (p.iso3166 ?? '').trim();
    const alpha2 = iso === 'UK' ? 'GB' : iso || (isoByItalianName.get(nome) ?? '');
    statiEsteri.push([p.belfioreCode, nome, isoCodes.has(alpha2) ? alpha2 : '', p.expirationDate < now ? 1 : 0]);
  } else if (!current.has(p.belfioreCode) && p.province) {
    soppressi.push([p.belfioreCode, tidyName(p.name), p.province]);
  }
}
soppressi.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
statiEsteri.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));

const generatedFrom = {
  comuni: `italian-locations@${versionOf('italian-locations')} (Garda Informatica, MIT; ISTAT)`,
  belfiore: `@marketto/belfiore-connector-embedded@${versionOf('@marketto/belfiore-connector-embedded')} (MIT; data CC BY 4.0 Ministero dell'Interno ANPR and Agenzia delle Entrate, CC BY 3.0 ISTAT)`,
};
write('comuni.json', { generatedFrom: generatedFrom.comuni, rows: comuni });
write('comuni-soppressi.json', { generatedFrom: generatedFrom.belfiore, rows: soppressi });
write('stati-esteri.json', { generatedFrom: generatedFrom.belfiore, rows: statiEsteri });
console.log(`comuni ${comuni.length}, soppressi ${soppressi.length}, stati esteri ${statiEsteri.length}`);
