/**
 * Catastral (Belfiore) codes to places, for reading the birthplace out of a fiscal code (spec part 1 §5): comuni in
 * force (comuni.ts), comuni suppressed since (whose code lives on in the fiscal codes of people born there) and
 * foreign states (Z…). The last two are generated from `@marketto/belfiore-connector-embedded` (decision 011).
 */
import { comuneByBelfiore } from './comuni.ts';
import soppressiData from './data/comuni-soppressi.json' with { type: 'json' };
import statiEsteriData from './data/stati-esteri.json' with { type: 'json' };

/** A foreign state with its catastral code. */
export type StatoEstero = {
  /** Z followed by three digits: "Z404". */
  belfiore: string;
  /** Italian name as the registry writes it: "Stati Uniti d'America", "Svizzera", "Federazione russa". */
  nome: string;
  /** ISO 3166-1 alpha-2 of the country in `countries`; null for former states (Unione Sovietica …). */
  codAlpha2: string | null;
  /** The state no longer exists (Cecoslovacchia, Jugoslavia …); its code still appears in older fiscal codes. */
  soppresso: boolean;
};

/** The foreign states (≈ 220, a few former ones included), by catastral code. */
export const statiEsteri: readonly StatoEstero[] = /* @__PURE__ */ (
  statiEsteriData.rows as [string, string, string, number][]
).map(([belfiore, nome, alpha2, soppresso]) => ({
  belfiore,
  nome,
  codAlpha2: alpha2 || null,
  soppresso: soppresso === 1,
}));

/** What a catastral code stands for. */
export type Birthplace =
  | {
      kind: 'comune';
      nome: string;
      /** The province of the comune: today's for a comune in force, the last one it had for a suppressed one. */
      provincia: string;
      /** The comune no longer exists (merged or renamed); its code still appears in fiscal codes. */
      soppresso: boolean;
    }
  | { kind: 'estero'; nome: string; codAlpha2: string | null };

let index: { soppressi: Map<string, [string, string, string]>; esteri: Map<string, StatoEstero> } | undefined;

/**
 * Decodes the birthplace of a fiscal code (characters 12–15, omocodia letters already turned back into digits, as
 * `checkCodiceFiscale` gives them).
 * @returns the comune (in force or suppressed) or the foreign state, or null for a code no source knows (a few
 * foreign territories have none: Hong Kong Z221, Puerto Rico Z518 …).
 */
export const birthplaceByBelfiore = (code: string): Birthplace | null => {
  const normalised = code.trim().toUpperCase();
  if (normalised.startsWith('Z')) {
    index ??= buildIndex();
    const stato = index.esteri.get(normalised);
    return stato ? { kind: 'estero', nome: stato.nome, codAlpha2: stato.codAlpha2 } : null;
  }
  const comune = comuneByBelfiore(normalised);
  if (comune) return { kind: 'comune', nome: comune.nome, provincia: comune.provincia, soppresso: false };
  index ??= buildIndex();
  const soppresso = index.soppressi.get(normalised);
  return soppresso ? { kind: 'comune', nome: soppresso[1], provincia: soppresso[2], soppresso: true } : null;
};

const buildIndex = () => ({
  soppressi: new Map((soppressiData.rows as [string, string, string][]).map((row) => [row[0], row])),
  esteri: new Map(statiEsteri.map((s) => [s.belfiore, s])),
});
