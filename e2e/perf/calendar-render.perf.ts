import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { apiGet, apiPost, createOwner, openSignedIn } from '../support/studio-owner.ts';

/*
 * How long a week view with 300 appointments takes to draw once its data has arrived, in Chromium.
 * The app marks `studiolo:events-received` when GET /events has been read (features/calendar/api/get-events.ts)
 * and `studiolo:events-painted` after the frame that follows FullCalendar's commit of those events
 * (requestAnimationFrame + setTimeout 0, calendar-screen.tsx). The figure is the time between the two: React
 * state update, FullCalendar's layout of 300 events, style, layout and paint. Target under 200 ms.
 */

const results = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../bench/results/calendar-browser.json');
const week = '2027-02-01';
const appointments = 300;
const runs = 7;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
const round = (n: number) => Math.round(n * 10) / 10;

test('week view with 300 appointments: render after the data arrives', async ({ page, request, browser }) => {
  const owner = await createOwner(request);
  const { calendars } = await apiGet<{ calendars: { id: string }[] }>(request, '/calendars', owner.token);
  const calendarId = calendars[0]?.id as string;
  const colors = ['#7986CB', '#33B679', '#8E24AA', '#E67C73', '#F6BF26', '#F4511E', '#039BE5', '#3F51B5', '#616161'];
  // 300 appointments over Monday–Sunday, 08:00–20:00, 30 to 60 minutes, overlapping as a busy studio's week does
  for (let i = 0; i < appointments; i++) {
    const day = i % 7;
    const minute = 8 * 60 + ((i * 37) % (12 * 60 - 60));
    const start = new Date(Date.UTC(2027, 1, 1 + day, 0, minute - 60)); // Rome is UTC+1 in February
    const end = new Date(start.getTime() + (30 + (i % 3) * 15) * 60_000);
    await apiPost(
      request,
      '/events',
      {
        calendarId,
        summary: `Paziente ${String(i + 1).padStart(3, '0')}`,
        start: start.toISOString(),
        end: end.toISOString(),
        color: colors[i % colors.length],
        isPagato: i % 4 === 0,
      },
      owner.token,
    );
  }

  /**
   * warm: the calendar is on screen (the empty week before), "Periodo successivo" asks the busy week: the figure is
   * the re-render with its 300 events. cold: a fresh page load of the busy week, which also mounts FullCalendar
   * (its chunk, the grid and the first layout) when the data has arrived before it.
   */
  const measure = async (throttle: number, mode: 'warm' | 'cold') => {
    const samples: { render: number; commit: number; fetch: number }[] = [];
    // the machine is shared (2 cores): its load average says how much the figure may owe to others' work
    const loadBefore = loadavg().map(round);
    const cdp = await page.context().newCDPSession(page);
    for (let run = 0; run < runs; run++) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      if (mode === 'warm') {
        await openSignedIn(page, owner, `/calendar?view=week&date=2027-01-25`);
        await expect(page.getByTestId('calendar-title')).toHaveText('25 – 31 gennaio 2027');
        await expect(page.locator('[data-time="07:00:00"]').first()).toBeVisible();
        await page.evaluate(() => performance.clearMarks());
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
        await page.getByRole('button', { name: 'Periodo successivo' }).click();
      } else {
        await openSignedIn(page, owner, `/calendar?view=week&date=${week}`);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
        await page.reload();
      }
      await expect(page.getByTestId('calendar-event')).toHaveCount(appointments, { timeout: 60_000 });
      const figure = await page.waitForFunction(
        (n) => {
          const received = performance.getEntriesByName('studiolo:events-received') as PerformanceMark[];
          const painted = performance.getEntriesByName('studiolo:events-painted') as PerformanceMark[];
          const drawn = performance.getEntriesByName('studiolo:events-drawn') as PerformanceMark[];
          const r = received.find((m) => m.detail === n);
          const p = painted.find((m) => m.detail === n && r && m.startTime >= r.startTime);
          const d = drawn.find((m) => m.detail === n && r && m.startTime >= r.startTime);
          const nav = performance.getEntriesByType('resource').find((e) => e.name.includes('/app/api/events?'));
          return r && p && d
            ? { render: p.startTime - r.startTime, commit: d.startTime - r.startTime, fetch: nav ? nav.duration : 0 }
            : null;
        },
        appointments,
        { timeout: 60_000 },
      );
      samples.push((await figure.jsonValue()) as { render: number; commit: number; fetch: number });
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const loadAfter = loadavg().map(round);
    return {
      mode,
      cpuThrottling: throttle,
      loadAverage: { before: loadBefore, after: loadAfter },
      runs: samples.length,
      renderAfterDataMs: {
        median: round(median(samples.map((s) => s.render))),
        all: samples.map((s) => round(s.render)),
      },
      reactCommitMs: { median: round(median(samples.map((s) => s.commit))) },
      getEventsMs: { median: round(median(samples.map((s) => s.fetch))) },
    };
  };

  const normal = await measure(1, 'warm');
  const slow = await measure(4, 'warm');
  const cold = await measure(1, 'cold');
  const figure = {
    scenario: 'week view (timeGridWeek, 1280×800) with 300 appointments, render after GET /events has been read',
    measuredAt: new Date().toISOString(),
    browser: `Chromium ${browser.version()} headless`,
    machine: '2 cores (the project machine), no GPU',
    targetMs: 200,
    method:
      'performance marks: studiolo:events-received (answer read) → studiolo:events-painted (requestAnimationFrame + setTimeout after FullCalendar committed the 300 events); median of 7 runs. warm: the calendar already on screen, next week asked; cold: fresh page load (FullCalendar mounted too); loadAverage: 1/5/15-minute load average of the (shared) machine before and after each mode',
    results: [normal, slow, cold],
    meetsTarget: normal.renderAfterDataMs.median < 200,
  };
  mkdirSync(path.dirname(results), { recursive: true });
  writeFileSync(results, `${JSON.stringify(figure, null, 2)}\n`);
  console.log(JSON.stringify(figure, null, 2));
  expect(normal.renderAfterDataMs.median).toBeGreaterThan(0);
});
