import { randomUUID } from 'node:crypto';
import { toRomeWall } from '@studiolo/domain/calendar';
import { patientDisplayName } from '@studiolo/domain/patients';
import {
  type AppointmentReminder,
  defaultReminderText,
  reminderSettingsMessages as m,
  measureSms,
  parseQuietHours,
  type ReminderNotSentReason,
  type ReminderSettings,
  type ReminderSettingsAnswer,
  reminderLinkMessages,
  reminderNotSentReasonLabels,
  reminderSendTime,
  renderReminderText,
} from '@studiolo/domain/reminders';
import { studioDisplayName } from '@studiolo/domain/studio';
import { toE164 } from '../../adapters/sms/sms.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../shared/app-error.ts';
import { patientLinkHashOf } from '../../shared/patient-link.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { eventsBetween } from '../calendar/events.service.ts';
import { addSmsCredit, smsCreditBalance, smsCreditMeter, takeSmsCredit } from '../sms-credit/sms-credit.service.ts';
import { confirmationOf, occurrenceNow, reminderLinkTokenOf, reminderLinkUrlOf } from './reminder-link.service.ts';
import {
  type ReminderRow,
  type ReminderScope,
  type ReminderSettingsRow,
  reminderScope,
  remindersRepository as repo,
} from './reminders.repository.ts';

/**
 * Automatic appointment reminders (issue 29, decision 036).
 *
 * Planning: a studio's reminders are planned from its calendar, whatever wrote it (the API, online booking, the Google
 * sync, a cascade): every write moves the studio's calendar version in its transaction (migration 0009), and the
 * planner runs for each studio whose version moved since its last plan (a pass every minute, and at once after a
 * change of the settings). It keeps one SCHEDULED row per upcoming occurrence in the next 49 hours and one pg-boss job
 * per row (singleton key = the row's send key: occurrence and start), cancels the rows of occurrences gone or moved.
 *
 * Sending, never twice: the job locks its row, checks the occurrence is still there at that start, decides the
 * channel, takes the SMS credit (key = the send key) and marks the row SENDING with a fresh claim id, all in one
 * transaction. Then the holder of that claim, and only it, marks the provider call (compare-and-set of
 * provider_call_at), calls the adapter and records the answer (SENT, or NOT_SENT FAILED with the credit given back).
 * A process that dies between the claim and the provider call leaves a claim nobody called with: after
 * `claimTakeoverMs` a retry or the pass takes it over and sends it, once (the credit's key was taken already). A
 * process that dies during the provider call leaves it marked: it may have gone, so it is never sent again (shown as
 * "Inviato (esito non confermato)").
 */

const hour = 3_600_000;
/** What a log shows instead of the patient's link (the mailer's hideFromLog says the same). */
const hiddenLink = '[link personale del destinatario, non mostrato]';
/** How far ahead the planner looks: the longest lead time (48 h) and an hour's margin. */
export const planningHorizonMs = 49 * hour;
/** A plan older than this is made again even with the calendar unchanged (occurrences enter the window). */
const replanAfterMs = 10 * 60_000;
const reminderQueue = 'appointment-reminder';
/** A claim not handed to the provider after this long was left by a process that died: another may take it over. */
export const claimTakeoverMs = 2 * 60_000;
type ReminderJob = { reminderId: string };

const emptyFilter = {
  calendarIds: [],
  staffMembersIds: [],
  colors: [],
  medicalDeviceIds: [],
  pazienteIds: [],
  tagIds: [],
};

const stampOf = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The occurrence as the calendar names it: an appointment's id, or the series' id and the original start. */
export const occurrenceKeyOf = (e: { id: string; seriesId: string | null; originalStart: string | null }) =>
  e.seriesId && e.originalStart ? `${e.seriesId}_${stampOf(new Date(e.originalStart))}` : e.id;
const sendKeyOf = (occurrenceKey: string, start: Date) => `${occurrenceKey}@${start.toISOString()}`;

const ensureSettings = async (db: DbOrTx, scope: ReminderScope): Promise<ReminderSettingsRow> => {
  const found = await repo.findSettings(db, scope);
  if (found) return found;
  await repo.insertDefaultSettings(db, scope, defaultReminderText);
  return (await repo.findSettings(db, scope)) as ReminderSettingsRow;
};

