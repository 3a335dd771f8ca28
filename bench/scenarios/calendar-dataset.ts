/**
 * The calendar benchmark's dataset: one large studio (200,000 events, a tenth of them recurring series, 1 % of the
 * rest exceptions of a series) among 200 smaller ones (2,000,000 events together), over the 169 weeks from Monday
 * 1 January 2024 to Sunday 28 March 2027, "today" being 22 November 2026.
 *
 * Studios, calendars, staff, rooms and services are created through the API (as a studio sets itself up); patients
 * are written with the patients service's own column mapping; the events, millions of them, are generated inside
 * PostgreSQL (generate_series into an unlogged table of inputs, then one INSERT … SELECT in booking order), so the
 * table is filled in about a minute.
 *
 * The event columns the app derives (instants from Rome's wall clock, until_at, the RRULE text, the colour) are
 * SQL expressions here, keyed by the repository's own `EventColumns` and the schema's column names. Two checks
 * prove them against the app on every run: events created through POST /events must be stored exactly as these
 * expressions compute them from the same input, and the domain's `seriesLastEnd` must give the until_at of a
 * sample of 2,000 generated series (and `occurrencesBetween` must honour the generated exceptions).
 */

import {
  defaultEventColor,
  eventColorHexes,
  fromRomeWall,
  isOccurrenceStart,
  occurrencesBetween,
  presetRule,
  seriesLastEnd,
} from '@studiolo/domain/calendar';
import { studioTimeZone } from '@studiolo/domain/shared';
import { getTableColumns } from 'drizzle-orm';
import { events as eventsTable, patients as patientsTable } from '../../apps/server/src/db/schema/index.ts';
import type { AppDeps } from '../../apps/server/src/deps.ts';
import { calendarRepository, type EventColumns } from '../../apps/server/src/features/calendar/calendar.repository.ts';
import { noRequestMeta } from '../../apps/server/src/shared/request-meta.ts';
import type { StudioContext } from '../../apps/server/src/shared/studio-context.ts';
import { ensureUser } from '../harness/app.ts';
import { type api, type Queryable, studioBody, toPatientColumns } from './patients.ts';
import { generatePatients } from './patients-dataset.ts';

/** Bump when the generator changes: a kept dataset of another version is generated again. */
export const calendarDatasetVersion = 1;

export type CalendarDatasetPlan = {
  /** Rows of the measured studio: appointments, exceptions and series. */
  events: number;
  /** Of those, recurring series (a tenth). */
  series: number;
  /** Of those, exceptions: one occurrence of a series moved by an hour (the series lists it among its exdates). */
  exceptions: number;
  patients: number;
  /** Staff members besides the owner (invited through POST /staff). */
  staff: number;
  otherStudios: number;
  /** Rows of all the other studios together, a tenth of them series. */
  otherEvents: number;
  otherStudioPatients: number;
  /** Monday of the first week; events fall in `weeks` weeks from it (series may run on after them). */
  spanStart: string;
  weeks: number;
  /** "Today" of the dataset: appointments before it are mostly paid. */
  today: string;
};

export const defaultCalendarPlan = (env: NodeJS.ProcessEnv = process.env): CalendarDatasetPlan => {
  const events = Number(env.BENCH_CALENDAR_EVENTS ?? 200_000);
  return {
    events,
    series: Math.round(events / 10),
    exceptions: Math.round(events / 100),
    patients: Math.max(100, Math.round(events / 25)),
    staff: 7,
    otherStudios: Number(env.BENCH_CALENDAR_OTHER_STUDIOS ?? 200),
    otherEvents: Number(env.BENCH_CALENDAR_OTHER_EVENTS ?? 2_000_000),
    otherStudioPatients: 40,
    spanStart: '2024-01-01',
    weeks: 169,
    today: '2026-11-22',
  };
};

/** What a run needs to find the measured studio again, kept in the marker table with the plan. */
export type CalendarDatasetInfo = {
  version: number;
  /** The until_at the series with no end were written with (the app's value when generated). */
  neverEndsAt: string;
  plan: CalendarDatasetPlan;
  ownerEmail: string;
  studioId: string;
  generatedAt: string;
  load: Record<string, number>;
  rows: { events: number; studioEvents: number; studioSeries: number; studioExceptions: number; patients: number };
};

