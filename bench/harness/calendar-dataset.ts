/**
 * The calendar part's dataset (PostgreSQL): one large studio (200,000 events, a tenth of them recurring series, 1 %
 * of the rest exceptions of a series) among 200 smaller ones (2,000,000 events together), over the 169 weeks from
 * Monday 1 January 2024 to Sunday 28 March 2027, "today" being 22 November 2026.
 *
 * Studios, their calendars, staff, rooms and services are made through the API; patients and events through the SQL
 * loader (a `pg` session on the app's database): the events are generated inside PostgreSQL (generate_series into an
 * unlogged table of inputs, then one INSERT … SELECT in booking order). The columns the app derives (instants from
 * Rome's wall clock, until_at, the RRULE text the dialog's presets write) are SQL expressions over the inputs; the
 * until_at of a series with no end is asked of the app (a series made through POST /events, read back, deleted).
 */
import { defaultEventColor, eventColorHexes, fromRomeWall, presetRule } from '@studiolo/domain/calendar';
import { studioTimeZone as tz } from '@studiolo/domain/shared';
import { type App, apiOf, createOwner } from './app.ts';
import { patientStatements } from './patients-dataset.ts';
import { round2 } from './results.ts';
import { type Query, withSql } from './sql-loader.ts';

export const calendarPlan = (events: number, otherEvents: number, otherStudios: number) => ({
  events,
  series: Math.round(events / 10),
  exceptions: Math.round(events / 100),
  patients: Math.max(100, Math.round(events / 25)),
  staff: 7,
  otherStudios,
  otherEvents,
  otherStudioPatients: 40,
  spanStart: '2024-01-01',
  weeks: 169,
  today: '2026-11-22',
});
export type CalendarPlan = ReturnType<typeof calendarPlan>;
type Assets = {
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
const staffNames = ['Luca Ferri', 'Sara Galli', 'Marco Riva', 'Elena Sala', 'Paolo Neri', 'Anna Gatti', 'Ivan Villa'];

/** The measured studio's calendars, staff, rooms and services, through their routes. */
const setUpStudio = async (app: App, token: string, email: string, plan: CalendarPlan) => {
  const call = <T>(method: string, url: string, body?: unknown) => apiOf(app).call<T>(method, url, body, token);
  for (const summary of ['Fisioterapia', 'Osteopatia'])
    await call('POST', '/calendars', { summary, description: null });
  const calendars = await call<{ calendars: { id: string }[] }>('GET', '/calendars');
  const me = (await call<{ id: string; email: string }[]>('GET', '/staff')).find((s) => s.email === email);
  const staffIds = [me?.id as string];
  for (let s = 0; s < plan.staff; s++) {
    const [name, lastname] = (staffNames[s % staffNames.length] as string).split(' ');
    const role = 'ROLE_STAFF_COLLABORATORE';
    staffIds.push(
      (await call<{ id: string }>('POST', '/staff', { name, lastname, email: `calendar.staff${s}@example.it`, role }))
        .id,
    );
  }
  const roomIds: string[] = [];
  for (const name of ['Sala 1', 'Sala 2', 'Palestra', 'Studio medico'])
    roomIds.push((await call<{ id: string }>('POST', '/settings/calendario/rooms', { name })).id);
  const products: Assets['products'] = [];
  for (const s of services) {
    const body = { name: s.name, price: s.price, grossPrice: s.price, duration: s.duration };
    const p = await call<{ id: string }>('POST', '/products', body);
    products.push({ id: p.id, name: s.name, minutes: s.duration, cents: s.price * 100 });
  }
  return { calendarIds: calendars.calendars.map((c) => c.id), staffIds, roomIds, products };
};

/** What the app stores as until_at of a series with no end: a weekly series made in 2031, read back, deleted. */
const neverEndsOf = async (app: App, token: string, calendarId: string, query: Query) => {
  const start = new Date(fromRomeWall(Date.parse('2031-01-13T10:00:00Z')));
  const end = new Date(start.getTime() + 3_600_000);
  const body = { calendarId, summary: 'Seduta', start, end, rrule: presetRule('WEEKLY', null) };
  const { id } = await apiOf(app).call<{ id: string }>('POST', '/events', body, token);
  const rowId = id.split('_')[0] as string;
  const [row] = await query<{ u: string }>(`select until_at::text as u from events where id = $1`, [rowId]);
  await apiOf(app).call('DELETE', `/events/${rowId}`, undefined, token);
  if (!row) throw new Error('the series made to read its until_at is not found');
  return row.u;
};

const atRome = (wall: string) => `((${wall}) at time zone '${tz}')`;
const step = `(case i.freq when 'WEEKLY' then interval '7 days' else interval '1 day' end)`;
const duration = "(i.minutes * interval '1 minute')";
/** The columns the app writes for an event, as SQL over an input row `i`; $1 is the until_at of a series with no end. */
const derived: [column: string, sql: string][] = [
  ['calendar_id', 'i.calendar_id'],
  ['summary', 'i.summary'],
  ['start_at', atRome('i.wall_start')],
  ['end_at', atRome(`i.wall_start + ${duration}`)],
  // the last occurrence's end: COUNT occurrences, or every step up to UNTIL's day (inclusive, 23:59:59 in Rome)
  [
    'until_at',
    `case when i.freq is null then ${atRome(`i.wall_start + ${duration}`)}
    when i.count is not null then ${atRome(`i.wall_start + (i.count - 1) * ${step} + ${duration}`)}
    when i.until_day is not null then ${atRome(`i.wall_start + floor(extract(epoch from (i.until_day + time '23:59:59') - i.wall_start) / extract(epoch from ${step})) * ${step} + ${duration}`)}
    else $1::timestamptz end`,
  ],
  ['all_day', 'false'],
  // presetRule's text: FREQ=…;INTERVAL=1 and ;COUNT=n or ;UNTIL=YYYYMMDDT235959 or nothing
  [
    'rrule',
    `case when i.freq is null then null else 'FREQ=' || i.freq || ';INTERVAL=1' || coalesce(';COUNT=' || i.count, ';UNTIL=' || to_char(i.until_day, 'YYYYMMDD') || 'T235959', '') end`,
  ],
  ...[
    'color',
    'paziente_id',
    'staff_member_id',
    'clinic_room_id',
    'product_id',
    'price_cents',
    'is_pagato',
    'note',
  ].map((c): [string, string] => [c, `i.${c}`]),
];
const inputs = 'bench_event_inputs';

/**
 * One studio's event inputs: `singles` appointments (Monday to Friday, some Saturdays, 08:00–19:15 in quarter hours)
 * and `series` as the dialog's presets write them: 55 % weekly × 4–12 times, 15 % weekly until a date 3–12 weeks on,
 * 15 % daily × 3–10 times, 14 % daily until a date 3–10 days on, 1 % weekly with no end. Reproducible (setseed).
 */
const addInputs = async (
  query: Query,
  a: Assets,
  counts: { singles: number; series: number },
  plan: CalendarPlan,
  seed: number,
) => {
  await query('select setseed($1)', [seed]);
  await query(
    `insert into ${inputs}
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
      a.studioId,
      a.calendarIds,
      a.staffIds,
      a.roomIds,
      a.products.map((p) => p.id),
      a.products.map((p) => p.name),
      a.products.map((p) => p.minutes),
      a.products.map((p) => p.cents),
      a.patientIds,
      counts.singles,
      plan.spanStart,
      plan.today,
      ['Seduta', 'Visita', 'Controllo', 'Trattamento'],
      defaultEventColor.hex,
      eventColorHexes.filter((c) => c !== defaultEventColor.hex),
      ['Portare gli esami recenti', 'Prima seduta del ciclo', 'Richiamare per conferma', 'Paga in contanti'],
      plan.weeks,
      counts.series,
    ],
  );
};

/**
 * `count` exceptions in the studio: the second occurrence of a series moved an hour later, as PUT /events with
 * updateEventOption SINGLE leaves it (a row with series_id and original_start; the series lists it among its exdates).
 */
const addExceptions = (query: Query, studioId: string, count: number) =>
  query(
    `with picked as (
  select e.*, (e.start_at at time zone '${tz}') + case when e.rrule like 'FREQ=WEEKLY%' then interval '7 days' else interval '1 day' end as wall2,
    (e.end_at at time zone '${tz}') - (e.start_at at time zone '${tz}') as wall_duration
  from events e
  where e.studio_id = $1 and e.rrule is not null
    and ((e.start_at at time zone '${tz}') + case when e.rrule like 'FREQ=WEEKLY%' then interval '7 days' else interval '1 day' end) at time zone '${tz}' < e.until_at
  order by random() limit $2
), inserted as (
  insert into events (studio_id, calendar_id, series_id, original_start, summary, start_at, end_at, until_at, all_day,
    color, paziente_id, staff_member_id, clinic_room_id, product_id, price_cents, is_pagato, note)
  select studio_id, calendar_id, id, wall2 at time zone '${tz}', summary,
    (wall2 + interval '1 hour') at time zone '${tz}', (wall2 + interval '1 hour' + wall_duration) at time zone '${tz}',
    (wall2 + interval '1 hour' + wall_duration) at time zone '${tz}', false,
    color, paziente_id, staff_member_id, clinic_room_id, product_id, price_cents, false, note
  from picked returning series_id, original_start
)
update events e set exdates = e.exdates || inserted.original_start from inserted where e.id = inserted.series_id`,
    [studioId, count],
  );

/** Makes the dataset in the app's PostgreSQL database; the measured studio's owner and its staff ids. */
export const makeCalendarDataset = async (app: App, url: string, plan: CalendarPlan, log: (l: string) => void) => {
  const t0 = performance.now();
  const owner = await createOwner(app, 0);
  const main = await setUpStudio(app, owner.token, owner.email, plan);
  const others: { studioId: string; calendarId: string; memberId: string }[] = [];
  for (let i = 1; i <= plan.otherStudios; i++) {
    const o = await createOwner(app, i);
    const calendarId = (await apiOf(app).call<{ calendars: { id: string }[] }>('GET', '/calendars', undefined, o.token))
      .calendars[0]?.id as string;
    const memberId = (await apiOf(app).call<{ id: string; email: string }[]>('GET', '/staff', undefined, o.token)).find(
      (s) => s.email === o.email,
    )?.id as string;
    others.push({ studioId: o.studioId, calendarId, memberId });
  }
  const apiSetupSeconds = round2((performance.now() - t0) / 1000);
  log(
    `  calendar: ${plan.otherStudios + 1} studios through the API in ${apiSetupSeconds} s; patients and events through the SQL loader …`,
  );
  return withSql(url, async (query) => {
    const neverEndsAt = await neverEndsOf(app, owner.token, main.calendarIds[0] as string, query);
    const patientsOf = async (studioId: string, count: number, seed: number) => {
      for (const s of patientStatements(studioId, count, seed)) await query(s.sql, s.params);
      return (await query<{ id: string }>('select id from patients where studio_id = $1 order by id', [studioId])).map(
        (r) => r.id,
      );
    };
    const e0 = performance.now();
    await query(`drop table if exists ${inputs}`);
    await query(
      `create unlogged table ${inputs} (studio_id uuid, calendar_id uuid, summary text, wall_start timestamp, minutes int, freq text, count int, until_day date, color text, paziente_id uuid, staff_member_id uuid, clinic_room_id uuid, product_id uuid, price_cents int, is_pagato boolean, note text, lead_days int not null)`,
    );
    const mainAssets = {
      studioId: owner.studioId,
      ...main,
      patientIds: await patientsOf(owner.studioId, plan.patients, 1),
    };
    await addInputs(
      query,
      mainAssets,
      { singles: plan.events - plan.series - plan.exceptions, series: plan.series },
      plan,
      0.5,
    );
    const perOther = Math.round(plan.otherEvents / plan.otherStudios);
    for (const [i, o] of others.entries()) {
      const assets = {
        studioId: o.studioId,
        calendarIds: [o.calendarId],
        staffIds: [o.memberId],
        roomIds: [],
        products: [],
        patientIds: await patientsOf(o.studioId, plan.otherStudioPatients, 100 + i),
      };
      await addInputs(
        query,
        assets,
        { singles: perOther - Math.round(perOther / 10), series: Math.round(perOther / 10) },
        plan,
        (i + 1) / (plan.otherStudios + 2),
      );
    }
    // as a restore would: secondary indexes dropped and re-made from their own definitions, foreign-key triggers off
    const indexes = await query<{ indexname: string; indexdef: string }>(
      "select indexname, indexdef from pg_indexes where tablename = 'events' and indexname not like '%pkey'",
    );
    for (const index of indexes) await query(`drop index ${index.indexname}`);
    await query("set session_replication_role = 'replica'");
    await query(
      `insert into events (studio_id, ${derived.map(([c]) => c).join(', ')})
      select i.studio_id, ${derived.map(([c, sql]) => `${sql} as ${c}`).join(',\n  ')}
      from ${inputs} i order by i.wall_start - i.lead_days * interval '1 day'`,
      [neverEndsAt],
    );
    await query('select setseed(0.25)');
    await addExceptions(query, owner.studioId, plan.exceptions);
    await query("set session_replication_role = 'origin'");
    for (const index of indexes) await query(index.indexdef);
    await query(`drop table ${inputs}`);
    await query('vacuum analyze events');
    await query('vacuum analyze patients');
    const [rows] = await query(
      `select count(*)::int as events, count(*) filter (where studio_id = $1)::int as "studioEvents",
      count(*) filter (where studio_id = $1 and rrule is not null)::int as "studioSeries",
      count(*) filter (where studio_id = $1 and series_id is not null)::int as "studioExceptions" from events`,
      [owner.studioId],
    );
    const load = {
      apiSetupSeconds,
      sqlSeconds: round2((performance.now() - e0) / 1000),
      totalSeconds: round2((performance.now() - t0) / 1000),
    };
    return { owner, staffIds: main.staffIds, dataset: { plan, rows, neverEndsAt, load } };
  });
};
