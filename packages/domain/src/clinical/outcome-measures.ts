/**
 * Outcome measures of the clinical record (issue 16, part 5): the validated scales physiotherapists use to show
 * progress, scored by the app with each scale's published rules, so that the patient page can chart them over time.
 * - NRS: Numeric Rating Scale of pain, 0–10.
 * - ODI: Oswestry Disability Index 2.1a (Fairbank & Pynsent, Spine 2000; Italian version Monticone et al. 2009):
 *   10 sections scored 0–5, sum ÷ (5 × sections answered) × 100; one section may be left out.
 * - NDI: Neck Disability Index (Vernon & Mior 1991; Italian version Monticone et al. 2012): 10 items 0–5, total 0–50
 *   (shown also as a percentage of the items answered); one item may be left out.
 * - DASH: Disabilities of the Arm, Shoulder and Hand (Hudak et al. 1996; Italian version Padua et al. 2003): 30 items
 *   1–5, ((sum ÷ n) − 1) × 25 with at least 27 answered.
 * - QuickDASH: 11 items 1–5, the same formula with at least 10 answered.
 * - Barthel Index (Mahoney & Barthel 1965, the 10 items of the 0–100 version; bands of Shah et al. 1989).
 * The item wording of each questionnaire is that of its validated Italian version and is shown by the form that
 * administers it; here are the items' names, their allowed values and the scoring.
 */

export const outcomeMeasureCodes = ['NRS', 'ODI', 'NDI', 'DASH', 'QUICKDASH', 'BARTHEL'] as const;
export type OutcomeMeasureCode = (typeof outcomeMeasureCodes)[number];

export type OutcomeItem = {
  id: string;
  /** The item's name, as the Italian versions title it. */
  label: string;
  /** The values an answer may take. */
  values: readonly number[];
};

export type OutcomeScore = {
  /** The scale's score, rounded to one decimal. */
  score: number;
  /** The score's range and unit, for the chart's axis and the label. */
  min: number;
  max: number;
  unit: '%' | 'punti';
  /** Whether a higher score means more pain or disability (the chart reads the trend with it). */
  higherIsWorse: boolean;
  /** The scale's published band for the score, in Italian. */
  band: string;
  /** How many items were answered, of how many. */
  answered: number;
  items: number;
};

export type OutcomeMeasure = {
  code: OutcomeMeasureCode;
  name: string;
  /** What the scale measures and for whom, in a line. */
  description: string;
  items: readonly OutcomeItem[];
  /** The fewest items that give a valid score. */
  minAnswered: number;
};

/** Answers by item id; an item left out is absent or null. */
export type OutcomeAnswers = Readonly<Record<string, number | null | undefined>>;

export class OutcomeScoreError extends Error {
  override readonly name = 'OutcomeScoreError';
}

const range = (from: number, to: number, step = 1) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);
const items = (labels: readonly string[], values: readonly number[], prefix: string): OutcomeItem[] =>
  labels.map((label, i) => ({ id: `${prefix}${i + 1}`, label, values }));
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

const odiSections = [
  'Intensità del dolore',
  'Cura della persona',
  'Sollevare pesi',
  'Camminare',
  'Stare seduto',
  'Stare in piedi',
  'Dormire',
  'Vita sessuale',
  'Vita sociale',
  'Viaggiare',
];
const ndiSections = [
  'Intensità del dolore',
  'Cura della persona',
  'Sollevare pesi',
  'Leggere',
  'Mal di testa',
  'Concentrazione',
  'Lavoro',
  'Guidare',
  'Dormire',
  'Tempo libero',
];
const dashItems = [
  'Aprire un barattolo nuovo o ben chiuso',
  'Scrivere',
  'Girare una chiave',
  'Preparare un pasto',
  'Spingere e aprire una porta pesante',
  'Mettere un oggetto su uno scaffale sopra la testa',
  'Fare lavori domestici pesanti',
  'Fare giardinaggio',
  'Rifare il letto',
  'Portare una borsa della spesa o una valigetta',
  'Portare un oggetto pesante (oltre 5 kg)',
  'Cambiare una lampadina sopra la testa',
  'Lavare o asciugare i capelli',
  'Lavarsi la schiena',
  'Infilare un maglione',
  'Usare un coltello per tagliare il cibo',
  'Attività ricreative che richiedono poco sforzo',
  'Attività ricreative con forza o urti attraverso braccio, spalla o mano',
  'Attività ricreative con movimento libero del braccio',
  'Spostarsi da un posto all’altro',
  'Attività sessuali',
  'Interferenza con le attività sociali',
  'Limitazione nel lavoro o nelle attività quotidiane',
  'Dolore al braccio, spalla o mano',
  'Dolore durante un’attività specifica',
  'Formicolio al braccio, spalla o mano',
  'Debolezza al braccio, spalla o mano',
  'Rigidità al braccio, spalla o mano',
  'Difficoltà a dormire per il dolore',
  'Sentirsi meno capace, meno sicuro o meno utile',
];
/** QuickDASH: the items of the DASH it keeps (1-based). */
const quickDashOf = [1, 7, 10, 14, 16, 18, 21, 22, 23, 24, 29];

