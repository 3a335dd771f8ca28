/**
 * The bench (not part of npm test): `npm run bench` from the repository root runs every part; `BENCH_ONLY=a,b` (or
 * `--only=a,b`) runs some. Each part is one file in scenarios/ that drives the product from outside — HTTP to the app
 * started as `npm start` starts it (harness/app.ts), or the packages' public exports for the pure libraries — and
 * writes its own bench/results/<file>.json. `BENCH_QUICK=1` runs every part at small sizes to check that it works
 * (its files go to the system's temporary directory). What each part measures, and its options, is at the top of its
 * file; bench/README.md lists them.
 */
import { loadavg } from 'node:os';
import { runAnalytics } from './scenarios/analytics.ts';
import { runAppointmentImport } from './scenarios/appointment-import.ts';
import { runAttachments } from './scenarios/attachments.ts';
import { runBackups } from './scenarios/backups.ts';
import { runBooking } from './scenarios/booking.ts';
import { runBookingSlots } from './scenarios/booking-slots.ts';
import { runCalendar } from './scenarios/calendar.ts';
import { runCalendarBrowser } from './scenarios/calendar-browser.ts';
import { runClinical } from './scenarios/clinical.ts';
import { runCodiceFiscalePeers, saveCodiceFiscalePeers } from './scenarios/codice-fiscale-peers.ts';
import { runStartup } from './scenarios/cold-start.ts';
import { runEinvoicing } from './scenarios/einvoicing.ts';
import { runFirstScreen } from './scenarios/first-screen.ts';
import { runFormPdf } from './scenarios/form-pdf.ts';
import { runHttpLoad } from './scenarios/http-load.ts';
import { runInvoices } from './scenarios/invoices.ts';
import { runPatientImport } from './scenarios/patient-import.ts';
import { runPatients } from './scenarios/patients.ts';
import { runReminders } from './scenarios/reminders.ts';
import { runSignature } from './scenarios/signature.ts';
import { runSistemaTs } from './scenarios/sistema-ts.ts';
import { runStudioExport } from './scenarios/studio-export.ts';
import { runWebBundle } from './scenarios/web-bundle.ts';

type Log = (line: string) => void;
const log: Log = (line) => {
  if (line !== '') console.log(line);
};

/** Every part, in the order `npm run bench` runs them: its name for BENCH_ONLY and what runs it. */
const parts: [name: string, run: (log: Log) => Promise<unknown> | unknown][] = [
  ['startup', (l) => runStartup({ log: l })],
  ['pglite', (l) => runHttpLoad('pglite', { log: l })],
  ['postgres', (l) => runHttpLoad('postgres', { log: l })],
  ['codice-fiscale', async (l) => saveCodiceFiscalePeers(await runCodiceFiscalePeers({ log: l }))],
  ['patients', (l) => runPatients({ log: l })],
  ['calendar', (l) => runCalendar({ log: l })],
  ['calendar-browser', (l) => runCalendarBrowser({ log: l })],
  ['invoices', (l) => runInvoices({ log: l })],
  ['einvoicing', (l) => runEinvoicing({ log: l })],
  ['sistema-ts', (l) => runSistemaTs({ log: l })],
  ['analytics', (l) => runAnalytics({ log: l })],
  ['attachments', (l) => runAttachments({ log: l })],
  ['patient-import', (l) => runPatientImport({ log: l })],
  ['appointment-import', (l) => runAppointmentImport({ log: l })],
  ['studio-export', (l) => runStudioExport({ log: l })],
  ['backups', (l) => runBackups({ log: l })],
  ['web-bundle', (l) => runWebBundle({ log: l })],
  ['signature', (l) => runSignature({ log: l })],
  ['clinical', (l) => runClinical({ log: l })],
  ['form-pdf', (l) => runFormPdf({ log: l })],
  ['first-screen', (l) => runFirstScreen({ log: l })],
  ['booking-slots', (l) => runBookingSlots({ log: l })],
  ['booking', (l) => runBooking({ log: l })],
  ['reminders', (l) => runReminders({ log: l })],
];

// From the root, `npm run bench -- --only=…` does not reach this script (the root script re-invokes npm): BENCH_ONLY.
const only = (
  process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length) ?? process.env.BENCH_ONLY
)?.split(',');
const unknown = (only ?? []).filter((name) => !parts.some(([n]) => n === name));
if (unknown.length > 0) {
  console.error(`BENCH_ONLY: unknown part(s) ${unknown.join(', ')}; parts: ${parts.map(([n]) => n).join(', ')}`);
  process.exit(2);
}

const failed: string[] = [];
for (const [name, run] of parts) {
  if (only && !only.includes(name)) continue;
  const startedAt = performance.now();
  log(
    `${name} (load average ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}) …`,
  );
  try {
    await run(log);
    log(`${name}: done in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
  } catch (err) {
    // one failing part does not stop the others; the run fails at the end
    failed.push(name);
    console.error(`${name} FAILED: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  }
}
if (failed.length > 0) {
  console.error(`failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