export const benchPassword = 'bench-password-0123';
const markerTable = 'bench_calendar_dataset';

export const readMarker = async (client: Queryable): Promise<CalendarDatasetInfo | null> => {
  const exists = await client.query('select to_regclass($1) as t', [markerTable]);
  if (!exists.rows[0]?.t) return null;
  const { rows } = await client.query(`select info from ${markerTable} where id = 1`);
  return (rows[0]?.info as CalendarDatasetInfo | undefined) ?? null;
};

export const writeMarker = async (client: Queryable, info: CalendarDatasetInfo) => {
  await client.query(`create table if not exists ${markerTable} (id int primary key, info jsonb not null)`);
  await client.query(
    `insert into ${markerTable} (id, info) values (1, $1) on conflict (id) do update set info = excluded.info`,
    [JSON.stringify(info)],
  );
};

/** The plan's keys in order (jsonb keeps an object's keys in an order of its own). */
const canonical = (plan: CalendarDatasetPlan) =>
  JSON.stringify(Object.fromEntries(Object.entries(plan).sort(([a], [b]) => a.localeCompare(b))));

export const markerMatches = (info: CalendarDatasetInfo | null, plan: CalendarDatasetPlan) =>
  info !== null && info.version === calendarDatasetVersion && canonical(info.plan) === canonical(plan);

// ---------- studios through the API ----------

type Call = ReturnType<typeof api>;

