/**
 * The Italian comuni in force, for the patient's address (`comune`, `provincia`, `cap`) and birthplace
 * (`comuneNascita`, `provinciaNascita`), spec part 1 §3. Data generated from `italian-locations` into
 * `data/comuni.json` (decision 011; `generate-data.script.ts` says why it is not imported at run time).
 */
import comuniData from './data/comuni.json' with { type: 'json' };

/** A comune in force. */
export type Comune = {
  /** Italian name as ISTAT writes it: "Forlì", "Sant'Agata de' Goti", "Bolzano". */
  nome: string;
  /** Province (or metropolitan city) abbreviation, two upper-case letters: "RM". */
  provincia: string;
  /** Catastral (Belfiore) code, the birthplace part of a fiscal code: "H501". */
  belfiore: string;
  /**
   * Its postal codes (CAP), ascending: one for most comuni, every street-level code for the large cities
   * (Roma 00118 … 00199). The generic city codes (00100, 20100 …) are not listed.
   */
  cap: readonly string[];
  /** Name in the other official language, where there is one ("Bozen" for Bolzano, "Völs am Schlern" for Fiè allo Sciliar): searchable too. */
  nomeAltraLingua: string | null;
};

type ComuneRow = [nome: string, provincia: string, belfiore: string, cap: string[], nomeAltraLingua?: string];

/** Every comune in force (≈ 7,900), sorted by name. */
export const comuni: readonly Comune[] = /* @__PURE__ */ (comuniData.rows as ComuneRow[]).map(
  ([nome, provincia, belfiore, cap, nomeAltraLingua]) => ({
    nome,
    provincia,
    belfiore,
    cap,
    nomeAltraLingua: nomeAltraLingua ?? null,
  }),
);

/**
 * The search key of a name or a query: lower case, accents and punctuation dropped, so "FORLI'", "forlì" and
 * "Forli" meet, and "sant agata", "Sant'Agata" and "santagata" too. `words` keeps one space between words for
 * matching the start of any word.
 */
const searchKeys = (text: string): { compact: string; words: string } => {
  const words = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/gu, ' ')
    .trim();
  return { compact: words.replaceAll(' ', ''), words: ` ${words}` };
};

type Index = {
  keys: { compact: string; words: string }[][];
  byBelfiore: Map<string, Comune>;
  byCap: Map<string, Comune[]>;
};
let index: Index | undefined;
// Built on first use, not at import, so that importing the area for countries alone costs nothing.
const getIndex = (): Index => {
  if (index) return index;
  const byCap = new Map<string, Comune[]>();
  for (const c of comuni) {
    for (const cap of c.cap) {
      const list = byCap.get(cap);
      if (list) list.push(c);
      else byCap.set(cap, [c]);
    }
  }
  index = {
    keys: comuni.map((c) =>
      c.nomeAltraLingua ? [searchKeys(c.nome), searchKeys(c.nomeAltraLingua)] : [searchKeys(c.nome)],
    ),
    byBelfiore: new Map(comuni.map((c) => [c.belfiore, c])),
    byCap,
  };
  return index;
};

/**
 * Comuni for an autocomplete: case-, accent- and punctuation-insensitive, also on the name in the other official
 * language. Best first: the exact name, then names that start with the text, then names with a word that starts
 * with it, then names that contain it; alphabetical within each group.
 * @returns at most `limit` comuni; none for a blank text.
 */
export const searchComuni = (text: string, limit = 20): Comune[] => {
  const query = searchKeys(text);
  if (!query.compact || limit <= 0) return [];
  const { keys } = getIndex();
  const exact: Comune[] = [];
  const starts: Comune[] = [];
  const wordStarts: Comune[] = [];
  const contains: Comune[] = [];
  for (let i = 0; i < comuni.length; i++) {
    const comune = comuni[i] as Comune;
    let rank = 4;
    for (const key of keys[i] as { compact: string; words: string }[]) {
      if (key.compact === query.compact) rank = 0;
      else if (key.compact.startsWith(query.compact)) rank = Math.min(rank, 1);
      else if (key.words.includes(query.words)) rank = Math.min(rank, 2);
      else if (key.compact.includes(query.compact)) rank = Math.min(rank, 3);
    }
    if (rank === 0) exact.push(comune);
    else if (rank === 1) starts.push(comune);
    else if (rank === 2) wordStarts.push(comune);
    else if (rank === 3) contains.push(comune);
  }
  return [...exact, ...starts, ...wordStarts, ...contains].slice(0, limit);
};

/** @returns the comune in force with this catastral code (any case), or undefined (see also birthplaceByBelfiore). */
export const comuneByBelfiore = (code: string): Comune | undefined =>
  getIndex().byBelfiore.get(code.trim().toUpperCase());

/** @returns the comuni that use this postal code (several share most codes outside the cities), alphabetical. */
export const comuniByCap = (cap: string): readonly Comune[] => getIndex().byCap.get(cap.trim()) ?? [];