const toSettings = (row: ReminderSettingsRow): ReminderSettings => ({
  enabled: row.enabled,
  leadTime: row.leadTime,
  dayBeforeTime: row.dayBeforeTime,
  channel: row.channel,
  text: row.text,
  lowBalanceThreshold: row.lowBalanceThreshold,
});

type StudioRow = NonNullable<Awaited<ReturnType<typeof repo.unsafeStudio>>>;
const studioAddress = (studio: StudioRow) => {
  const r = studio.residenza as { indirizzo?: string | null; comune?: string | null };
  return [r.indirizzo, r.comune].filter(Boolean).join(', ');
};
const studioName = (studio: StudioRow) => studioDisplayName(studio);

/** The server's quiet hours as the settings page says them ("21:00"–"08:00"), null when there are none. */
const quietHoursShown = (value: string) => {
  const [from = '', to = ''] = value.split('-');
  return from === to ? null : { from, to };
};

const answerOf = async (
  deps: AppDeps,
  db: DbOrTx,
  scope: ReminderScope,
  row: ReminderSettingsRow,
): Promise<ReminderSettingsAnswer> => {
  const studio = await repo.unsafeStudio(db, scope.studioId);
  const meter = await smsCreditMeter(db, scope.studioId);
  return {
    ...toSettings(row),
    smsBalance: await smsCreditBalance(db, scope.studioId),
    smsMeterId: meter.id,
    smsEnabled: meter.enabled,
    studioName: studio ? studioName(studio) : '',
    studioAddress: studio ? studioAddress(studio) : '',
    quietHours: quietHoursShown(deps.config.REMINDER_QUIET_HOURS),
  };
};

/** GET /settings/reminders. */
export const getReminderSettings = async (deps: AppDeps, ctx: StudioContext) =>
  answerOf(deps, deps.db, ctx, await ensureSettings(deps.db, ctx));

/** PUT /settings/reminders: saved, audited, and the studio planned again at once. */
export const putReminderSettings = async (deps: AppDeps, ctx: StudioContext, input: ReminderSettings) => {
  const row = await deps.db.transaction(async (tx) => {
    await ensureSettings(tx, ctx);
    const before = (await repo.lockSettings(tx, ctx)) as ReminderSettingsRow;
    const updated = (await repo.updateSettings(tx, ctx, input)) as ReminderSettingsRow;
    const changed = (Object.keys(input) as (keyof ReminderSettings)[]).filter((k) => before[k] !== input[k]);
    await recordAudit(tx, ctx, {
      action: 'reminders.settings',
      entityType: 'settings',
      entityId: ctx.studioId,
      changedFields: changed,
    });
    return updated;
  });
  await planStudioReminders(deps, ctx.studioId);
  return answerOf(deps, deps.db, ctx, row);
};

/** PUT /pazienti/{id}/promemoria: the patient's opt-out (their record's field), audited. */
export const setPatientOptOut = (deps: AppDeps, ctx: StudioContext, pazienteId: string, optOut: boolean) =>
  deps.db.transaction(async (tx) => {
    const row = await repo.setPatientOptOut(tx, ctx, pazienteId, optOut);
    if (!row) throw notFound();
    await recordAudit(tx, ctx, {
      action: 'patient.reminders-opt-out',
      entityType: 'patient',
      entityId: pazienteId,
      changedFields: ['remindersOptOut'],
      pazienteId,
    });
    return { pazienteId: row.id, remindersOptOut: row.remindersOptOut };
  });

/** A reminder of an occurrence starting at `start` now (null: gone), its confirmation read against that start. */
const toReminder = (r: ReminderRow, start: string | null): AppointmentReminder => ({
  ...confirmationOf(r, start),
  cancelledAt: r.cancelledAt?.toISOString() ?? null,
  id: r.id,
  state: r.state,
  reason: r.reason ? (reminderNotSentReasonLabels[r.reason as ReminderNotSentReason] ?? r.reason) : null,
  channel: r.channel,
  segments: r.segments,
  startAt: r.startAt.toISOString(),
  sendAt: r.sendAt.toISOString(),
  sentAt: r.sentAt?.toISOString() ?? null,
});

