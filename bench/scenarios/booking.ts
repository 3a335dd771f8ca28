/**
 * Online booking from outside (issue 28 "Performance", decision 035): the public page's free slots over HTTP against
 * the same SQL replayed, and 50 confirmations of one slot at once. The pure computation alone is booking-slots.ts.
 * Dataset, as a studio makes it: owner, 10 staff members (POST /staff), 8 rooms and 3 devices, a 45-minute service
 * given by all ten that needs one of 2 rooms and a device, online booking on (notice 12 h, horizon 60 days, step 15,
 * buffer 10, holidays closed, automatic confirmation), weekly hours (two windows a weekday, Saturday mornings, a day
 * off, an afternoon off and an extra evening each) through the booking settings API; then 20,000 appointments of
 * those staff in the next 60 days through the SQL loader (events: 16,000 singles and 4,000 occurrences of weekly
 * series, one in ten removed (exdate) and one in twenty moved (an exception row with series_id and original_start, its
 * original start among the exdates), as the calendar stores them; a fifth need a device, every one a room).
 *  1. GET /booking/:slug/slots for 60 days as the page asks them (apps/web slot-picker.ts: 28-day windows from
 *     today, "Giorni successivi" moves on 28 days; the third window clipped to the horizon's last day, see
 *     `pageWindows`), one request after the other, p50/p95/p99 of the three together and of each; and one 31-day
 *     request (the API's widest). "Chiunque" and one staff member. PostgreSQL: the floor is the statements each
 *     request sends, read on the wire (harness/sql-capture.ts, the rate limiter's counter left out) and replayed in
 *     order on one `pg` connection; ratio HTTP p95 / SQL p95; then the server's CPU profile while it answers the 60
 *     days of "chiunque" (harness/cpu-profile.ts). PGlite: HTTP only.
 *  2. The race: per round, 50 code requests for one slot of one staff member (POST /appointments/paziente/book/code,
 *     one after the other, each code read from the local outbox DATA_DIR/outbox as a patient reads the e-mail), then
 *     the 50 POST /appointments/paziente/book at once: exactly one 201 and 49 × 409, and one booking at that start
 *     (GET /bookings), else the part fails. PostgreSQL and PGlite.
 * Limits raised through the app's env (config/env.ts), as for every bench server: RATE_LIMIT_BOOKING_PUBLIC_PER_MINUTE,
 * RATE_LIMIT_BOOKING_CODES_PER_HOUR_{ADDRESS,BLOCK,EMAIL,NEW_ADDRESSES} (and harness/process.ts's
 * RATE_LIMIT_AUTH_PER_MINUTE for the two POSTs); MAX_EVENT_LOOP_DELAY_MS=0 (the 503 guard off, as the tests do:
 * on 27-11 at load 20+ it answered 503 even at 30000).
 * Part `booking` (BENCH_ONLY=booking); writes bench/results/booking.json.
 * Options: BENCH_BOOKING_APPOINTMENTS (20000; 2000 quick)  BENCH_BOOKING_RUNS (200; 20 quick)
 *          BENCH_BOOKING_ROUNDS (20; 5 quick)  BENCH_BOOKING_PGLITE=0 (PostgreSQL only)  BENCH_BOOKING_PROFILE=0
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { defaultEventColor, fromRomeWall } from '@studiolo/domain/calendar';
import pg from 'pg';
import { type App, apiOf, createOwner, startApp } from '../harness/app.ts';
import { percentileOf } from '../harness/closed-loop.ts';
import { summariseProfile } from '../harness/cpu-profile.ts';
import { postgresUrlFromEnv, postgresVersion, prepareBenchDatabase } from '../harness/postgres.ts';
import { quick, round2, saveResults } from '../harness/results.ts';
import { type Captured, ownStatements, startSqlCapture } from '../harness/sql-capture.ts';
import { loadSqlAndRestart, type Statement, withSql } from '../harness/sql-loader.ts';

const appointments = Number(process.env.BENCH_BOOKING_APPOINTMENTS ?? (quick ? 2_000 : 20_000));
const runs = Number(process.env.BENCH_BOOKING_RUNS ?? (quick ? 20 : 200));
const rounds = Number(process.env.BENCH_BOOKING_ROUNDS ?? (quick ? 5 : 20));
const withPglite = process.env.BENCH_BOOKING_PGLITE !== '0';
const racers = 50;
const databaseName = 'studiolo_bench_booking';
const many = '100000000';
const env = {
  SCRYPT_COST_LOG2: '10',
  // off, as in the tests: at load 20+ on two cores the guard answered 503 even at 30 s (a window with no sample)
  MAX_EVENT_LOOP_DELAY_MS: '0',
  RATE_LIMIT_BOOKING_PUBLIC_PER_MINUTE: many,
  RATE_LIMIT_BOOKING_CODES_PER_HOUR_ADDRESS: many,
  RATE_LIMIT_BOOKING_CODES_PER_HOUR_BLOCK: many,
  RATE_LIMIT_BOOKING_CODES_PER_HOUR_EMAIL: many,
  RATE_LIMIT_BOOKING_CODES_PER_HOUR_NEW_ADDRESSES: many,
};
const day = 86_400_000;
const minute = 60_000;
const horizonDays = 60;
/** apps/web/src/features/booking/components/slot-picker.tsx slotWindowDays */
const pageWindowDays = 28;
const slug = 'bench-prenotazioni';

