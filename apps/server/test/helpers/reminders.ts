import { randomUUID } from 'node:crypto';
import type { ReminderSettingsAnswer } from '@studiolo/domain/reminders';
import type { FastifyInstance } from 'fastify';
import { appointmentReminders } from '../../src/db/schema/index.ts';
import { reminderLinkTokenOf } from '../../src/features/reminders/reminder-link.service.ts';
import { addSmsCredit } from '../../src/features/sms-credit/sms-credit.service.ts';
import { patientLinkHashOf } from '../../src/shared/patient-link.ts';
import { depsOf } from './build-test-app.ts';
import { mainCalendarId, validEventInput, validPatientInput } from './factories.ts';
import { apiOk } from './http.ts';
import { createStudioOwner, type TestStudioUser } from './login-as.ts';

/**
 * The link a sent reminder gives its patient (decision 036), for the generic suites' samples: an appointment of the
 * owner's studio a week from now with a patient, and its reminder recorded as sent (whatever the clock and the quiet
 * hours; the send itself is tested in features/reminders). @returns the link's token.
 */
export const sentReminderToken = async (app: FastifyInstance, owner: TestStudioUser) => {
  const patient = await apiOk<{ id: string }>(app, {
    method: 'POST',
    url: '/pazienti',
    token: owner.token,
    body: validPatientInput(),
  });
  const start = new Date(Date.now() + 7 * 86_400_000);
  start.setUTCHours(9, 0, 0, 0);
  const event = await apiOk<{ id: string }>(app, {
    method: 'POST',
    url: '/events',
    token: owner.token,
    body: await validEventInput(app, owner, {
      start: start.toISOString(),
      end: new Date(start.getTime() + 3_600_000).toISOString(),
      pazienteId: patient.id,
    }),
  });
  const deps = depsOf(app);
  const id = randomUUID();
  const token = reminderLinkTokenOf(deps, id);
  await deps.db.insert(appointmentReminders).values({
    id,
    studioId: owner.studioId,
    eventId: event.id,
    occurrenceKey: event.id,
    sendKey: `${event.id}@${start.toISOString()}`,
    pazienteId: patient.id,
    startAt: start,
    sendAt: new Date(start.getTime() - 86_400_000),
    state: 'SENT',
    channel: 'EMAIL',
    sentAt: new Date(),
    linkTokenHash: patientLinkHashOf(token),
  });
  return token;
};

export type ReminderStudio = { owner: TestStudioUser; calendarId: string; pazienteId: string };

/**
 * A studio with a patient, SMS switched on with `credit` credits, and reminders on (24 hours before, SMS with e-mail
 * fallback, no low-balance e-mail), as the reminders' own int tests start.
 */
export const studioWithReminders = async (
  app: FastifyInstance,
  opts: { credit?: number; patient?: Parameters<typeof validPatientInput>[0]; settings?: object } = {},
): Promise<ReminderStudio> => {
  const owner = await createStudioOwner(app);
  const calendarId = await mainCalendarId(app, owner);
  const patient = await apiOk<{ id: string }>(app, {
    method: 'POST',
    url: '/pazienti',
    token: owner.token,
    body: validPatientInput(opts.patient),
  });
  const settings = await apiOk<ReminderSettingsAnswer>(app, {
    method: 'GET',
    url: '/settings/reminders',
    token: owner.token,
  });
  await apiOk(app, {
    method: 'PATCH',
    url: '/consumption-meter/enable',
    token: owner.token,
    body: { consumptionMeterId: settings.smsMeterId, enabled: true },
  });
  if (opts.credit)
    await depsOf(app).db.transaction((tx) =>
      addSmsCredit(tx, { studioId: owner.studioId, qty: opts.credit as number, key: `pi_${randomUUID()}` }),
    );
  await apiOk(app, {
    method: 'PUT',
    url: '/settings/reminders',
    token: owner.token,
    body: {
      enabled: true,
      leadTime: 'HOURS_24',
      dayBeforeTime: '18:00',
      channel: 'SMS_EMAIL',
      text: settings.text,
      lowBalanceThreshold: 0,
      ...opts.settings,
    },
  });
  return { owner, calendarId, pazienteId: patient.id };
};