/** GET /events/{id}/reminders: the reminders of one appointment occurrence (the calendar's event id), newest first. */
export const remindersOfEvent = async (deps: AppDeps, ctx: StudioContext, eventId: string) => {
  const [rowId] = eventId.split('_');
  const row = rowId ? await repo.eventRow(deps.db, ctx, rowId) : null;
  if (!row) throw notFound();
  const key = eventId.includes('_')
    ? eventId
    : occurrenceKeyOf({ id: row.id, seriesId: row.seriesId, originalStart: row.originalStart?.toISOString() ?? null });
  const rows = await repo.ofOccurrence(deps.db, ctx, key);
  const now = rows[0] ? await occurrenceNow(deps, deps.db, ctx, rows[0]) : null;
  return rows.map((r) => toReminder(r, now?.start ?? null));
};

type Desired = { occurrenceKey: string; eventId: string; pazienteId: string; start: Date; sendAt: Date };

/** The occurrences with a patient in the planning window, each with its send time (none when too late). */
const desiredReminders = async (
  deps: AppDeps,
  tx: DbOrTx,
  scope: ReminderScope,
  settings: ReminderSettingsRow,
  now: Date,
) => {
  const desired = new Map<string, Desired>();
  if (!settings.enabled) return desired;
  const quiet = parseQuietHours(deps.config.REMINDER_QUIET_HOURS);
  const ctx = scope as StudioContext;
  const window = await eventsBetween(tx, ctx, now, new Date(now.getTime() + planningHorizonMs), emptyFilter);
  for (const e of window) {
    if (!e.pazienteId) continue;
    if (e.reservationStatus === 'STUDIO_CANCELLED' || e.reservationStatus === 'CUSTOMER_CANCELLED') continue;
    const start = new Date(e.start);
    const sendAt = reminderSendTime({
      start,
      leadTime: settings.leadTime,
      dayBeforeTime: settings.dayBeforeTime,
      now,
      quiet,
    });
    if (!sendAt) continue;
    const occurrenceKey = occurrenceKeyOf(e);
    const eventId = e.id.includes('_') ? (e.seriesId as string) : e.id;
    desired.set(sendKeyOf(occurrenceKey, start), { occurrenceKey, eventId, pazienteId: e.pazienteId, start, sendAt });
  }
  return desired;
};

/**
 * Plans one studio: a SCHEDULED row and a job for each upcoming occurrence not reminded yet, the rows of occurrences
 * gone or moved CANCELLED, the send time of the others brought up to date. @returns the jobs it queued.
 */
export const planStudioReminders = async (deps: AppDeps, studioId: string) => {
  const scope = reminderScope(studioId);
  await ensureSettings(deps.db, scope);
  const now = deps.now();
  const toQueue = await deps.db.transaction(async (tx) => {
    const settings = (await repo.lockSettings(tx, scope)) as ReminderSettingsRow;
    const version = await repo.calendarVersion(tx, scope);
    const desired = await desiredReminders(deps, tx, scope, settings, now);
    const scheduled = await repo.scheduled(tx, scope);
    const queue: { id: string; sendKey: string; sendAt: Date }[] = [];

    const gone = scheduled.filter((r) => !desired.has(r.sendKey)).map((r) => r.id);
    await repo.update(tx, scope, gone, { state: 'CANCELLED' });

    const bySendKey = new Map(scheduled.map((r) => [r.sendKey, r]));
    const decided = await repo.decidedOccurrences(
      tx,
      scope,
      [...desired.values()].map((d) => d.occurrenceKey),
    );
    for (const [sendKey, d] of desired) {
      if (decided.has(d.occurrenceKey)) continue; // reminded already (or refused): never twice for one occurrence
      const existing = bySendKey.get(sendKey);
      if (existing) {
        if (existing.sendAt.getTime() !== d.sendAt.getTime()) {
          await repo.update(tx, scope, [existing.id], { sendAt: d.sendAt });
          queue.push({ id: existing.id, sendKey, sendAt: d.sendAt });
        }
        continue;
      }
      const row = await repo.upsertScheduled(tx, scope, {
        eventId: d.eventId,
        occurrenceKey: d.occurrenceKey,
        sendKey,
        pazienteId: d.pazienteId,
        startAt: d.start,
        sendAt: d.sendAt,
        state: 'SCHEDULED',
      });
      if (row) queue.push({ id: row.id, sendKey, sendAt: d.sendAt });
    }
    await repo.updateSettings(tx, scope, { plannedVersion: version, plannedAt: now });
    return queue;
  });
  for (const q of toQueue) await queueReminder(deps, q);
  return toQueue;
};