type Log = (line: string) => void;
type Percentiles = { runs: number; meanMs: number; p50Ms: number; p95Ms: number; p99Ms: number; maxMs: number };

const percentiles = (ms: number[]): Percentiles => {
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    runs: ms.length,
    meanMs: round2(ms.reduce((a, b) => a + b, 0) / Math.max(1, ms.length)),
    p50Ms: round2(percentileOf(sorted, 50)),
    p95Ms: round2(percentileOf(sorted, 95)),
    p99Ms: round2(percentileOf(sorted, 99)),
    maxMs: round2(sorted.at(-1) ?? Number.NaN),
  };
};

/** Rome's date today, "YYYY-MM-DD" (the server's `romeToday`, from outside). */
const romeToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .slice(0, 10);
const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * day).toISOString().slice(0, 10);

/** The windows the public page asks for `days` days from today: 28 at a time, the last clipped to the horizon. */
const pageWindows = (today: string, days: number) => {
  const windows: { from: string; to: string }[] = [];
  for (let start = 0; start < days; start += pageWindowDays)
    windows.push({ from: addDays(today, start), to: addDays(today, Math.min(start + pageWindowDays, days) - 1) });
  return windows;
};

// ------------------------------------------------------------ the studio, through the API

type Studio = {
  studioId: string;
  token: string;
  productId: string;
  staffIds: string[];
  roomIds: string[];
  deviceIds: string[];
  calendarId: string;
};

const staffNames = ['Luca Ferri', 'Sara Galli', 'Marco Riva', 'Elena Sala', 'Paolo Neri'];

const setUpStudio = async (app: App, today: string): Promise<Studio> => {
  const owner = await createOwner(app, 0);
  const call = <T>(method: string, url: string, body?: unknown) => apiOf(app).call<T>(method, url, body, owner.token);
  const staffIds: string[] = [];
  for (let s = 0; s < 10; s++) {
    const [name, lastname] = (staffNames[s % staffNames.length] as string).split(' ');
    const body = {
      name,
      lastname: `${lastname}${s}`,
      email: `booking.staff${s}@example.it`,
      role: 'ROLE_STAFF_COLLABORATORE',
    };
    staffIds.push((await call<{ id: string }>('POST', '/staff', body)).id);
  }
  const roomIds: string[] = [];
  for (let r = 0; r < 8; r++)
    roomIds.push((await call<{ id: string }>('POST', '/settings/calendario/rooms', { name: `Sala ${r + 1}` })).id);
  const deviceIds: string[] = [];
  for (const name of ['Tecar', 'Laser', 'Onde d’urto'])
    deviceIds.push((await call<{ id: string }>('POST', '/settings/calendario/medical-devices', { name })).id);
  const product = await call<{ id: string }>('POST', '/products', {
    name: 'Prima visita',
    price: 80,
    grossPrice: 80,
    duration: 45,
  });
  const current = await call<{ settings: Record<string, unknown> }>('GET', '/settings/booking');
  await call('PUT', '/settings/booking', {
    ...current.settings,
    enabled: true,
    slug,
    minNoticeMinutes: 720,
    horizonDays,
    slotStepMinutes: 15,
    bufferMinutes: 10,
    cancelLimitHours: 24,
    confirmationMode: 'AUTO',
    closedOnHolidays: true,
    pageText: null,
    embedOrigins: [],
  });
  await call('PUT', `/settings/booking/services/${product.id}`, {
    bookable: true,
    showPrice: true,
    durationMinutes: 45,
    staffMemberIds: staffIds,
    clinicRoomIds: roomIds.slice(0, 2),
    medicalDeviceIds: deviceIds.slice(0, 1),
  });
  for (const [i, id] of staffIds.entries())
    await call('PUT', `/settings/booking/staff/${id}`, {
      hours: [
        ...[1, 2, 3, 4, 5].flatMap((weekday) => [
          { weekday, start: '08:00', end: '13:00' },
          { weekday, start: '14:00', end: '20:00' },
        ]),
        { weekday: 6, start: '08:00', end: '13:00' },
      ],
      exceptions: [
        { date: addDays(today, 3 + i), kind: 'CLOSED', start: null, end: null, note: 'Ferie' },
        { date: addDays(today, 10 + i), kind: 'CLOSED', start: '14:00', end: '16:00', note: null },
        { date: addDays(today, 20 + i), kind: 'OPEN', start: '20:00', end: '21:00', note: null },
      ],
    });
  const calendars = await call<{ calendars: { id: string }[] }>('GET', '/calendars');
  const calendarId = calendars.calendars[0]?.id;
  if (!calendarId) throw new Error('the studio has no calendar');
  return {
    studioId: owner.studioId,
    token: owner.token,
    productId: product.id,
    staffIds,
    roomIds,
    deviceIds,
    calendarId,
  };
};

