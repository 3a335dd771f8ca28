/**
 * Personal codice fiscale validation compared with two npm packages: `codice-fiscale-js` (CodiceFiscale.check)
 * and `@marketto/codice-fiscale-utils` (Validator#codiceFiscale(cf).valid). For each implementation: agreement
 * with the expected answers of a public-style vector set, and checks per second over that set.
 *
 * Run alone with `node bench/scenarios/codice-fiscale-peers.ts` (writes bench/results/codice-fiscale-peers.json)
 * or as part d of `npm run bench` (BENCH_ONLY=codice-fiscale for this part only).
 * BENCH_CF_TIME_MS sets the measuring time per implementation (default 1500 ms, after 300 ms of warm-up).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Validator } from '@marketto/codice-fiscale-utils';
import { checkCodiceFiscale, isValidCodiceFiscale } from '@studiolo/domain/anagrafica';
import { Bench } from 'tinybench';

const here = path.dirname(fileURLToPath(import.meta.url));
export const codiceFiscalePeersResultsFile = path.join(here, '..', 'results', 'codice-fiscale-peers.json');

type Category = 'valid' | 'omocodia' | 'input' | 'check' | 'date' | 'month' | 'length' | 'format';
/** [input, expected validity, category, why the rules give that answer]. */
type Vector = readonly [string, boolean, Category, string];

/*
 * Expected answers come from the rules of spec part 1 §5 and the DM 23/12/1976 tables, not from an implementation:
 * every code was built from its parts (surname and name letters, year, month letter, day + 40 for women, catastral
 * code) and its check character computed with the official odd/even tables mod 26 (RSSMRA85T10A562S and
 * RSSMRA80A01H501U are the well-known published examples); the invalid ones break exactly one rule and, where the
 * rule is not the check character, carry the check character that is right for the characters as written.
 * Two vectors depend on the date of the run: year 00 with 29 February is 2000 (valid) because 1900 would make the
 * person over 110 years old; year 01 is 2001 for the same reason (29 February 2001 does not exist).
 */
