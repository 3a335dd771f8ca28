/**
 * How long the week view takes to draw 300 appointments once their data has arrived, in Chromium (decision 013,
 * "Drawing"; target under 200 ms). The app marks `studiolo:events-received` when GET /events has been read
 * (apps/web features/calendar/api/get-events.ts) and `studiolo:events-painted` after the frame that follows
 * FullCalendar's commit (calendar-screen.tsx); the figure is the time between the two, median of 7 runs:
 *  - warm: the calendar on screen (the empty week before), "Periodo successivo" asks the busy week;
 *  - warm with the CPU 4× slower (DevTools protocol throttling);
 *  - cold: a fresh load of the busy week, which also mounts FullCalendar.
 * The app runs as `npm start` runs it, serving the built web app (WEB_DIST_DIR, default apps/web/dist); the studio
 * and its 300 appointments are made through the API; Debian's Chromium at 1280×800, it-IT, Europe/Rome.
 *
 * Part `calendar-browser` (BENCH_ONLY=calendar-browser); writes bench/results/calendar-browser.json.
 * Options: WEB_DIST_DIR  BENCH_CALENDAR_BROWSER_RUNS (7)
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright';
import { apiOf, createOwner, startApp } from '../harness/app.ts';
import { median, repoRoot } from '../harness/process.ts';
import { quick, saveResults } from '../harness/results.ts';

const appointments = 300;
const runs = Number(process.env.BENCH_CALENDAR_BROWSER_RUNS ?? (quick ? 2 : 7));
const round = (n: number) => Math.round(n * 10) / 10;
const colors = ['#7986CB', '#33B679', '#8E24AA', '#E67C73', '#F6BF26', '#F4511E', '#039BE5', '#3F51B5', '#616161'];

export const runCalendarBrowser = async ({ log }: { log: (line: string) => void }) => {
  const webDist = path.resolve(repoRoot, process.env.WEB_DIST_DIR ?? 'apps/web/dist');
  if (!existsSync(path.join(webDist, 'index.html')))
    throw new Error(`no built web app in ${webDist}: build it (npx vite build --outDir …) and set WEB_DIST_DIR`);
  const app = await startApp({ env: { WEB_DIST_DIR: webDist, SCRYPT_COST_LOG2: '10' } });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  try {
    const owner = await createOwner(app, 0);
    const call = <T>(method: string, url: string, body?: unknown) => apiOf(app).call<T>(method, url, body, owner.token);
    const calendarId = (await call<{ calendars: { id: string }[] }>('GET', '/calendars')).calendars[0]?.id as string;
    // 300 appointments over Monday 1 – Sunday 7 February 2027, 08:00–20:00, 30 to 60 minutes, overlapping
    for (let i = 0; i < appointments; i++) {
      const start = new Date(Date.UTC(2027, 1, 1 + (i % 7), 0, 8 * 60 + ((i * 37) % 660) - 60)); // Rome is UTC+1
      const end = new Date(start.getTime() + (30 + (i % 3) * 15) * 60_000);
      const summary = `Paziente ${String(i + 1).padStart(3, '0')}`;
      await call('POST', '/events', {
        calendarId,
        summary,
        start,
        end,
        color: colors[i % colors.length],
        isPagato: i % 4 === 0,
      });
    }
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'it-IT',
      timezoneId: 'Europe/Rome',
    });
    await context.addInitScript(
      ([token, username]) => localStorage.setItem('studiolo.user', JSON.stringify({ token, username })),
      [owner.token, owner.email] as const,
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const measure = async (throttle: number, mode: 'warm' | 'cold') => {
      const samples: { render: number; commit: number; fetch: number }[] = [];
      const loadBefore = loadavg().map(round);
      for (let run = 0; run < runs; run++) {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        if (mode === 'warm') {
          await page.goto(`${app.baseUrl}/calendar?view=week&date=2027-01-25`);
          await page.getByTestId('calendar-title').filter({ hasText: '25 – 31 gennaio 2027' }).waitFor();
          await page.locator('[data-time="07:00:00"]').first().waitFor();
          await page.evaluate(() => performance.clearMarks());
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
          await page.getByRole('button', { name: 'Periodo successivo' }).click();
        } else {
          await page.goto(`${app.baseUrl}/calendar?view=week&date=2027-02-01`);
          await page
            .getByTestId('calendar-event')
            .nth(appointments - 1)
            .waitFor({ timeout: 60_000 });
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
          await page.reload();
        }
        const figure = await page.waitForFunction(
          (n) => {
            const mark = (name: string, after = 0) =>
              (performance.getEntriesByName(name) as PerformanceMark[]).find(
                (m) => m.detail === n && m.startTime >= after,
              );
            const r = mark('studiolo:events-received');
            const p = r && mark('studiolo:events-painted', r.startTime);
            const d = r && mark('studiolo:events-drawn', r.startTime);
            const nav = performance.getEntriesByType('resource').find((e) => e.name.includes('/app/api/events?'));
            return r && p && d
              ? { render: p.startTime - r.startTime, commit: d.startTime - r.startTime, fetch: nav?.duration ?? 0 }
              : null;
          },
          appointments,
          { timeout: 60_000 },
        );
        samples.push((await figure.jsonValue()) as (typeof samples)[number]);
        if ((await page.getByTestId('calendar-event').count()) !== appointments)
          throw new Error('not every appointment is drawn');
      }
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      const result = {
        mode,
        cpuThrottling: throttle,
        loadAverage: { before: loadBefore, after: loadavg().map(round) },
        runs: samples.length,
        renderAfterDataMs: {
          median: round(median(samples.map((s) => s.render))),
          all: samples.map((s) => round(s.render)),
        },
        reactCommitMs: { median: round(median(samples.map((s) => s.commit))) },
        getEventsMs: { median: round(median(samples.map((s) => s.fetch))) },
      };
      log(`  calendar-browser: ${mode}, CPU ÷${throttle}: ${result.renderAfterDataMs.median} ms (median of ${runs})`);
      return result;
    };
    const results = [await measure(1, 'warm'), await measure(4, 'warm'), await measure(1, 'cold')];
    return saveResults('calendar-browser', {
      scenario: 'week view (timeGridWeek, 1280×800) with 300 appointments, render after GET /events has been read',
      browser: `Chromium ${browser.version()} headless`,
      targetMs: 200,
      method:
        'performance marks: studiolo:events-received (answer read) → studiolo:events-painted (requestAnimationFrame + setTimeout after FullCalendar committed the 300 events); median of the runs. warm: the calendar already on screen, next week asked; cold: fresh page load (FullCalendar mounted too)',
      results,
      meetsTarget: (results[0]?.renderAfterDataMs.median ?? Number.POSITIVE_INFINITY) < 200,
    });
  } finally {
    await browser.close();
    await app.stop();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await runCalendarBrowser({ log: console.log });