const barthelItems: OutcomeItem[] = [
  { id: 'alimentazione', label: 'Alimentazione', values: [0, 5, 10] },
  { id: 'bagno', label: 'Fare il bagno', values: [0, 5] },
  { id: 'igiene', label: 'Igiene personale', values: [0, 5] },
  { id: 'vestirsi', label: 'Vestirsi', values: [0, 5, 10] },
  { id: 'intestino', label: 'Controllo intestinale', values: [0, 5, 10] },
  { id: 'vescica', label: 'Controllo vescicale', values: [0, 5, 10] },
  { id: 'toilette', label: 'Uso del bagno', values: [0, 5, 10] },
  { id: 'trasferimenti', label: 'Trasferimenti letto-sedia', values: [0, 5, 10, 15] },
  { id: 'deambulazione', label: 'Deambulazione', values: [0, 5, 10, 15] },
  { id: 'scale', label: 'Salire e scendere le scale', values: [0, 5, 10] },
];

export const outcomeMeasures: Record<OutcomeMeasureCode, OutcomeMeasure> = {
  NRS: {
    code: 'NRS',
    name: 'NRS dolore',
    description: 'Intensità del dolore da 0 (nessun dolore) a 10 (il peggiore immaginabile).',
    items: [{ id: 'dolore', label: 'Dolore', values: range(0, 10) }],
    minAnswered: 1,
  },
  ODI: {
    code: 'ODI',
    name: 'Oswestry Disability Index',
    description: 'Disabilità dovuta al mal di schiena lombare, in percentuale.',
    items: items(odiSections, range(0, 5), 'odi'),
    minAnswered: 9,
  },
  NDI: {
    code: 'NDI',
    name: 'Neck Disability Index',
    description: 'Disabilità dovuta al dolore cervicale, da 0 a 50 punti.',
    items: items(ndiSections, range(0, 5), 'ndi'),
    minAnswered: 9,
  },
  DASH: {
    code: 'DASH',
    name: 'DASH',
    description: 'Disabilità dell’arto superiore (braccio, spalla, mano), da 0 a 100.',
    items: items(dashItems, range(1, 5), 'dash'),
    minAnswered: 27,
  },
  QUICKDASH: {
    code: 'QUICKDASH',
    name: 'QuickDASH',
    description: 'Versione breve del DASH (11 domande), da 0 a 100.',
    items: quickDashOf.map((n) => ({ id: `dash${n}`, label: dashItems[n - 1] as string, values: range(1, 5) })),
    minAnswered: 10,
  },
  BARTHEL: {
    code: 'BARTHEL',
    name: 'Indice di Barthel',
    description: 'Autonomia nelle attività della vita quotidiana, da 0 (dipendenza totale) a 100.',
    items: barthelItems,
    minAnswered: 10,
  },
};

const band = (score: number, bands: readonly [number, string][]) =>
  (bands.find(([upTo]) => score <= upTo) ?? bands[bands.length - 1])?.[1] as string;

const odiBands: [number, string][] = [
  [20, 'Disabilità minima'],
  [40, 'Disabilità moderata'],
  [60, 'Disabilità grave'],
  [80, 'Disabilità molto grave'],
  [100, 'Allettato o esagera i sintomi'],
];
const ndiBands: [number, string][] = [
  [4, 'Nessuna disabilità'],
  [14, 'Disabilità lieve'],
  [24, 'Disabilità moderata'],
  [34, 'Disabilità grave'],
  [50, 'Disabilità completa'],
];
const barthelBands: [number, string][] = [
  [20, 'Dipendenza totale'],
  [60, 'Dipendenza grave'],
  [90, 'Dipendenza moderata'],
  [99, 'Dipendenza lieve'],
  [100, 'Autonomia'],
];
const nrsBands: [number, string][] = [
  [0, 'Nessun dolore'],
  [3, 'Dolore lieve'],
  [6, 'Dolore moderato'],
  [10, 'Dolore forte'],
];
const dashBands: [number, string][] = [
  [20, 'Disabilità lieve'],
  [40, 'Disabilità moderata'],
  [60, 'Disabilità grave'],
  [100, 'Disabilità molto grave'],
];