// ------------------------------------------------------------ the appointments, through the SQL loader

/** A deterministic generator: the same dataset every run (relative to today). */
const randomOf = (start: number) => {
  let seed = start;
  return (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return Math.floor((seed / 2 ** 31) * n);
  };
};

type EventRow = {
  id: string;
  seriesId: string | null;
  originalStart: number | null;
  start: number;
  end: number;
  until: number;
  rrule: string | null;
  exdates: number[];
  staff: string;
  room: string;
  devices: string[];
};

/**
 * `count` appointments from tomorrow to 60 days on (Monday to Saturday, 08:00–19:45 on quarter hours, 30–90 min): a
 * fifth as occurrences of weekly series of 9 (COUNT=9) starting in the first week, with one occurrence in ten removed
 * and one in twenty moved (an exception row); every appointment in a room, a fifth with a device.
 */
const eventsOf = (s: Studio, today: string, count: number) => {
  const random = randomOf(2027);
  const first = Date.parse(`${addDays(today, 1)}T00:00:00Z`); // wall midnight of tomorrow
  const end = first + horizonDays * day;
  const uuid = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;
  let nextId = 1;
  const lengths = [30, 45, 60, 90];
  const workingDay = (span: number) => {
    for (;;) {
      const d = random(span);
      if (new Date(first + d * day).getUTCDay() !== 0) return d;
    }
  };
  const workingMinute = () => (random(2) === 0 ? 8 * 60 + random(16) * 15 : 14 * 60 + random(24) * 15);
  const at = (wallDay: number, m: number) => fromRomeWall(wallDay + m * minute);
  const resources = () => ({
    staff: s.staffIds[random(s.staffIds.length)] as string,
    room: s.roomIds[random(s.roomIds.length)] as string,
    devices: random(5) === 0 ? [s.deviceIds[random(s.deviceIds.length)] as string] : [],
  });
  const rows: EventRow[] = [];
  const fromSeries = Math.round(count / 5);
  let occurrences = 0;
  let removed = 0;
  let moved = 0;
  let series = 0;
  while (occurrences < fromSeries) {
    const wall = first + workingDay(7) * day;
    const m = workingMinute();
    const length = lengths[random(lengths.length)] as number;
    const r = resources();
    const id = uuid(nextId++);
    const exdates: number[] = [];
    for (let k = 0; k < 9 && occurrences < fromSeries; k++) {
      const w = wall + k * 7 * day;
      if (w >= end) break;
      const roll = random(20);
      if (roll < 2) {
        exdates.push(at(w, m));
        removed++;
      } else if (roll === 2) {
        exdates.push(at(w, m));
        const mm = workingMinute();
        const start = at(w, mm);
        const stop = at(w, mm + length);
        rows.push({
          id: uuid(nextId++),
          seriesId: id,
          originalStart: at(w, m),
          start,
          end: stop,
          until: stop,
          rrule: null,
          exdates: [],
          ...r,
        });
        moved++;
        occurrences++;
      } else occurrences++;
    }
    rows.push({
      id,
      seriesId: null,
      originalStart: null,
      start: at(wall, m),
      end: at(wall, m + length),
      until: at(wall + 8 * 7 * day, m + length),
      rrule: 'FREQ=WEEKLY;INTERVAL=1;COUNT=9',
      exdates,
      ...r,
    });
    series++;
  }
  for (let i = 0; i < count - fromSeries; i++) {
    const w = first + workingDay(horizonDays) * day;
    const m = workingMinute();
    const length = lengths[random(lengths.length)] as number;
    const start = at(w, m);
    const stop = at(w, m + length);
    rows.push({
      id: uuid(nextId++),
      seriesId: null,
      originalStart: null,
      start,
      end: stop,
      until: stop,
      rrule: null,
      exdates: [],
      ...resources(),
    });
  }
  return { rows, plan: { singles: count - fromSeries, fromSeries: occurrences, series, removed, moved } };
};