/** 0 → "A", 25 → "Z", 26 → "Ab": a surname suffix made of letters only (names refuse digits). */
const letters = (i: number) => {
  let s = '';
  let n = i;
  do {
    s = String.fromCharCode(97 + (n % 26)) + s;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return s.charAt(0).toUpperCase() + s.slice(1);
};

export const ownerEmailOf = (i: number) => `calendar.bench.owner${i}@example.it`;

/** The studio context of a signed-in owner, as the auth plugin would build it. */
const contextOf = async (call: Call, token: string, email: string): Promise<StudioContext> => {
  const me = await call<{ id: string }>('GET', '/user/getUser', token);
  const staff = await call<{ id: string; email: string }[]>('GET', '/staff', token);
  const member = staff.find((s) => s.email === email);
  if (!member) throw new Error(`no membership for ${email}`);
  // every studio has its main calendar from the start: the studio's id comes with it
  const calendars = await call<{ calendars: { studioId: string }[] }>('GET', '/calendars', token);
  const studioId = calendars.calendars[0]?.studioId;
  if (!studioId) throw new Error(`no studio for ${email}`);
  return {
    userId: me.id,
    email,
    platformRole: null,
    actorUserId: null,
    actorEmail: null,
    meta: noRequestMeta,
    studioId,
    role: 'ROLE_USER',
    memberId: member.id,
    versions: null,
  };
};

export type Owner = { token: string; ctx: StudioContext };

/** Signs an owner up and creates their studio through the API, as on-boarding does. */
export const createStudioOwner = async (
  call: Call,
  i: number,
  server: { baseUrl: string; dataDir: string },
): Promise<Owner> => {
  const email = ownerEmailOf(i);
  // sign-up confirmed through the link mailed to the local outbox (issue 25 item 8)
  const token = await ensureUser(server, { email, password: benchPassword, nome: 'Chiara', cognome: 'Bench' });
  const body = studioBody(0);
  await call('POST', '/studio/initial-setup', token, {
    ...body,
    studio: {
      ...body.studio,
      cognome: `Bench ${letters(i)}`,
      contatti: { ...body.studio.contatti, email: `calendar.studio${i}@example.it` },
    },
  });
  return { token, ctx: await contextOf(call, token, email) };
};

/** Signs in an owner of a kept dataset. */
export const loginOwner = async (call: Call, i: number): Promise<Owner> => {
  const email = ownerEmailOf(i);
  const { token } = await call<{ token: string }>('POST', '/user/login', null, {
    username: email,
    password: benchPassword,
  });
  return { token, ctx: await contextOf(call, token, email) };
};

/** What the generator picks from for one studio's events. */
export type StudioAssets = {
  studioId: string;
  calendarIds: string[];
  staffIds: string[];
  roomIds: string[];
  products: { id: string; name: string; minutes: number; cents: number }[];
  patientIds: string[];
};

const services = [
  { name: 'Seduta di fisioterapia', price: 50, duration: 60 },
  { name: 'Prima visita', price: 80, duration: 45 },
  { name: 'Controllo', price: 40, duration: 30 },
  { name: 'Tecarterapia', price: 35, duration: 30 },
  { name: 'Trattamento osteopatico', price: 70, duration: 60 },
  { name: 'Massaggio decontratturante', price: 45, duration: 45 },
];

/** The measured studio's calendars, staff, rooms and services, through their routes. */
export const setUpMainStudio = async (call: Call, owner: Owner, plan: CalendarDatasetPlan) => {
  const { token } = owner;
  for (const summary of ['Fisioterapia', 'Osteopatia'])
    await call('POST', '/calendars', token, { summary, description: null });
  const calendars = await call<{ calendars: { id: string }[] }>('GET', '/calendars', token);
  const staffIds = [owner.ctx.memberId];
  const staffNames = ['Luca Ferri', 'Sara Galli', 'Marco Riva', 'Elena Sala', 'Paolo Neri', 'Anna Gatti', 'Ivan Villa'];
  for (let s = 0; s < plan.staff; s++) {
    const [name, lastname] = (staffNames[s % staffNames.length] as string).split(' ') as [string, string];
    const member = await call<{ id: string }>('POST', '/staff', token, {
      name,
      lastname,
      email: `calendar.staff${s}@example.it`,
      role: 'ROLE_STAFF_COLLABORATORE',
    });
    staffIds.push(member.id);
  }
  const roomIds: string[] = [];
  for (const name of ['Sala 1', 'Sala 2', 'Palestra', 'Studio medico']) {
    roomIds.push((await call<{ id: string }>('POST', '/settings/calendario/rooms', token, { name })).id);
  }
  const products: StudioAssets['products'] = [];
  for (const s of services) {
    const p = await call<{ id: string }>('POST', '/products', token, {
      name: s.name,
      price: s.price,
      grossPrice: s.price,
      duration: s.duration,
    });
    products.push({ id: p.id, name: s.name, minutes: s.duration, cents: s.price * 100 });
  }
  return { calendarIds: calendars.calendars.map((c) => c.id), staffIds, roomIds, products };
};

/** Patients with the patients service's own column mapping (GIN indexes dropped meanwhile, as a restore would). */
export const insertPatients = async (
  deps: AppDeps,
  client: Queryable,
  batches: { studioId: string; count: number; seed: number }[],
) => {
  const gin = (
    await client.query(
      "select indexname, indexdef from pg_indexes where tablename = 'patients' and indexdef ilike '% using gin %'",
    )
  ).rows.map((r) => ({ name: String(r.indexname), definition: String(r.indexdef) }));
  for (const index of gin) await client.query(`drop index ${index.name}`);
  const ids = new Map<string, string[]>();
  for (const b of batches) {
    const data = generatePatients(b.count, b.seed);
    const list: string[] = [];
    for (let i = 0; i < data.length; i += 1000) {
      // SECURITY invariant kept as ownedBy keeps it: studio_id from the studio, never from the data
      const rows = data.slice(i, i + 1000).map((p) => ({ ...toPatientColumns(p), studioId: b.studioId }));
      const inserted = await deps.db.insert(patientsTable).values(rows).returning({ id: patientsTable.id });
      list.push(...inserted.map((r) => r.id));
    }
    ids.set(b.studioId, list);
  }
  for (const index of gin) await client.query(index.definition);
  return ids;
};

// ---------- events in SQL ----------

const inputsTable = 'bench_event_inputs';
const tz = studioTimeZone;
if (!/^[A-Za-z_/]+$/.test(tz)) throw new Error(`unexpected time zone ${tz}`);

/**
 * What a generated (or checked) event is made of: the input a user gives, as a row of `i`. Wall times are Rome's
 * wall clock; `freq`, `count` and `until_day` are a preset of the appointment dialog (presetRule).
 */
const inputColumns = [
  ['studio_id', 'uuid'],
  ['calendar_id', 'uuid'],
  ['summary', 'text'],
  ['wall_start', 'timestamp'],
  ['minutes', 'int'],
  ['freq', 'text'],
  ['count', 'int'],
  ['until_day', 'date'],
  ['color', 'text'],
  ['paziente_id', 'uuid'],
  ['staff_member_id', 'uuid'],
  ['clinic_room_id', 'uuid'],
  ['product_id', 'uuid'],
  ['price_cents', 'int'],
  ['is_pagato', 'boolean'],
  ['note', 'text'],
] as const;

/**
 * What the service stores as until_at of a series that never ends: a constant of events.service.ts, not exported,
 * so asked of the app itself (probeNeverEnds) rather than copied. When the app cannot store such a series, the
 * bench falls back to the largest JS date (what the service once meant; PostgreSQL refuses the "+275760-…" form
 * Drizzle sends, so it goes without the sign).
 */
export const fallbackNeverEnds = new Date(8.64e15).toISOString().replace(/^\+/, '');

export type NeverEnds = {
  /** The instant, as PostgreSQL accepts it, and in ms. */
  value: string;
  ms: number;
  /** Whether POST /events stored a series with no end (false: the fallback is used, and why is in `error`). */
  storedByApp: boolean;
  error: string | null;
};

/** Creates a weekly series with no end through POST /events (in 2031), reads its until_at, deletes it. */
export const probeNeverEnds = async (
  call: Call,
  owner: Owner,
  deps: AppDeps,
  calendarId: string,
): Promise<NeverEnds> => {
  const start = new Date(fromRomeWall(Date.parse('2031-01-13T10:00:00Z')));
  try {
    const created = await call<{ id: string }>('POST', '/events', owner.token, {
      calendarId,
      summary: 'Seduta',
      start: start.toISOString(),
      end: new Date(start.getTime() + 3_600_000).toISOString(),
      rrule: presetRule('WEEKLY', null),
    });
    const rowId = created.id.split('_')[0] as string;
    const stored = await calendarRepository.findEvent(deps.db, owner.ctx, rowId);
    await call('DELETE', `/events/${rowId}`, owner.token);
    if (!stored) throw new Error('the series created is not found');
    const ms = stored.event.untilAt.getTime();
    return { value: stored.event.untilAt.toISOString().replace(/^\+/, ''), ms, storedByApp: true, error: null };
  } catch (err) {
    return { value: fallbackNeverEnds, ms: 8.64e15, storedByApp: false, error: String(err).slice(0, 500) };
  }
};

const atRome = (wall: string) => `((${wall}) at time zone '${tz}')`;
const step = `(case i.freq when 'WEEKLY' then interval '7 days' else interval '1 day' end)`;
const duration = "(i.minutes * interval '1 minute')";

/**
 * The columns the app writes for an event (events.service.ts columnsOf), as SQL over an input row `i`; `$never`
 * stands for the until_at of a series with no end (NeverEnds). Keyed by the repository's EventColumns, so a renamed field fails to compile.
 */
const derivedColumns = {
  calendarId: 'i.calendar_id',
  summary: 'i.summary',
  startAt: atRome('i.wall_start'),
  endAt: atRome(`i.wall_start + ${duration}`),
  // the last occurrence's end: COUNT occurrences, or every step up to UNTIL's day (inclusive, 23:59:59 in Rome)
  untilAt: `case
    when i.freq is null then ${atRome(`i.wall_start + ${duration}`)}
    when i.count is not null then ${atRome(`i.wall_start + (i.count - 1) * ${step} + ${duration}`)}
    when i.until_day is not null then ${atRome(
      `i.wall_start + floor(extract(epoch from (i.until_day + time '23:59:59') - i.wall_start) / extract(epoch from ${step})) * ${step} + ${duration}`,
    )}
    else $never::timestamptz end`,
  allDay: 'false',
  // presetRule's text: FREQ=…;INTERVAL=1 and ;COUNT=n or ;UNTIL=YYYYMMDDT235959 or nothing
  rrule: `case when i.freq is null then null else 'FREQ=' || i.freq || ';INTERVAL=1' || coalesce(';COUNT=' || i.count, ';UNTIL=' || to_char(i.until_day, 'YYYYMMDD') || 'T235959', '') end`,
  color: 'i.color',
  pazienteId: 'i.paziente_id',
  staffMemberId: 'i.staff_member_id',
  clinicRoomId: 'i.clinic_room_id',
  productId: 'i.product_id',
  priceCents: 'i.price_cents',
  isPagato: 'i.is_pagato',
  note: 'i.note',
} satisfies Partial<Record<keyof EventColumns, string>>;
type DerivedKey = keyof typeof derivedColumns;
const derivedKeys = Object.keys(derivedColumns) as DerivedKey[];
const columnName = (key: keyof typeof eventsTable.$inferInsert) => getTableColumns(eventsTable)[key].name;
const selectDerived = derivedKeys.map((k) => `${derivedColumns[k]} as ${columnName(k)}`).join(',\n  ');
const insertColumns = ['studio_id', ...derivedKeys.map(columnName)].join(', ');

export const createInputsTable = async (client: Queryable) => {
  await client.query(`drop table if exists ${inputsTable}`);
  await client.query(
    `create unlogged table ${inputsTable} (${inputColumns.map(([n, t]) => `${n} ${t}`).join(', ')}, lead_days int not null)`,
  );
};

const genericSummaries = ['Seduta', 'Visita', 'Controllo', 'Trattamento'];
const notes = ['Portare gli esami recenti', 'Prima seduta del ciclo', 'Richiamare per conferma', 'Paga in contanti'];
const otherColors = eventColorHexes.filter((c) => c !== defaultEventColor.hex);

/**
 * Appends one studio's event inputs: `singles` appointments (Monday to Friday, some Saturdays, 08:00–19:15 in
 * quarter hours) and `series` recurring ones, as the dialog's presets write them: 55 % weekly × 4–12 times, 15 %
 * weekly until a date 3–12 weeks on, 15 % daily × 3–10 times, 14 % daily until a date 3–10 days on, 1 % weekly
 * with no end. Draws are reproducible (setseed before).
 */
export const addStudioInputs = async (
  client: Queryable,
  assets: StudioAssets,
  counts: { singles: number; series: number },
  plan: CalendarDatasetPlan,
  seed: number,
) => {
  await client.query('select setseed($1)', [seed]);
  await client.query(
    `insert into ${inputsTable}
select studio_id, calendar_id, summary, wall_start, minutes, freq, count,
  case when kind = 'WU' then wall_start::date + 7 * (n - 1) + (floor(r_n * 1000)::int % 7)
       when kind = 'DU' then wall_start::date + (n - 1) end as until_day,
  color, paziente_id, staff_member_id, clinic_room_id, product_id, price_cents,
  not is_series and wall_start < $12::date and r_paid < 0.85 as is_pagato, note, lead_days
from (
  select $1::uuid as studio_id, is_series, kind, n, r_n, r_paid, lead_days,
    cal[1 + floor(r_cal * r_cal * cardinality(cal))::int] as calendar_id,
    coalesce(prod_name[p], ($13::text[])[1 + floor(r_sum * 4)::int]) as summary,
    $11::timestamp + (w * 7 + case when r_day < 0.95 then floor(r_day / 0.19)::int else 5 end) * interval '1 day'
      + interval '8 hours' + slot * interval '15 minutes' as wall_start,
    coalesce(prod_min[p], (array[30, 45, 60, 60, 90])[1 + floor(r_sum * 5)::int]) as minutes,
    case when not is_series then null when kind in ('WC', 'WU', 'WN') then 'WEEKLY' else 'DAILY' end as freq,
    case when kind in ('WC', 'DC') then n end as count,
    case when r_color < 0.6 then $14::text else ($15::text[])[1 + floor((r_color - 0.6) / 0.4 * cardinality($15::text[]))::int] end as color,
    case when cardinality(pat) > 0 and r_pat < 0.88 then pat[1 + floor(power(r_pat / 0.88, 1.5) * cardinality(pat))::int] end as paziente_id,
    case when r_staff < 0.95 then staff[1 + floor(r_staff / 0.95 * cardinality(staff))::int] end as staff_member_id,
    case when cardinality(rooms) > 0 and r_room < 0.6 then rooms[1 + floor(r_room / 0.6 * cardinality(rooms))::int] end as clinic_room_id,
    prod[p] as product_id,
    prod_cents[p] as price_cents,
    case when r_note < 0.08 then ($16::text[])[1 + floor(r_note / 0.08 * 4)::int] end as note
  from (
    select *,
      case when cardinality(prod) > 0 and r_prod < 0.75 then 1 + floor(r_prod / 0.75 * cardinality(prod))::int end as p,
      case when not is_series then null
           when r_kind < 0.55 then 'WC' when r_kind < 0.70 then 'WU' when r_kind < 0.85 then 'DC'
           when r_kind < 0.99 then 'DU' else 'WN' end as kind,
      case when r_kind < 0.55 then (array[4, 5, 6, 8, 10, 12])[1 + floor(r_n * 6)::int]
           when r_kind < 0.70 then 3 + floor(r_n * 10)::int
           when r_kind < 0.85 then (array[3, 5, 7, 10])[1 + floor(r_n * 4)::int]
           else 3 + floor(r_n * 8)::int end as n
    from (
      select g > $10::int as is_series, floor(random() * $17::int)::int as w, random() as r_day,
        floor(random() * 46)::int as slot, random() as r_cal, random() as r_staff, random() as r_room,
        random() as r_prod, random() as r_pat, random() as r_color, random() as r_kind, random() as r_n,
        random() as r_paid, random() as r_note, random() as r_sum, floor(random() * 29)::int as lead_days,
        $2::uuid[] as cal, $3::uuid[] as staff, $4::uuid[] as rooms, $5::uuid[] as prod, $6::text[] as prod_name,
        $7::int[] as prod_min, $8::int[] as prod_cents, $9::uuid[] as pat
      from generate_series(1, $10::int + $18::int) g
    ) draws
  ) picked
) inputs`,
    [
      assets.studioId,
      assets.calendarIds,
      assets.staffIds,
      assets.roomIds,
      assets.products.map((p) => p.id),
      assets.products.map((p) => p.name),
      assets.products.map((p) => p.minutes),
      assets.products.map((p) => p.cents),
      assets.patientIds,
      counts.singles,
      plan.spanStart,
      plan.today,
      genericSummaries,
      defaultEventColor.hex,
      otherColors,
      notes,
      plan.weeks,
      counts.series,
    ],
  );
};

/** Every input becomes an event row, in booking order (a few weeks ahead of each appointment), all studios mixed. */
export const insertEventsFromInputs = async (client: Queryable, neverEnds: NeverEnds) => {
  const result = await client.query(
    `insert into events (${insertColumns})
select i.studio_id,
  ${selectDerived.replaceAll('$never', '$1')}
from ${inputsTable} i
order by i.wall_start - i.lead_days * interval '1 day'`,
    [neverEnds.value],
  );
  return (result as unknown as { rowCount: number }).rowCount;
};

/**
 * `count` exceptions in the studio: the second occurrence of a series moved an hour later, as PUT /events with
 * updateEventOption SINGLE leaves it (a row with series_id and original_start; the series lists the original start
 * among its exdates).
 */
export const addExceptions = async (client: Queryable, studioId: string, count: number, seed: number) => {
  await client.query('select setseed($1)', [seed]);
  const result = await client.query(
    `with picked as (
  select e.*, (e.start_at at time zone '${tz}') + case when e.rrule like 'FREQ=WEEKLY%' then interval '7 days' else interval '1 day' end as wall2,
    (e.end_at at time zone '${tz}') - (e.start_at at time zone '${tz}') as wall_duration
  from events e
  where e.studio_id = $1 and e.rrule is not null
    and ((e.start_at at time zone '${tz}') + case when e.rrule like 'FREQ=WEEKLY%' then interval '7 days' else interval '1 day' end) at time zone '${tz}' < e.until_at
  order by random()
  limit $2
), inserted as (
  insert into events (studio_id, calendar_id, series_id, original_start, summary, start_at, end_at, until_at, all_day,
    color, paziente_id, staff_member_id, clinic_room_id, product_id, price_cents, is_pagato, note)
  select studio_id, calendar_id, id, wall2 at time zone '${tz}', summary,
    (wall2 + interval '1 hour') at time zone '${tz}', (wall2 + interval '1 hour' + wall_duration) at time zone '${tz}',
    (wall2 + interval '1 hour' + wall_duration) at time zone '${tz}', false,
    color, paziente_id, staff_member_id, clinic_room_id, product_id, price_cents, false, note
  from picked
  returning series_id, original_start
)
update events e set exdates = e.exdates || inserted.original_start from inserted where e.id = inserted.series_id`,
    [studioId, count],
  );
  return (result as unknown as { rowCount: number }).rowCount;
};

export const dropInputsTable = (client: Queryable) => client.query(`drop table if exists ${inputsTable}`);

// ---------- the checks against the app ----------

type CheckInput = {
  label: string;
  calendarId: string;
  summary: string;
  /** Rome wall clock, YYYY-MM-DDTHH:mm. */
  wallStart: string;
  minutes: number;
  freq: 'WEEKLY' | 'DAILY' | null;
  count: number | null;
  untilDay: string | null;
  color: string;
  pazienteId: string | null;
  staffMemberId: string | null;
  clinicRoomId: string | null;
  productId: string | null;
  priceCents: number | null;
  isPagato: boolean;
  note: string | null;
};

const comparable = (v: unknown) => (v instanceof Date ? v.getTime() : JSON.stringify(v ?? null));

/**
 * Creates events through POST /events (far after the dataset, in 2031, across the March clock change too) and
 * compares each stored row with what `derivedColumns` compute from the same input; the events are deleted after.
 * @returns the labels checked; throws listing every column that differs.
 */
export const checkEventMappingAgainstApi = async (
  call: Call,
  owner: Owner,
  deps: AppDeps,
  client: Queryable,
  assets: Omit<StudioAssets, 'studioId' | 'patientIds'> & { patientId: string },
  neverEnds: NeverEnds,
) => {
  const product = assets.products[0];
  if (!product) throw new Error('no product to check with');
  const base = {
    calendarId: assets.calendarIds[0] as string,
    summary: 'Seduta',
    minutes: 60,
    color: defaultEventColor.hex,
    pazienteId: null,
    staffMemberId: null,
    clinicRoomId: null,
    productId: null,
    priceCents: null,
    isPagato: false,
    note: null,
    freq: null,
    count: null,
    untilDay: null,
  } satisfies Omit<CheckInput, 'label' | 'wallStart'>;
  const inputs: CheckInput[] = [
    {
      ...base,
      label: 'appointment with patient, staff, room, service, price, colour, note, paid',
      wallStart: '2031-03-05T09:15',
      summary: product.name,
      minutes: product.minutes,
      color: otherColors[2] as string,
      pazienteId: assets.patientId,
      staffMemberId: assets.staffIds[1] ?? null,
      clinicRoomId: assets.roomIds[0] ?? null,
      productId: product.id,
      priceCents: product.cents,
      isPagato: true,
      note: 'Portare gli esami recenti',
    },
    {
      ...base,
      label: 'weekly × 10 across the March clock change',
      wallStart: '2031-03-18T18:30',
      freq: 'WEEKLY',
      count: 10,
    },
    {
      ...base,
      label: 'weekly until a date',
      wallStart: '2031-10-07T08:00',
      minutes: 45,
      freq: 'WEEKLY',
      untilDay: '2031-11-20',
    },
    {
      ...base,
      label: 'daily × 7 across the October clock change',
      wallStart: '2031-10-23T19:15',
      freq: 'DAILY',
      count: 7,
    },
    {
      ...base,
      label: 'daily until a date',
      wallStart: '2031-06-02T12:00',
      minutes: 30,
      freq: 'DAILY',
      untilDay: '2031-06-09',
    },
    { ...base, label: 'weekly with no end', wallStart: '2031-01-13T10:00', minutes: 90, freq: 'WEEKLY' },
  ];
  const wallMs = (wall: string) => Date.parse(`${wall}:00Z`);
  const differences: string[] = [];
  const checks: MappingCheck[] = [];
  for (const input of inputs) {
    const start = new Date(fromRomeWall(wallMs(input.wallStart)));
    const end = new Date(fromRomeWall(wallMs(input.wallStart) + input.minutes * 60_000));
    const rrule = input.freq
      ? presetRule(
          input.freq,
          input.count !== null ? { count: input.count } : input.untilDay ? { until: input.untilDay } : null,
        )
      : null;
    let created: { id: string };
    try {
      created = await call<{ id: string }>('POST', '/events', owner.token, {
        calendarId: input.calendarId,
        summary: input.summary,
        start: start.toISOString(),
        end: end.toISOString(),
        rrule,
        color: input.color,
        pazienteId: input.pazienteId,
        staffMemberId: input.staffMemberId,
        clinicRoomId: input.clinicRoomId,
        productId: input.productId,
        price: input.priceCents === null ? null : input.priceCents / 100,
        isPagato: input.isPagato,
        note: input.note,
      });
    } catch (err) {
      // the app could not store it: a finding for the report, not a difference of the generator
      checks.push({ label: input.label, rrule, stored: false, error: String(err).slice(0, 500) });
      continue;
    }
    const rowId = created.id.split('_')[0] as string;
    const stored = await calendarRepository.findEvent(deps.db, owner.ctx, rowId);
    if (!stored) throw new Error(`${input.label}: created event not found`);
    const values = [
      owner.ctx.studioId,
      input.calendarId,
      input.summary,
      input.wallStart.replace('T', ' '),
      input.minutes,
      input.freq,
      input.count,
      input.untilDay,
      input.color,
      input.pazienteId,
      input.staffMemberId,
      input.clinicRoomId,
      input.productId,
      input.priceCents,
      input.isPagato,
      input.note,
      neverEnds.value,
    ];
    const placeholders = inputColumns.map(([, t], k) => `$${k + 1}::${t}`).join(', ');
    const { rows } = await client.query(
      `select ${derivedKeys.map((k) => `${derivedColumns[k].replaceAll('$never', `$${inputColumns.length + 1}`)} as "${k}"`).join(', ')}
from (values (${placeholders})) as i(${inputColumns.map(([n]) => n).join(', ')})`,
      values,
    );
    const mine = rows[0] as Record<string, unknown>;
    const theirs = stored.event as unknown as Record<string, unknown>;
    for (const k of derivedKeys) {
      if (comparable(mine[k]) !== comparable(theirs[k]))
        differences.push(`${input.label}: ${k} ${JSON.stringify(mine[k])} ≠ ${JSON.stringify(theirs[k])}`);
    }
    await call('DELETE', `/events/${rowId}`, owner.token);
    checks.push({ label: input.label, rrule, stored: true, error: null });
  }
  if (differences.length > 0) throw new Error(`the generated events differ from the app's: ${differences.join('; ')}`);
  return checks;
};

/** One event of the mapping check: stored through POST /events and equal to the generator's row, or refused. */
export type MappingCheck = { label: string; rrule: string | null; stored: boolean; error: string | null };

/**
 * The domain's own rules on generated rows: until_at of a sample of series equals seriesLastEnd (or the service's
 * "never" when it has no end), and every exception's original start is an occurrence of its series that the
 * series no longer shows.
 */
export const checkGeneratedSeries = async (
  client: Queryable,
  studioId: string,
  neverEnds: NeverEnds,
  sample = 2000,
) => {
  const never = neverEnds.ms;
  const series = await client.query(
    'select id, start_at, end_at, rrule, until_at from events where studio_id = $1 and rrule is not null order by id limit $2',
    [studioId, sample],
  );
  const wrong: string[] = [];
  for (const r of series.rows) {
    const expected = seriesLastEnd({ start: r.start_at as Date, end: r.end_at as Date, rrule: String(r.rrule) });
    const got = (r.until_at as Date).getTime();
    if ((expected?.getTime() ?? never) !== got)
      wrong.push(
        `${r.id} ${r.rrule}: until_at ${new Date(got).toISOString()}, seriesLastEnd ${expected?.toISOString()}`,
      );
  }
  const exceptions = await client.query(
    `select x.original_start, s.start_at, s.end_at, s.rrule, s.exdates from events x join events s on s.id = x.series_id
     where x.studio_id = $1 order by x.id limit 500`,
    [studioId],
  );
  for (const r of exceptions.rows) {
    const s = {
      start: r.start_at as Date,
      end: r.end_at as Date,
      rrule: String(r.rrule),
      exdates: r.exdates as Date[],
    };
    const at = r.original_start as Date;
    if (!isOccurrenceStart(s, at)) wrong.push(`exception at ${at.toISOString()} is not an occurrence of ${s.rrule}`);
    if (occurrencesBetween(s, at, new Date(at.getTime() + 1)).length > 0)
      wrong.push(`exception at ${at.toISOString()}: the series still shows the occurrence`);
  }
  if (wrong.length > 0) throw new Error(`generated series disagree with the domain: ${wrong.slice(0, 5).join('; ')}`);
  return { seriesChecked: series.rows.length, exceptionsChecked: exceptions.rows.length };
};