export const codiceFiscaleVectors: readonly Vector[] = [
  ['RSSMRA85T10A562S', true, 'valid', 'man, 10 Dec 1985'],
  ['RSSMRA80A01H501U', true, 'valid', 'man, 1 Jan 1980, Rome'],
  ['MRTMTT25D09F205Z', true, 'valid', 'man, 9 Apr 1925, Milan'],
  ['DLCGPP60L08L219T', true, 'valid', 'man, 8 Jul 1960, Turin'],
  ['BNCLRA90A41H501F', true, 'valid', 'woman (day 41 = 1), 1 Jan 1990'],
  ['GRCMMM75D43C437U', true, 'valid', 'woman (43 = 3), 3 Apr 1975'],
  ['VRNGLI99T71F839I', true, 'valid', 'woman (71 = 31), 31 Dec 1999'],
  ['SMTJHN70C15Z404A', true, 'valid', 'born abroad: Z404 United States'],
  ['MLLNNA88M52Z133A', true, 'valid', 'woman born abroad: Z133 Switzerland'],
  ['PPDGRG82E20Z115N', true, 'valid', 'born abroad: Z115 Greece'],
  ['CHNWEI01R05Z210W', true, 'valid', 'born abroad: Z210 China, 5 Oct 2001'],
  ['RSSMRA00B29H501Y', true, 'valid', '29 Feb 2000 (2000 is a leap year)'],
  ['RSSMRA96B29H501Y', true, 'valid', '29 Feb 1996 (leap year)'],
  ['BNCLRA96B69H501H', true, 'valid', 'woman, 29 Feb 1996 (69 = 29)'],
  ['RSSMRA85D30A562N', true, 'valid', '30 Apr (April has 30 days)'],
  ['RSSMRA85B28A562X', true, 'valid', '28 Feb 1985'],
  ['RSSMRA85A31A562G', true, 'valid', '31 Jan'],
  ['RSSMRA85L31A562J', true, 'valid', '31 Jul'],
  ['RSSMRA85M31A562X', true, 'valid', '31 Aug'],
  ['RSSMRA85R31A562N', true, 'valid', '31 Oct'],
  ['RSSMRA85T10A56NH', true, 'omocodia', 'omocodia: 2 -> N at 14'],
  ['RSSMRA85T10A5SNT', true, 'omocodia', 'omocodia: 6 -> S at 13, 2 -> N at 14'],
  ['RSSMRAURTMLARSNL', true, 'omocodia', 'omocodia: all seven digits substituted'],
  ['SMTJHN70C15Z4LQI', true, 'omocodia', 'omocodia in the catastral code: Z404 as Z4LQ'],
  ['RSSMRA8RT10A562E', true, 'omocodia', 'omocodia: 5 -> R at 7'],
  ['BNCLRA90A4MH501X', true, 'omocodia', 'omocodia: 1 -> M at 10 (woman, day 41)'],
  ['BNCLRA9LA41H501Q', true, 'omocodia', 'omocodia: 0 -> L at 7'],
  ['RSSMRALLB29H501M', true, 'omocodia', 'omocodia: year 00 as LL, 29 Feb 2000'],
  ['DLCGPP60L08L2MVT', true, 'omocodia', 'omocodia: L219 as L2MV'],
  ['rssmra85t10a562s', true, 'input', 'lower case: the spec upper-cases the input'],
  ['RSSMRA 85T10 A562S', true, 'input', 'spaces: the spec removes them'],
  ['RSSMRA85T10A562T', false, 'check', 'check character off by one'],
  ['BNCLRA90A41H501G', false, 'check', 'check character off by one'],
  ['SMTJHN70C15Z404B', false, 'check', 'check character off by one'],
  ['RSSMRAURTMLARSNM', false, 'check', 'omocodia with a wrong check character'],
  ['RSSMRA85T10A56NS', false, 'check', 'omocodia substitute without recomputing the check character (kept S)'],
  ['RSSMRA85B30A562G', false, 'date', '30 Feb: the date does not exist'],
  ['RSSMRA85B31A562F', false, 'date', '31 Feb: the date does not exist'],
  ['RSSMRA97B29H501Z', false, 'date', '29 Feb 1997 (not a leap year): the date does not exist'],
  ['RSSMRA01B29H501Z', false, 'date', '29 Feb 2001 (not a leap year): the date does not exist'],
  ['RSSMRA85D31A562M', false, 'date', '31 Apr: the date does not exist'],
  ['RSSMRA85H31A562W', false, 'date', '31 Jun: the date does not exist'],
  ['RSSMRA85P31A562I', false, 'date', '31 Sep: the date does not exist'],
  ['RSSMRA85S31A562R', false, 'date', '31 Nov: the date does not exist'],
  ['BNCLRA85B70H501L', false, 'date', 'woman, 30 Feb (70 = 30): the date does not exist'],
  ['BNCLRA97B69H501I', false, 'date', 'woman, 29 Feb 1997: the date does not exist'],
  ['RSSMRA85T00A562R', false, 'date', 'day 00: the date does not exist'],
  ['RSSMRA85T32A562Y', false, 'date', 'day 32: the date does not exist'],
  ['RSSMRA85T40A562V', false, 'date', 'day 40: the date does not exist'],
  ['RSSMRA85T72A562C', false, 'date', 'day 72: the date does not exist'],
  ['RSSMRA85T99A562U', false, 'date', 'day 99: the date does not exist'],
  ['RSSMRA85BPMA562J', false, 'date', 'omocodia 31 Feb (PM = 31): the date does not exist'],
  ['RSSMRA85F10A562R', false, 'month', 'month letter F is not one of A B C D E H L M P R S T'],
  ['RSSMRA85G10A562T', false, 'month', 'month letter G is not one of A B C D E H L M P R S T'],
  ['RSSMRA85Z10A562B', false, 'month', 'month letter Z is not one of A B C D E H L M P R S T'],
  ['RSSMRA85I10A562X', false, 'month', 'month letter I is not one of A B C D E H L M P R S T'],
  ['RSSMRA85U10A562U', false, 'month', 'month letter U is not one of A B C D E H L M P R S T'],
  ['RSSMRA85T10A562', false, 'length', '15 characters'],
  ['RSSMRA85T10A562SS', false, 'length', '17 characters'],
  ['', false, 'length', 'empty'],
  ['RSSMRA85T10', false, 'length', '11 characters'],
  ['RSSMRA85T10 562S', false, 'length', '15 characters once the space is removed'],
  ['1SSMRA85T10A562K', false, 'format', 'a digit among the name letters'],
  ['RSSMRA8XT10A562K', false, 'format', 'X is no substitute for a digit'],
  ['RSSMRA85T10A56WJ', false, 'format', 'W is no substitute for a digit'],
  ['RSSMRA85T1OA562C', false, 'format', 'letter O typed for the digit zero'],
  ['RSSMR485T10A562W', false, 'format', 'a digit among the name letters'],
  ['RSSMRA85T105562X', false, 'format', 'a digit where the catastral letter belongs'],
  ['RSSMRA85T10A5621', false, 'format', 'a digit as check character'],
  ['RSSMRA85T10A-62S', false, 'format', 'a hyphen'],
];