/** One INSERT … SELECT FROM unnest(…) of the rows (arrays of arrays as their text), then ANALYZE. */
const eventStatements = (studioId: string, calendarId: string, productId: string, rows: EventRow[]): Statement[] => {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  const arrayText = (values: string[]) => `{${values.join(',')}}`;
  return [
    {
      sql: `insert into events (id, studio_id, calendar_id, series_id, original_start, summary, start_at, end_at, until_at,
          all_day, rrule, exdates, color, staff_member_id, clinic_room_id, medical_device_ids, product_id)
        select r.id, $1, $2, r.series_id, r.original_start, 'Seduta', r.start_at, r.end_at, r.until_at, false, r.rrule,
          r.exdates::timestamptz[], $3, r.staff, r.room, r.devices::uuid[], $4
        from unnest($5::uuid[], $6::uuid[], $7::timestamptz[], $8::timestamptz[], $9::timestamptz[], $10::timestamptz[],
          $11::text[], $12::text[], $13::uuid[], $14::uuid[], $15::text[])
          as r(id, series_id, original_start, start_at, end_at, until_at, rrule, exdates, staff, room, devices)
        order by r.series_id nulls first`,
      params: [
        studioId,
        calendarId,
        defaultEventColor.hex,
        productId,
        rows.map((r) => r.id),
        rows.map((r) => r.seriesId),
        rows.map((r) => iso(r.originalStart)),
        rows.map((r) => iso(r.start)),
        rows.map((r) => iso(r.end)),
        rows.map((r) => iso(r.until)),
        rows.map((r) => r.rrule),
        rows.map((r) => arrayText(r.exdates.map((x) => new Date(x).toISOString()))),
        rows.map((r) => r.staff),
        rows.map((r) => r.room),
        rows.map((r) => arrayText(r.devices)),
      ],
    },
    { sql: 'analyze events' },
  ];
};

// ------------------------------------------------------------ the free slots

type Case = { name: string; staffMemberId: string | null; windows: { from: string; to: string }[] };

const slotsPath = (productId: string, staffMemberId: string | null, w: { from: string; to: string }) =>
  `/app/api/booking/${slug}/slots?${new URLSearchParams({ productId, ...(staffMemberId ? { staffMemberId } : {}), ...w })}`;

const getOk = async (baseUrl: string, p: string) => {
  const res = await fetch(`${baseUrl}${p}`);
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`GET ${p}: ${res.status} ${body.toString().slice(0, 300)}`);
  return body;
};

/** CPU time (user + system) of each process, in ms, from /proc/<pid>/stat (Linux; a process gone is left out). */
const ticksPerMs = 100 / 1000; // USER_HZ, 100 on Linux
const cpuMsOf = (pids: number[]) => {
  const ms: Record<number, number> = {};
  for (const pid of pids)
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ms[pid] = (Number(fields[11]) + Number(fields[12])) / ticksPerMs;
    } catch {
      // exited
    }
  return ms;
};
/** Per group of processes (server, postgres, bench), the CPU ms of each process now. */
type CpuMeter = () => Promise<Record<string, Record<number, number>>>;
/** The CPU the group spent between two readings: processes present at the end (one started since counts from 0). */
const cpuSpent = (before: Record<number, number> = {}, after: Record<number, number>) =>
  Object.entries(after).reduce((sum, [pid, ms]) => sum + ms - (before[Number(pid)] ?? 0), 0);

