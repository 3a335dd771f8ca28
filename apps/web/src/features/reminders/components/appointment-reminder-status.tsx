import { Badge, Group, Text } from '@mantine/core';
import { type AppointmentReminder, reminderStateLabels } from '@studiolo/domain/reminders';
import { formatDateTime } from '../../../lib/format.ts';
import { useEventReminders } from '../api/reminder-settings.ts';

export const appointmentReminderTexts = {
  label: 'Promemoria',
  sms: (segments: number | null) => (segments && segments > 1 ? `SMS (${segments})` : 'SMS'),
  email: 'e-mail',
  confirmedByPatient: 'Confermato dal paziente',
  cancelledByPatient: 'Annullato dal paziente',
  confirmedPreviousStart: 'Confermato per l’orario precedente',
  at: (when: string) => `il ${when}`,
  previousStart: (when: string) => `orario confermato: ${when}`,
} as const;

const color: Record<AppointmentReminder['state'], string> = {
  SCHEDULED: 'blue',
  SENDING: 'yellow',
  SENT: 'teal',
  DELIVERED: 'green',
  NOT_SENT: 'red',
  CANCELLED: 'gray',
};

/** The latest reminder of one reminder list, in words: state, channel and the reason it did not leave. */
export const ReminderStatusLine = ({ reminder }: { reminder: AppointmentReminder }) => (
  <Group gap={6}>
    <Text size="sm" c="dimmed">
      {appointmentReminderTexts.label}
    </Text>
    <Badge variant="light" color={color[reminder.state]} style={{ textTransform: 'none' }}>
      {reminderStateLabels[reminder.state]}
      {reminder.channel
        ? ` · ${reminder.channel === 'SMS' ? appointmentReminderTexts.sms(reminder.segments) : appointmentReminderTexts.email}`
        : ''}
    </Badge>
    {reminder.reason && <Text size="sm">{reminder.reason}</Text>}
    {/* the patient's answer through the reminder's link (decision 036) */}
    {reminder.confirmedAt && !reminder.cancelledAt && (
      <Badge variant="filled" color="teal" style={{ textTransform: 'none' }}>
        {appointmentReminderTexts.confirmedByPatient}
      </Badge>
    )}
    {/* moved by the studio after the patient confirmed (decision 046): not a confirmation of this time */}
    {reminder.confirmedPreviousStart && !reminder.cancelledAt && (
      <>
        <Badge variant="light" color="yellow" style={{ textTransform: 'none' }}>
          {appointmentReminderTexts.confirmedPreviousStart}
        </Badge>
        <Text size="xs" c="dimmed">
          {appointmentReminderTexts.previousStart(formatDateTime(reminder.confirmedPreviousStart))}
        </Text>
      </>
    )}
    {reminder.cancelledAt && (
      <Badge variant="filled" color="red" style={{ textTransform: 'none' }}>
        {appointmentReminderTexts.cancelledByPatient}
      </Badge>
    )}
    {(reminder.cancelledAt ?? reminder.confirmedAt) && (
      <Text size="xs" c="dimmed">
        {appointmentReminderTexts.at(formatDateTime(reminder.cancelledAt ?? reminder.confirmedAt))}
      </Text>
    )}
  </Group>
);

/** The appointment dialog's line (the calendar lends it the slot): its occurrence's latest reminder, if any. */
export const AppointmentReminderStatus = ({ eventId }: { eventId: string }) => {
  const reminders = useEventReminders(eventId);
  const latest = reminders.data?.[0];
  return latest ? <ReminderStatusLine reminder={latest} /> : null;
};