/**
 * @returns the scale's score from the answers, by its published rules; throws OutcomeScoreError (Italian message)
 * for an answer a scale does not allow, an unknown item, or too few items answered.
 */
export const scoreOutcome = (code: OutcomeMeasureCode, answers: OutcomeAnswers): OutcomeScore => {
  const measure = outcomeMeasures[code];
  const known = new Set(measure.items.map((i) => i.id));
  for (const id of Object.keys(answers))
    if (!known.has(id)) throw new OutcomeScoreError(`${measure.name}: la domanda "${id}" non fa parte della scala.`);
  const given: number[] = [];
  for (const item of measure.items) {
    const value = answers[item.id];
    if (value === null || value === undefined) continue;
    if (!item.values.includes(value))
      throw new OutcomeScoreError(
        `${measure.name}: "${item.label}" vale ${item.values.join(', ')}; ricevuto ${String(value)}.`,
      );
    given.push(value);
  }
  const n = given.length;
  if (n < measure.minAnswered)
    throw new OutcomeScoreError(
      `${measure.name}: servono almeno ${measure.minAnswered} risposte su ${measure.items.length} per un punteggio valido (ne hai date ${n}).`,
    );
  const sum = given.reduce((s, v) => s + v, 0);
  const base = { answered: n, items: measure.items.length };
  switch (code) {
    case 'NRS':
      return { ...base, score: sum, min: 0, max: 10, unit: 'punti', higherIsWorse: true, band: band(sum, nrsBands) };
    case 'ODI': {
      const score = oneDecimal((sum / (5 * n)) * 100);
      return { ...base, score, min: 0, max: 100, unit: '%', higherIsWorse: true, band: band(score, odiBands) };
    }
    case 'NDI': {
      // an item left out: the total is brought back to 50 points (Vernon's rule for one missing item)
      const score = oneDecimal((sum / (5 * n)) * 50);
      return { ...base, score, min: 0, max: 50, unit: 'punti', higherIsWorse: true, band: band(score, ndiBands) };
    }
    case 'DASH':
    case 'QUICKDASH': {
      const score = oneDecimal((sum / n - 1) * 25);
      return { ...base, score, min: 0, max: 100, unit: 'punti', higherIsWorse: true, band: band(score, dashBands) };
    }
    case 'BARTHEL':
      return {
        ...base,
        score: sum,
        min: 0,
        max: 100,
        unit: 'punti',
        higherIsWorse: false,
        band: band(sum, barthelBands),
      };
  }
};

/**
 * The Minimal Clinically Important Difference of each scale (points of its own score), to say whether a change
 * between two evaluations matters: ODI 10 points (Ostelo et al. 2008), NDI 7.5 (Young et al. 2009), DASH 10.2 and
 * QuickDASH 15.9 (Franchignoni et al. 2014, Italian patients), NRS 2 (Farrar et al. 2001); the Barthel Index has no
 * agreed value: 10 points (one level of one item or two) is the common reading.
 */
export const minimalImportantDifference: Record<OutcomeMeasureCode, number> = {
  NRS: 2,
  ODI: 10,
  NDI: 7.5,
  DASH: 10.2,
  QUICKDASH: 15.9,
  BARTHEL: 10,
};

export type OutcomeChange = 'MIGLIORATO' | 'PEGGIORATO' | 'INVARIATO';

/** @returns whether the patient improved, worsened or stayed the same between two scores of one scale. */
export const outcomeChange = (code: OutcomeMeasureCode, before: number, after: number): OutcomeChange => {
  const delta = after - before;
  if (Math.abs(delta) < minimalImportantDifference[code]) return 'INVARIATO';
  // the Barthel Index counts autonomy: higher is better; every other scale counts pain or disability
  const better = code === 'BARTHEL' ? delta > 0 : delta < 0;
  return better ? 'MIGLIORATO' : 'PEGGIORATO';
};