const queueReminder = (deps: AppDeps, r: { id: string; sendKey: string; sendAt: Date }) =>
  deps.jobs.send<ReminderJob>(
    reminderQueue,
    { reminderId: r.id },
    {
      startAfterSeconds: Math.max(0, Math.ceil((r.sendAt.getTime() - deps.now().getTime()) / 1000)),
      // one job per occurrence, start and send time: a moved time is a job of its own
      singletonKey: `${r.sendKey}#${r.sendAt.toISOString()}`,
    },
  );

const romeDateTime = (instant: Date) => {
  const wall = new Date(toRomeWall(instant.getTime()));
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    data: `${two(wall.getUTCDate())}-${two(wall.getUTCMonth() + 1)}-${wall.getUTCFullYear()}`,
    ora: `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`,
  };
};

type Decision =
  | { kind: 'skip' }
  | { kind: 'final'; state: 'CANCELLED' | 'NOT_SENT'; reason?: ReminderNotSentReason }
  | {
      kind: 'send';
      channel: 'SMS' | 'EMAIL';
      to: string;
      text: string;
      subject: string;
      segments: number | null;
      studioId: string;
      sendKey: string;
      /** This claim's id: only its holder hands the message to the provider. */
      claimId: string;
      /** The patient's confirm/cancel link: hidden from the studio's mail log and from a real provider's SMS log. */
      linkUrl: string;
      lowBalance: { to: string; balance: number } | null;
    };

/** Phase 1, one transaction: decide, take the credit, record the send (SENDING). */
const claimReminder = (deps: AppDeps, reminderId: string): Promise<Decision> =>
  deps.db.transaction(async (tx): Promise<Decision> => {
    const row = await repo.unsafeLockById(tx, reminderId);
    if (!row) return { kind: 'skip' };
    const now = deps.now();
    // a claim left by a process that died before the provider call (see the top of this file)
    const takeover =
      row.state === 'SENDING' && !row.providerCallAt && (row.sentAt?.getTime() ?? 0) <= now.getTime() - claimTakeoverMs;
    if (row.state !== 'SCHEDULED' && !takeover) return { kind: 'skip' };
    // a job that comes early (its row's time moved later since it was queued): the row's own job comes later
    if (row.sendAt.getTime() > now.getTime() + 1000) return { kind: 'skip' };
    const decision = await decideClaim(deps, tx, row, now);
    // the claim taken over had taken SMS credit: given back when this one sends no SMS (once, by the refund's key)
    if (takeover && row.channel === 'SMS' && row.segments && !(decision.kind === 'send' && decision.channel === 'SMS'))
      await addSmsCredit(tx, {
        studioId: row.studioId,
        qty: row.segments,
        key: `refund:${row.sendKey}`,
        reason: 'adjustment',
      });
    return decision;
  });