/**
 * `runs` sequences of `steps` one after the other (after a warm-up): percentiles of each step and of the sequence,
 * and, with `cpu`, the CPU time the processes it reads spent a sequence (what the machine's load does not change).
 */
const timeSteps = async (steps: (() => Promise<unknown>)[], cpu?: CpuMeter) => {
  const each: number[][] = steps.map(() => []);
  const total: number[] = [];
  const warm = Math.max(5, Math.round(runs / 10));
  let before: Awaited<ReturnType<CpuMeter>> = {};
  for (let i = 0; i < runs + warm; i++) {
    if (i === warm && cpu) before = await cpu();
    let sum = 0;
    for (const [k, step] of steps.entries()) {
      const t0 = performance.now();
      await step();
      const ms = performance.now() - t0;
      sum += ms;
      if (i >= warm) each[k]?.push(ms);
    }
    if (i >= warm) total.push(sum);
  }
  const after = cpu ? await cpu() : {};
  const cpuMsPerSequence = Object.fromEntries(
    Object.entries(after).map(([k, v]) => [k, round2(cpuSpent(before[k], v) / Math.max(1, runs))]),
  );
  return { total: percentiles(total), perRequest: each.map(percentiles), cpuMsPerSequence };
};

/** What one answer holds, for the record: days with slots and slots. */
const answerSize = async (baseUrl: string, c: Case, productId: string) => {
  let days = 0;
  let slots = 0;
  let bytes = 0;
  for (const w of c.windows) {
    const body = await getOk(baseUrl, slotsPath(productId, c.staffMemberId, w));
    bytes += body.byteLength;
    const answer = JSON.parse(body.toString()) as { response: { days: { slots: unknown[] }[] } };
    days += answer.response.days.length;
    slots += answer.response.days.reduce((a, d) => a + d.slots.length, 0);
  }
  return { daysWithSlots: days, slots, bytes };
};

// ------------------------------------------------------------ the race

/** Every booking code in the outbox not read yet, by address (the .eml's quoted-printable undone). */
const readCodes = (dataDir: string, seen: Set<string>, codes: Map<string, string>) => {
  const dir = path.join(dataDir, 'outbox');
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.eml') || seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(path.join(dir, file), 'latin1')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    const code = /per confermare la prenotazione[^\n]*?: (\d{6})\b/.exec(text)?.[1];
    const to = /^To: (\S+)\s*$/im.exec(text)?.[1];
    if (code && to) codes.set(to.toLowerCase(), code);
  }
};