// ---------- the implementations, each answering "is this a valid personal codice fiscale?" ----------

// codice-fiscale-js ships a webpack CommonJS bundle whose typings (`export default`) do not match what it exports.
const require = createRequire(import.meta.url);
const { CodiceFiscale } = require('codice-fiscale-js') as { CodiceFiscale: { check: (cf: string) => boolean } };

/*
 * @marketto/codice-fiscale-utils 3 needs a Belfiore connector (the registry of places) and answers asynchronously.
 * This one knows every well-formed catastral code and no dates of creation or suppression, so the package checks
 * what the others check (form, date, check character) and not whether the place existed.
 */
const anyPlaceConnector = {
  findByCode: async (code: string) => (/^[A-Z]\d{3}$/.test(code) ? { belfioreCode: code, name: code } : null),
  findByName: async () => null,
};
const markettoValidator = new Validator(anyPlaceConnector as unknown as ConstructorParameters<typeof Validator>[0]);

type Implementation = { name: string; check: (cf: string) => boolean | Promise<boolean> };
const implementations: Implementation[] = [
  { name: 'studiolo isValidCodiceFiscale', check: (cf) => isValidCodiceFiscale(cf) },
  { name: 'studiolo checkCodiceFiscale (full decode)', check: (cf) => checkCodiceFiscale(cf).valid },
  {
    name: 'codice-fiscale-js CodiceFiscale.check',
    check: (cf) => {
      try {
        return CodiceFiscale.check(cf);
      } catch {
        return false; // it throws on some malformed input
      }
    },
  },
  {
    name: '@marketto/codice-fiscale-utils Validator.codiceFiscale().valid',
    check: (cf) => markettoValidator.codiceFiscale(cf).valid.catch(() => false),
  },
];

export type PeerFigures = {
  name: string;
  agreementPercent: number;
  /** Without the two 'input' vectors (lower case, spaces), which test the spec's normalisation, not the code rules. */
  agreementOnCodeRulesPercent: number;
  agreementByCategory: Record<string, string>;
  disagreements: { input: string; expected: boolean; answered: boolean; why: string }[];
  checksPerSecond: number;
};

export type CodiceFiscalePeersResult = {
  meta: Record<string, unknown>;
  vectors: { total: number; valid: number; invalid: number; byCategory: Record<string, number> };
  implementations: PeerFigures[];
  fastestPeer: string;
  oursVsFastestPeer: number;
  targetMet: boolean;
};

const agreementOf = async (impl: Implementation): Promise<Omit<PeerFigures, 'checksPerSecond'>> => {
  const disagreements: PeerFigures['disagreements'] = [];
  const byCategory = new Map<string, { agree: number; total: number }>();
  for (const [input, expected, category, why] of codiceFiscaleVectors) {
    const answered = await impl.check(input);
    const c = byCategory.get(category) ?? { agree: 0, total: 0 };
    c.total++;
    if (answered === expected) c.agree++;
    else disagreements.push({ input, expected, answered, why });
    byCategory.set(category, c);
  }
  const total = codiceFiscaleVectors.length;
  const inputs = codiceFiscaleVectors.filter((v) => v[2] === 'input').length;
  const inputMisses = disagreements.filter((d) =>
    codiceFiscaleVectors.some((v) => v[0] === d.input && v[2] === 'input'),
  );
  const percent = (agree: number, of: number) => Math.round((agree / of) * 1000) / 10;
  return {
    name: impl.name,
    agreementPercent: percent(total - disagreements.length, total),
    agreementOnCodeRulesPercent: percent(total - inputs - (disagreements.length - inputMisses.length), total - inputs),
    agreementByCategory: Object.fromEntries([...byCategory].map(([k, v]) => [k, `${v.agree}/${v.total}`])),
    disagreements,
  };
};

