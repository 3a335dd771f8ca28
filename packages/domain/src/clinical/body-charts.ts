import { z } from '../shared/zod-it.ts';

/** spec part 1 §9: the drawing's main size (999x666); every stroke is stored in this coordinate space. */
export const bodyChartCanvas = { width: 999, height: 666 } as const;

/** spec part 1 §3 (Body chart: id, title, src, canvas sizes, showOnPicker) and §9 (ids 1–4, image 1 not in the picker). */
export const bodyChartImages = [
  { id: 1, title: 'Figura intera', src: '/body-charts/1.svg', ...bodyChartCanvas, showOnPicker: false },
  { id: 2, title: 'Corpo: fronte e retro', src: '/body-charts/2.svg', ...bodyChartCanvas, showOnPicker: true },
  { id: 3, title: 'Testa, collo e colonna', src: '/body-charts/3.svg', ...bodyChartCanvas, showOnPicker: true },
  { id: 4, title: 'Mani e piedi', src: '/body-charts/4.svg', ...bodyChartCanvas, showOnPicker: true },
] as const;
export const bodyChartImageIds = [1, 2, 3, 4] as const;
export type BodyChartImageId = (typeof bodyChartImageIds)[number];

/** spec part 1 §9: the nine colours, in the spec's order, with their Italian names. */
export const bodyChartColors = [
  { key: 'black', label: 'Nero', hex: '#000000' },
  { key: 'white', label: 'Bianco', hex: '#ffffff' },
  { key: 'blue', label: 'Blu', hex: '#1e63d6' },
  { key: 'purple', label: 'Viola', hex: '#7b2cbf' },
  { key: 'red', label: 'Rosso', hex: '#e02424' },
  { key: 'orange', label: 'Arancione', hex: '#f08c00' },
  { key: 'yellow', label: 'Giallo', hex: '#fcd34d' },
  { key: 'lightgreen', label: 'Verde chiaro', hex: '#8ce99a' },
  { key: 'green', label: 'Verde', hex: '#2b8a3e' },
] as const;
export const bodyChartColorKeys = bodyChartColors.map((c) => c.key) as [BodyChartColor, ...BodyChartColor[]];
export type BodyChartColor = (typeof bodyChartColors)[number]['key'];

/** spec part 1 §9: brush sizes small 5, medium 10, large 25 (canvas pixels at the main size). */
export const bodyChartBrushSizes = [
  { key: 'small', label: 'Piccolo', size: 5 },
  { key: 'medium', label: 'Medio', size: 10 },
  { key: 'large', label: 'Grande', size: 25 },
] as const;

/** spec part 1 §3: drawing defaults size small, colour red, opacity 70. */
export const bodyChartDefaults = { size: 5, color: 'red', opacity: 70 } as const;

/** Bounds that keep one drawing a few hundred kB at most (a busy chart has tens of strokes of hundreds of points). */
export const bodyChartLimits = { maxStrokes: 500, maxPointsPerStroke: 5000, maxTotalPoints: 60_000 } as const;

/** One stroke as drawn: colour, brush, opacity and the points as flat [x0, y0, x1, y1, …] in canvas pixels. */
export const bodyChartStrokeSchema = z.object({
  color: z.enum(bodyChartColorKeys),
  size: z.union([z.literal(5), z.literal(10), z.literal(25)]),
  opacity: z.number().int().min(1).max(100),
  points: z
    .array(z.number())
    .min(2)
    .max(bodyChartLimits.maxPointsPerStroke * 2)
    .refine((p) => p.length % 2 === 0, 'Punti del tratto non validi')
    // a plain loop: a chart may hold 60,000 points, checked on every save and every answer
    .refine(
      (p) => p.every((v, i) => v >= 0 && v <= (i % 2 === 0 ? bodyChartCanvas.width : bodyChartCanvas.height)),
      'Punti del tratto fuori dall’immagine',
    ),
});
export type BodyChartStroke = z.infer<typeof bodyChartStrokeSchema>;

export const bodyChartMessages = {
  saved: 'Body chart salvato',
  deleted: 'Body chart eliminato',
  notFound: 'Body chart non trovato',
  tooManyPoints: 'Il disegno è troppo grande: cancella qualche tratto e riprova',
  evaluationNotFound: 'Valutazione non trovata',
  evaluationOtherPatient: 'La valutazione è di un altro paziente',
  diaryNotFound: 'Voce di diario non trovata',
  diaryOtherPatient: 'La voce di diario è di un altro paziente',
  twoOrigins: 'Un body chart appartiene a una valutazione o a una voce di diario, non a entrambe',
} as const;

export const bodyChartInputSchema = z
  .object({
    imageId: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
    title: z.string().trim().max(120).nullable().default(null),
    note: z.string().max(2000).nullable().default(null),
    strokes: z
      .array(bodyChartStrokeSchema)
      .max(bodyChartLimits.maxStrokes)
      .refine(
        (s) => s.reduce((n, x) => n + x.points.length / 2, 0) <= bodyChartLimits.maxTotalPoints,
        bodyChartMessages.tooManyPoints,
      ),
    /** The evaluation or diary entry of the same patient it was drawn from, when there is one. */
    valutazioneId: z.uuid().nullable().default(null),
    diarioId: z.uuid().nullable().default(null),
  })
  .refine((c) => !(c.valutazioneId && c.diarioId), { message: bodyChartMessages.twoOrigins, path: ['diarioId'] });
export type BodyChartInput = z.infer<typeof bodyChartInputSchema>;

export const bodyChartSchema = bodyChartInputSchema.safeExtend({
  id: z.uuid(),
  pazienteId: z.uuid(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type BodyChart = z.infer<typeof bodyChartSchema>;