const postJson = async (baseUrl: string, p: string, body: unknown) => {
  const res = await fetch(`${baseUrl}/app/api${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
};

type Round = {
  round: number;
  start: string;
  created: number;
  conflicts: number;
  /** answers other than 201 and 409, by status */
  other: Record<string, number>;
  bookingsAtStart: number;
  /** the 50 code requests one after the other and the codes read from the outbox */
  codesMs: number;
  /** the 50 confirmations sent at once, until the last answer */
  wallMs: number;
  ok: boolean;
};

/**
 * The race, `rounds` times, each on a free slot of staff member 0 (the earliest ones, two hours apart): 50 codes,
 * then 50 confirmations at once. A round passes with one 201, 49 × 409 and one booking at that start.
 */
const race = async (app: App, s: Studio, today: string, db: string, log: Log) => {
  const staffMemberId = s.staffIds[0] as string;
  const seen = new Set<string>();
  const codes = new Map<string, string>();
  // free starts of the staff member over the horizon, two hours apart at least: a round's booking never touches
  // another round's slot (45 min, buffer 10)
  const starts: string[] = [];
  for (const w of [
    { from: addDays(today, 2), to: addDays(today, 32) },
    { from: addDays(today, 33), to: addDays(today, horizonDays - 1) },
  ]) {
    const answer = JSON.parse((await getOk(app.baseUrl, slotsPath(s.productId, staffMemberId, w))).toString()) as {
      response: { days: { slots: { start: string }[] }[] };
    };
    for (const d of answer.response.days)
      for (const slot of d.slots)
        if (starts.every((x) => Math.abs(Date.parse(x) - Date.parse(slot.start)) >= 2 * 60 * minute))
          starts.push(slot.start);
  }
  if (starts.length < rounds) throw new Error(`only ${starts.length} free slots two hours apart for ${rounds} rounds`);
  const results: Round[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = starts[round] as string;
    const c0 = performance.now();
    const requests: { email: string; requestId: string }[] = [];
    for (let i = 0; i < racers; i++) {
      const email = `gara.${db}.${round}.${i}@bench.example.it`;
      const patient = {
        nome: `Paziente${String.fromCharCode(65 + (i % 26))}`,
        cognome: `Gara${i}`,
        cellulare: '+39 333 765 4321',
        email,
        codiceFiscale: null,
        note: null,
      };
      const res = await postJson(app.baseUrl, '/appointments/paziente/book/code', {
        slug,
        productId: s.productId,
        staffMemberId,
        start,
        patient,
        privacyAccepted: true,
      });
      if (res.status !== 202) throw new Error(`code request ${round}.${i}: ${res.status} ${res.text.slice(0, 300)}`);
      requests.push({
        email,
        requestId: (JSON.parse(res.text) as { response: { requestId: string } }).response.requestId,
      });
    }
    readCodes(app.dataDir, seen, codes);
    const bodies = requests.map(({ email, requestId }) => {
      const code = codes.get(email);
      if (!code) throw new Error(`no code mailed to ${email} in ${app.dataDir}/outbox`);
      return { requestId, code };
    });
    const codesMs = round2(performance.now() - c0);
    const t0 = performance.now();
    const answers = await Promise.all(bodies.map((b) => postJson(app.baseUrl, '/appointments/paziente/book', b)));
    const wallMs = round2(performance.now() - t0);
    const other: Record<string, number> = {};
    for (const a of answers) if (a.status !== 201 && a.status !== 409) other[a.status] = (other[a.status] ?? 0) + 1;
    const created = answers.filter((a) => a.status === 201).length;
    const conflicts = answers.filter((a) => a.status === 409).length;
    const bookings = await apiOf(app).call<{ start: string; status: string }[]>('GET', '/bookings', undefined, s.token);
    const bookingsAtStart = bookings.filter(
      (b) => Date.parse(b.start) === Date.parse(start) && b.status === 'CUSTOMER_BOOKED',
    ).length;
    const ok = created === 1 && conflicts === racers - 1 && bookingsAtStart === 1;
    results.push({ round, start, created, conflicts, other, bookingsAtStart, codesMs, wallMs, ok });
    log(
      `  booking ${db}: race ${round + 1}/${rounds} at ${start}: ${created} × 201, ${conflicts} × 409${Object.keys(other).length ? `, other ${JSON.stringify(other)}` : ''}, ${bookingsAtStart} booking; 50 at once in ${wallMs} ms${ok ? '' : ' FAILED'}`,
    );
  }
  const wall = percentiles(results.map((r) => r.wallMs));
  return {
    rounds: results.length,
    roundsPassed: results.filter((r) => r.ok).length,
    successes: results.reduce((a, r) => a + r.created, 0),
    conflicts: results.reduce((a, r) => a + r.conflicts, 0),
    wallMs: { p50Ms: wall.p50Ms, maxMs: wall.maxMs, meanMs: wall.meanMs },
    results,
  };
};

// ------------------------------------------------------------ the run

const casesOf = (s: Studio, today: string): Case[] => {
  const page = pageWindows(today, horizonDays);
  const widest = [{ from: today, to: addDays(today, 30) }];
  const one = s.staffIds[0] as string;
  return [
    { name: 'chiunque60', staffMemberId: null, windows: page },
    { name: 'oneStaff60', staffMemberId: one, windows: page },
    { name: 'chiunque31', staffMemberId: null, windows: widest },
    { name: 'oneStaff31', staffMemberId: one, windows: widest },
  ];
};

/** The studio and its appointments in the running app's database: the app (restarted on PGlite) and the plan. */
const makeDataset = async (app: App, today: string, log: Log) => {
  const t0 = performance.now();
  const s = await setUpStudio(app, today);
  const apiS = round2((performance.now() - t0) / 1000);
  const { rows, plan } = eventsOf(s, today, appointments);
  const restarted = await loadSqlAndRestart(app, eventStatements(s.studioId, s.calendarId, s.productId, rows));
  const loadS = round2((performance.now() - t0) / 1000 - apiS);
  log(
    `  booking ${app.database}: studio, 10 staff, service and hours through the API in ${apiS} s; ${rows.length} event rows (${plan.singles} singles, ${plan.series} series worth ${plan.fromSeries} occurrences, ${plan.removed} removed, ${plan.moved} moved) through the SQL loader in ${loadS} s`,
  );
  return { app: restarted, s, dataset: { ...plan, eventRows: rows.length, apiSetupS: apiS, loadS } };
};

/**
 * The server's CPU (harness/cpu-profile.ts) while one client asks a case's windows one after the other for 5 s: a
 * server started again with --cpu-prof on the same database, only the samples of that window kept.
 */
const profileCase = async (databaseUrl: string, s: Studio, c: Case) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'studiolo-bench-prof-'));
  const app = await startApp({
    database: { url: databaseUrl },
    env,
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
  });
  try {
    const spawnedAt = performance.now() - app.readyMs;
    const paths = c.windows.map((w) => slotsPath(s.productId, c.staffMemberId, w));
    for (let i = 0; i < 10; i++) for (const p of paths) await getOk(app.baseUrl, p);
    const fromMs = performance.now() - spawnedAt;
    const until = performance.now() + 5000;
    let sequences = 0;
    while (performance.now() < until) {
      for (const p of paths) await getOk(app.baseUrl, p);
      sequences++;
    }
    const toMs = performance.now() - spawnedAt;
    await app.stop();
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) return null;
    const summary = summariseProfile(JSON.parse(readFileSync(path.join(dir, file), 'utf8')), { fromMs, toMs });
    const idle = summary.topCategories.find((x) => x.category.startsWith('(idle'))?.percent ?? 0;
    const busyMs = (summary.sampledMs * (100 - idle)) / 100;
    return { case: c.name, sequences, busyMsPerSequence: round2(busyMs / Math.max(1, sequences)), ...summary };
  } finally {
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
};

const runPostgres = async (adminUrl: string, today: string, log: Log) => {
  const databaseUrl = await prepareBenchDatabase(adminUrl, databaseName);
  // the first app talks to PostgreSQL through the capture relay (to read the statements a request sends); the
  // measured one, started after, directly
  const capture = await startSqlCapture(databaseUrl);
  let app = await startApp({ database: { url: capture.url }, env });
  const client = new pg.Client({ connectionString: databaseUrl });
  let connected = false;
  try {
    const made = await makeDataset(app, today, log);
    app = made.app;
    const { s } = made;
    await withSql(databaseUrl, (query) => query('vacuum analyze events'));
    const cases = casesOf(s, today);
    const statements: Record<string, Captured[][]> = {};
    for (const c of cases) {
      statements[c.name] = [];
      for (const w of c.windows) {
        const p = slotsPath(s.productId, c.staffMemberId, w);
        await getOk(app.baseUrl, p);
        const list = ownStatements(await capture.record(() => getOk(app.baseUrl, p)));
        if (list.length === 0) throw new Error(`no statement captured for ${p}`);
        statements[c.name]?.push(list);
      }
    }
    await app.stop();
    await capture.close();
    app = await startApp({ database: { url: databaseUrl }, env });
    await client.connect();
    connected = true;
    // every backend of the bench database: the app's pool and the replaying client
    const backendPids = async () =>
      (
        await client.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        )
      ).rows
        .map((r) => r.pid)
        .concat([(await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? 0]);
    const figures: Record<string, unknown> = {};
    const targets: Record<string, boolean> = {};
    for (const c of cases) {
      const replay = (statements[c.name] ?? []).map((list) => async () => {
        for (const st of list) await client.query(st.text, st.params);
      });
      // the floor first, then HTTP: load on the machine falls on both alike
      const sql = await timeSteps(replay, async () => ({
        bench: cpuMsOf([process.pid]),
        postgres: cpuMsOf(await backendPids()),
      }));
      const http = await timeSteps(
        c.windows.map((w) => () => getOk(app.baseUrl, slotsPath(s.productId, c.staffMemberId, w))),
        async () => ({ server: cpuMsOf([app.pid]), postgres: cpuMsOf(await backendPids()) }),
      );
      const ratio = round2(http.total.p95Ms / sql.total.p95Ms);
      figures[c.name] = {
        windows: c.windows,
        answer: await answerSize(app.baseUrl, c, s.productId),
        http,
        sql,
        p95RatioHttpToSql: ratio,
        loadAverage: loadavg().map(round2),
      };
      targets[`${c.name}Under50MsWithin2xSql`] = http.total.p95Ms < 50 && ratio <= 2;
      log(
        `  booking postgres: ${c.name} (${c.windows.length} request${c.windows.length > 1 ? 's' : ''}): HTTP p50 ${http.total.p50Ms} p95 ${http.total.p95Ms} p99 ${http.total.p99Ms} ms; SQL p50 ${sql.total.p50Ms} p95 ${sql.total.p95Ms} p99 ${sql.total.p99Ms} ms; ×${ratio}; CPU a sequence: HTTP ${JSON.stringify(http.cpuMsPerSequence)}, SQL ${JSON.stringify(sql.cpuMsPerSequence)} ms (load ${loadavg()[0]?.toFixed(2)})`,
      );
    }
    const unclipped = await fetch(
      `${app.baseUrl}${slotsPath(s.productId, null, { from: addDays(today, 2 * pageWindowDays), to: addDays(today, 3 * pageWindowDays - 1) })}`,
    );
    await unclipped.arrayBuffer();
    const raceFigures = await race(app, s, today, 'postgres', log);
    await app.stop();
    const profile =
      process.env.BENCH_BOOKING_PROFILE === '0' ? null : await profileCase(databaseUrl, s, cases[0] as Case);
    if (profile)
      log(
        `  booking postgres: profile of ${profile.case}: ${profile.busyMsPerSequence} ms of server CPU (not idle) a sequence; ${profile.topCategories
          .slice(0, 6)
          .map((x) => `${x.category} ${x.percent} %`)
          .join(', ')}`,
      );
    return {
      postgres: await postgresVersion(databaseUrl),
      dataset: made.dataset,
      figures,
      /** the page's third window as slot-picker.tsx asks it (today+56 … today+83, past the 60-day horizon) */
      pageThirdWindowUnclippedStatus: unclipped.status,
      statements: Object.fromEntries(
        Object.entries(statements).map(([k, v]) => [k, v.map((list) => list.map((st) => st.text))]),
      ),
      targets,
      race: raceFigures,
      mainThreadProfile: profile,
    };
  } finally {
    if (connected) await client.end();
    await app.stop();
    await capture.close();
  }
};

const runPglite = async (today: string, log: Log) => {
  let app = await startApp({ env });
  try {
    const made = await makeDataset(app, today, log);
    app = made.app;
    const { s } = made;
    const figures: Record<string, unknown> = {};
    for (const c of casesOf(s, today)) {
      const http = await timeSteps(
        c.windows.map((w) => () => getOk(app.baseUrl, slotsPath(s.productId, c.staffMemberId, w))),
        async () => ({ server: cpuMsOf([app.pid]) }),
      );
      figures[c.name] = {
        windows: c.windows,
        answer: await answerSize(app.baseUrl, c, s.productId),
        http,
        loadAverage: loadavg().map(round2),
      };
      log(
        `  booking pglite: ${c.name}: HTTP p50 ${http.total.p50Ms} p95 ${http.total.p95Ms} p99 ${http.total.p99Ms} ms; server CPU ${http.cpuMsPerSequence.server} ms a sequence (load ${loadavg()[0]?.toFixed(2)})`,
      );
    }
    return { dataset: made.dataset, figures, race: await race(app, s, today, 'pglite', log) };
  } finally {
    await app.stop();
  }
};

export const runBooking = async ({ log }: { log: Log }) => {
  const today = romeToday();
  const adminUrl = postgresUrlFromEnv();
  if (!adminUrl) log('  booking: no PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL): PGlite only');
  const postgres = adminUrl ? await runPostgres(adminUrl, today, log) : null;
  const pglite = withPglite ? await runPglite(today, log) : null;
  const result = saveResults(
    'booking',
    {
      options: { appointments, runs, rounds, racers, horizonDays, pageWindowDays, today },
      postgres,
      pglite,
      raceAllRoundsPassed: {
        postgres: postgres ? postgres.race.roundsPassed === postgres.race.rounds : null,
        pglite: pglite ? pglite.race.roundsPassed === pglite.race.rounds : null,
      },
    },
    { env },
  );
  const failed = Object.entries({ postgres: postgres?.race, pglite: pglite?.race })
    .filter(([, r]) => r && r.roundsPassed !== r.rounds)
    .map(([db, r]) => `${db} (${(r?.rounds ?? 0) - (r?.roundsPassed ?? 0)} of ${r?.rounds} rounds)`);
  if (failed.length > 0) throw new Error(`the race failed on ${failed.join(', ')}`);
  return result;
};

if (import.meta.url === `file://${process.argv[1]}`) await runBooking({ log: console.log });