/** Checks per second: tinybench times one pass over the whole vector set per iteration. */
const speedOf = async (impl: Implementation, timeMs: number): Promise<number> => {
  const inputs = codiceFiscaleVectors.map((v) => v[0]);
  let sink = 0;
  const bench = new Bench({ time: timeMs, warmupTime: 300 });
  const first = impl.check(inputs[0] as string);
  if (first instanceof Promise) {
    await first;
    bench.add(impl.name, async () => {
      for (const cf of inputs) if (await impl.check(cf)) sink++;
    });
  } else {
    bench.add(impl.name, () => {
      for (const cf of inputs) if (impl.check(cf)) sink++;
    });
  }
  await bench.run();
  const result = bench.tasks[0]?.result;
  if (!result || !('period' in result)) throw new Error(`${impl.name}: no benchmark result (${result?.state})`);
  if (sink < 0) console.log(sink); // keeps the answers alive
  return Math.round((inputs.length * 1000) / result.period);
};

export const runCodiceFiscalePeers = async (
  options: { timeMs?: number; log?: (line: string) => void } = {},
): Promise<CodiceFiscalePeersResult> => {
  const timeMs = options.timeMs ?? Number(process.env.BENCH_CF_TIME_MS ?? 1500);
  const log = options.log ?? console.log;
  const figures: PeerFigures[] = [];
  for (const impl of implementations) {
    const agreement = await agreementOf(impl);
    const checksPerSecond = await speedOf(impl, timeMs);
    figures.push({ ...agreement, checksPerSecond });
    log(
      `    ${impl.name.padEnd(64)} agreement ${String(agreement.agreementPercent).padStart(5)} %  ${checksPerSecond.toLocaleString('en-US').padStart(12)} checks/s`,
    );
  }
  const ours = figures[0] as PeerFigures;
  const peers = figures.slice(2);
  const fastest = peers.reduce((a, b) => (b.checksPerSecond > a.checksPerSecond ? b : a));
  const byCategory: Record<string, number> = {};
  for (const v of codiceFiscaleVectors) byCategory[v[2]] = (byCategory[v[2]] ?? 0) + 1;
  const valid = codiceFiscaleVectors.filter((v) => v[1]).length;
  return {
    meta: {
      date: new Date().toISOString(),
      node: process.version,
      cpu: cpus()[0]?.model ?? 'unknown',
      loadAverage: loadavg().map((v) => Math.round(v * 100) / 100),
      timeMsPerImplementation: timeMs,
      method:
        'tinybench, one iteration = one pass over every vector (async implementations awaited one by one); checks/s = vectors × 1000 / mean iteration time in ms',
    },
    vectors: { total: codiceFiscaleVectors.length, valid, invalid: codiceFiscaleVectors.length - valid, byCategory },
    implementations: figures,
    fastestPeer: fastest.name,
    oursVsFastestPeer: Math.round((ours.checksPerSecond / fastest.checksPerSecond) * 10) / 10,
    targetMet: ours.agreementPercent === 100 && ours.checksPerSecond >= fastest.checksPerSecond,
  };
};

export const saveCodiceFiscalePeers = (result: CodiceFiscalePeersResult) => {
  mkdirSync(path.dirname(codiceFiscalePeersResultsFile), { recursive: true });
  writeFileSync(codiceFiscalePeersResultsFile, `${JSON.stringify(result, null, 2)}\n`);
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(`Codice fiscale: Studiolo and npm peers over ${codiceFiscaleVectors.length} vectors …`);
  const result = await runCodiceFiscalePeers();
  saveCodiceFiscalePeers(result);
  console.log(
    `  ours / fastest peer (${result.fastestPeer}) = ${result.oursVsFastestPeer}×, target (100 % agreement and at least as fast): ${result.targetMet ? 'met' : 'MISSED'}`,
  );
  console.log(`  written to ${path.relative(process.cwd(), codiceFiscalePeersResultsFile)}`);
}
