import { pipeline, Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type CalendarEvent, eventColorOf, toRomeWall } from '@studiolo/domain/calendar';
import { isoDateToUi } from '@studiolo/domain/shared';
import { stringify } from 'csv-stringify';
import type { DbOrTx } from '../../db/client.ts';
import { spreadsheetSafe } from '../../shared/spreadsheet.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { calendarRepository as repo } from './calendar.repository.ts';
import { eventsBetween } from './events.service.ts';

const wallParts = (iso: string) => new Date(toRomeWall(Date.parse(iso))).toISOString();
const euro = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The columns of the events CSV (export and bulk-delete backup), Italian headers, times in Rome. */
const columns: [header: string, value: (e: CalendarEvent, calendars: Map<string, string>) => string | null][] = [
  ['Data', (e) => isoDateToUi(wallParts(e.start).slice(0, 10))],
  ['Inizio', (e) => wallParts(e.start).slice(11, 16)],
  ['Fine', (e) => wallParts(e.end).slice(11, 16)],
  ['Titolo', (e) => e.summary],
  ['Paziente', (e) => e.pazienteName],
  ['Calendario', (e, c) => (e.calendarId ? (c.get(e.calendarId) ?? null) : null)],
  ['Prezzo', (e) => (e.price === null ? null : euro.format(e.price))],
  ['Pagato', (e) => (e.isPagato ? 'Sì' : 'No')],
  ['Colore', (e) => eventColorOf(e.color).name],
  ['Ricorrente', (e) => (e.seriesId ? 'Sì' : 'No')],
  ['Note', (e) => e.note],
  ['Id evento', (e) => e.id],
];

/**
 * The events whose start falls in [from, to), one week at a time (memory stays flat over any range). Between two
 * weeks the event loop gets a turn: PGlite runs each query synchronously and an awaited query resolves without one,
 * so a year of weeks in a row would keep /health and every other request waiting (decision 033).
 */
export async function* eventsStartingIn(db: DbOrTx, ctx: StudioContext, from: Date, to: Date, pazienteIds: string[]) {
  const filter = { calendarIds: [], staffMembersIds: [], colors: [], medicalDeviceIds: [], tagIds: [], pazienteIds };
  for (let chunk = from.getTime(); chunk < to.getTime(); chunk += 7 * 86_400_000) {
    if (chunk > from.getTime()) await nextTurn();
    const chunkEnd = new Date(Math.min(chunk + 7 * 86_400_000, to.getTime()));
    const list = await eventsBetween(db, ctx, new Date(chunk), chunkEnd, filter);
    for (const e of list) if (Date.parse(e.start) >= chunk) yield e;
  }
}

const calendarNames = async (db: DbOrTx, ctx: StudioContext) =>
  new Map((await repo.listCalendars(db, ctx)).map((c) => [c.id, c.summary]));

/** CSV text with a byte-order mark and semicolons, for a spreadsheet in Italian. */
export const eventsCsv = async (db: DbOrTx, ctx: StudioContext, list: CalendarEvent[]): Promise<string> => {
  const names = await calendarNames(db, ctx);
  const csv = stringify({
    bom: true,
    delimiter: ';',
    record_delimiter: 'windows',
    header: true,
    columns: columns.map(([h]) => h),
  });
  const chunks: string[] = [];
  csv.on('data', (c: Buffer | string) => chunks.push(String(c)));
  const done = new Promise<void>((resolve, reject) => {
    csv.on('end', resolve);
    csv.on('error', reject);
  });
  for (let i = 0; i < list.length; i++) {
    // a year of a busy studio is thousands of rows: a turn of the event loop every 500 (decision 033)
    if (i > 0 && i % 500 === 0) await nextTurn();
    csv.write(columns.map(([, value]) => spreadsheetSafe(value(list[i] as CalendarEvent, names))));
  }
  csv.end();
  await done;
  return chunks.join('');
};

/** GET /data-exporter/events: the same CSV, streamed. */
export const streamEventsCsv = async (
  db: DbOrTx,
  ctx: StudioContext,
  range: { from: Date; to: Date; pazienteIds: string[] },
  onError: (error: Error) => void,
) => {
  const names = await calendarNames(db, ctx);
  const csv = stringify({
    bom: true,
    delimiter: ';',
    record_delimiter: 'windows',
    header: true,
    columns: columns.map(([h]) => h),
  });
  async function* rows() {
    for await (const e of eventsStartingIn(db, ctx, range.from, range.to, range.pazienteIds))
      yield columns.map(([, value]) => spreadsheetSafe(value(e, names)));
  }
  pipeline(Readable.from(rows()), csv, (error) => {
    if (error) onError(error);
  });
  return csv;
};