const decideClaim = async (deps: AppDeps, tx: DbOrTx, row: ReminderRow, now: Date): Promise<Decision> => {
  const scope = reminderScope(row.studioId);
  const settings = await ensureSettings(tx, scope);
  if (!settings.enabled) return { kind: 'final', state: 'CANCELLED' };
  if (row.startAt.getTime() <= now.getTime()) return { kind: 'final', state: 'NOT_SENT', reason: 'TOO_LATE' };
  // the occurrence must still be there at that start, for that patient (a change the planner has not seen yet)
  const there = (
    await eventsBetween(tx, scope as StudioContext, row.startAt, new Date(row.startAt.getTime() + 1), emptyFilter)
  ).some(
    (e) =>
      occurrenceKeyOf(e) === row.occurrenceKey &&
      Date.parse(e.start) === row.startAt.getTime() &&
      e.pazienteId === row.pazienteId &&
      e.reservationStatus !== 'STUDIO_CANCELLED' &&
      e.reservationStatus !== 'CUSTOMER_CANCELLED',
  );
  if (!there) return { kind: 'final', state: 'CANCELLED' };
  const patient = await repo.patient(tx, scope, row.pazienteId);
  if (!patient) return { kind: 'final', state: 'CANCELLED' };
  if (patient.remindersOptOut) return { kind: 'final', state: 'NOT_SENT', reason: 'OPTED_OUT' };
  const studio = await repo.unsafeStudio(tx, row.studioId);
  if (!studio) return { kind: 'skip' };
  const name = studioName(studio);
  const { data, ora } = romeDateTime(row.startAt);
  const linkToken = reminderLinkTokenOf(deps, row.id);
  const linkUrl = reminderLinkUrlOf(deps, linkToken);
  const text = renderReminderText(settings.text, {
    link: linkUrl,
    // first name then surname, as a message addresses a person (the lists' display name puts the surname first)
    nome:
      [patient.nome, patient.cognome].filter(Boolean).join(' ') ||
      patientDisplayName(patient as Parameters<typeof patientDisplayName>[0]),
    data,
    ora,
    studio: name,
    indirizzo: studioAddress(studio),
  });
  const subject = `Promemoria appuntamento del ${data} alle ${ora}`;
  const claimId = randomUUID();
  const base = {
    kind: 'send' as const,
    text,
    subject,
    studioId: row.studioId,
    sendKey: row.sendKey,
    claimId,
    linkUrl,
  };
  const email = patient.email?.trim() || null;
  const mobile = patient.cellulare?.trim() || null;
  let decision: Decision | null = null;
  if (settings.channel === 'SMS_EMAIL' && mobile && (await smsCreditMeter(tx, row.studioId)).enabled) {
    const segments = measureSms(text).segments;
    const taken = await takeSmsCredit(tx, { studioId: row.studioId, qty: segments, key: `reminder:${row.sendKey}` });
    if (taken.outcome !== 'insufficient') {
      const threshold = settings.lowBalanceThreshold;
      const studioEmail = (studio.contatti as { email?: string | null }).email ?? null;
      let lowBalance: { to: string; balance: number } | null = null;
      if (threshold > 0 && taken.balance <= threshold && !settings.lowBalanceNotifiedAt && studioEmail) {
        lowBalance = { to: studioEmail, balance: taken.balance };
        await repo.updateSettings(tx, scope, { lowBalanceNotifiedAt: now });
      } else if (taken.balance > threshold && settings.lowBalanceNotifiedAt)
        await repo.updateSettings(tx, scope, { lowBalanceNotifiedAt: null });
      decision = { ...base, channel: 'SMS', to: toE164(mobile), segments, lowBalance };
    }
  }
  // an e-mail costs nothing more with the link: it carries it even when the studio's text does not
  const mailText = text.includes(linkUrl) ? text : `${text}\n\n${reminderLinkMessages.emailLinkLine(linkUrl)}`;
  if (!decision && email)
    decision = { ...base, text: mailText, channel: 'EMAIL', to: email, segments: null, lowBalance: null };
  if (!decision) {
    const noCredit = settings.channel === 'SMS_EMAIL' && mobile;
    return { kind: 'final', state: 'NOT_SENT', reason: noCredit ? 'NO_CREDIT' : 'NO_CONTACT' };
  }
  await repo.update(tx, scope, [row.id], {
    state: 'SENDING',
    channel: decision.channel,
    segments: decision.segments,
    sentAt: now,
    claimId,
    linkTokenHash: patientLinkHashOf(linkToken),
  });
  return decision;
};

/** A test's stand-in for a process that dies while the provider has the message (`crashAfterProviderCall`). */
class CrashAfterProviderCall extends Error {
  constructor() {
    super('simulated crash after the provider was called');
  }
}

/**
 * The job `appointment-reminder`: sends one reminder at most once (see the top of this file). A test may pass
 * `crashAfterClaim` to stop where a dying process would: after the send is recorded, before the adapter is called.
 * @returns what happened, for tests and logs.
 */
