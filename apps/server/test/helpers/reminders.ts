import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { appointmentReminders } from '../../src/db/schema/index.ts';
import { reminderLinkTokenOf } from '../../src/features/reminders/reminder-link.service.ts';
import { patientLinkHashOf } from '../../src/shared/patient-link.ts';
import { depsOf } from './build-test-app.ts';
import { validEventInput, validPatientInput } from './factories.ts';
import { apiOk } from './http.ts';
import type { TestStudioUser } from './login-as.ts';

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