export const sendReminder = async (
  deps: AppDeps,
  reminderId: string,
  opts: { crashAfterClaim?: boolean; crashAfterProviderCall?: boolean } = {},
): Promise<'skipped' | 'cancelled' | 'not-sent' | 'sent' | 'failed'> => {
  const decision = await claimReminder(deps, reminderId);
  if (decision.kind === 'skip') return 'skipped';
  if (decision.kind === 'final') {
    const row = await repo.unsafeLockById(deps.db, reminderId);
    if (row)
      await repo.update(deps.db, reminderScope(row.studioId), [row.id], {
        state: decision.state,
        reason: decision.reason ?? null,
      });
    return decision.state === 'CANCELLED' ? 'cancelled' : 'not-sent';
  }
  if (opts.crashAfterClaim) throw new Error('simulated crash after the send was recorded');
  const scope = reminderScope(decision.studioId);
  // only the holder of the current claim calls the provider (a claim taken over after a stall is not this one)
  if (!(await repo.unsafeMarkProviderCall(deps.db, reminderId, decision.claimId, deps.now()))) return 'skipped';
  try {
    let providerMessageId: string | null = null;
    if (decision.channel === 'SMS') {
      const delivery = await deps.sms.deliver({ to: decision.to, text: decision.text });
      if (opts.crashAfterProviderCall) throw new CrashAfterProviderCall();
      providerMessageId = delivery.providerMessageId;
      await repo.insertSms(deps.db, {
        studioId: decision.studioId,
        to: decision.to,
        // the local outbox is where a local SMS goes (nothing leaves the machine): it keeps the message whole, as the
        // local mail outbox's .eml does; a provider's log never shows the patient's link
        text:
          delivery.status === 'LOCAL_OUTBOX' ? decision.text : decision.text.replaceAll(decision.linkUrl, hiddenLink),
        status: delivery.status,
        provider: deps.sms.kind,
        providerMessageId,
      });
    } else {
      await deps.mailer.send({
        studioId: decision.studioId,
        to: decision.to,
        subject: decision.subject,
        text: decision.text,
        hideFromLog: [decision.linkUrl],
      });
    }
    await repo.update(deps.db, scope, [reminderId], { state: 'SENT', providerMessageId });
  } catch (err) {
    if (err instanceof CrashAfterProviderCall) throw err;
    // the provider refused it: recorded as not sent, and the SMS credit given back (once, by its own key)
    await deps.db.transaction(async (tx) => {
      await repo.update(tx, scope, [reminderId], { state: 'NOT_SENT', reason: 'FAILED' });
      if (decision.channel === 'SMS' && decision.segments)
        await addSmsCredit(tx, {
          studioId: decision.studioId,
          qty: decision.segments,
          key: `refund:${decision.sendKey}`,
          reason: 'adjustment',
        });
    });
    if (decision.channel === 'SMS')
      await repo
        .insertSms(deps.db, {
          studioId: decision.studioId,
          to: decision.to,
          text: decision.text.replaceAll(decision.linkUrl, hiddenLink),
          status: 'FAILED',
          provider: deps.sms.kind,
          error: String((err as Error).message).slice(0, 500),
        })
        .catch(() => null);
    return 'failed';
  }
  if (decision.lowBalance)
    await deps.mailer
      .send({
        studioId: decision.studioId,
        to: decision.lowBalance.to,
        subject: 'Credito SMS quasi esaurito',
        text: `${m.lowBalance(decision.lowBalance.balance)} Quando il credito finisce i promemoria partono per e-mail. Puoi ricaricarlo da Impostazioni › Promemoria.`,
      })
      .catch(() => null); // recorded FAILED in the mail log
  return 'sent';
};

/** One background pass: plan the studios whose calendar moved, queue the due reminders whose job was lost. */
export const runReminderPass = async (deps: AppDeps) => {
  const now = deps.now();
  const studios = await repo.unsafeStudiosToPlan(deps.db, new Date(now.getTime() - replanAfterMs), 50);
  for (const studioId of studios) await planStudioReminders(deps, studioId);
  // a job lost between a plan's commit and its queueing, or a claim left before the provider call (the process
  // stopped there): queued again, same singleton key
  for (const due of await repo.unsafeDue(deps.db, new Date(now.getTime() - claimTakeoverMs), 500))
    await queueReminder(deps, due);
  return { planned: studios.length };
};

/** The queue and its worker (called once when the app is built). */
export const registerReminderJobs = (deps: AppDeps) => {
  // 50 a fetch, fetched again at once while full, 4 workers on PostgreSQL: the studios' reminders come due together
  // (quiet hours end at 08:00; bench part `reminders`); one a poll every half second sent 2 a second
  deps.jobs.define<ReminderJob>(
    reminderQueue,
    { retryLimit: 3, retryBackoff: true },
    async (job) => {
      await sendReminder(deps, job.reminderId);
    },
    { batchSize: 50, concurrency: 4 },
  );
};

/** A pass every REMINDER_PASS_INTERVAL_SECONDS (a minute) until stopped (one at a time). @returns stop. */
export const startReminderSchedule = (deps: AppDeps, log: (e: unknown) => void) => {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const schedule = () => {
    timer = setTimeout(() => {
      running = runReminderPass(deps)
        .then(() => undefined)
        .catch(log)
        .finally(() => {
          running = null;
          if (!stopped) schedule();
        });
    }, deps.config.REMINDER_PASS_INTERVAL_SECONDS * 1000);
    timer.unref();
  };
  schedule();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
};
