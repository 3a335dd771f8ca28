import {
  Alert,
  Badge,
  Button,
  CheckIcon,
  ColorSwatch,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  type SelectProps,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { reservationStatusLabels } from '@studiolo/domain/booking';
import { type Calendar, type CalendarEvent, eventColors } from '@studiolo/domain/calendar';
import { isToSettle } from '@studiolo/domain/invoices';
import { formatMinutes } from '@studiolo/domain/shared';
import { IconCopy, IconCurrencyEuro, IconNotes, IconReceipt, IconRepeat, IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
// the pickers' month and day names in Italian
import '../../../lib/dayjs-it.ts';
import { TimeField } from '../../../components/time-field.tsx';
import { applyServerFieldErrors, requiredField } from '../../../lib/form.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useMounted } from '../../../lib/use-mounted.ts';
import {
  type AppointmentValues,
  endAfter,
  endFollowingStart,
  type NewAppointmentDefaults,
  appointmentTexts as t,
  validateAppointment,
  valuesForNew,
  valuesOfEvent,
} from '../appointment-form.ts';
import { typedDateToDay } from '../bulk-range.ts';
import { isExternal, isInSeries } from '../calendar-events.ts';
import {
  describeRule,
  type RecurrenceChoice,
  recurrenceChoiceLabels,
  recurrenceEndLabels,
} from '../recurrence-preset.ts';
import { staffMemberName } from '../staff-columns.ts';
import { type CalendarResourceItem, useCalendarDeps } from './calendar-deps.tsx';

export type AppointmentDialogMode =
  | { kind: 'create'; defaults: NewAppointmentDefaults }
  | { kind: 'edit'; event: CalendarEvent };

export type AppointmentDialogProps = {
  mode: AppointmentDialogMode | null;
  calendars: readonly Calendar[];
  onClose: () => void;
  /** Saves; throws to keep the dialog open (server field errors are shown under their fields). */
  onSubmit: (values: AppointmentValues, event: CalendarEvent | null) => Promise<void>;
  onDelete: (event: CalendarEvent) => void;
  onTogglePaid: (event: CalendarEvent) => void;
  onDuplicateNextWeek: (event: CalendarEvent) => void;
  busy?: boolean;
};

const optionsOf = (items: readonly CalendarResourceItem[], current: readonly (string | null)[]) =>
  items
    .filter((i) => i.active || current.includes(i.id))
    .map((i) => ({ value: i.id, label: i.active ? i.name : `${i.name} (non attivo)` }));

const useAppointmentForm = () =>
  useForm<AppointmentValues>({
    initialValues: valuesForNew({ start: new Date(), end: new Date(), calendarId: null }),
    validate: (values) => validateAppointment(values),
  });
type AppointmentForm = ReturnType<typeof useAppointmentForm>;

/** DD-MM-YYYY, D-M-YYYY and D/M/YYYY typed in a date field (spec part 1 §5: dates typed as D-M-YYYY). */
const parseTypedDay = (input: string) => typedDateToDay(input);

/** A day shown as DD-MM-YYYY that can also be typed. */
const DayField = (props: DateInputProps) => (
  <DateInput valueFormat="DD-MM-YYYY" dateParser={parseTypedDay} placeholder="GG-MM-AAAA" {...props} />
);

/** A choice the appointment may go without. */
const OptionalSelect = (props: SelectProps) => <Select placeholder={t.none} clearable allowDeselect {...props} />;

const optionsOfLabels = <K extends string>(labels: Record<K, string>) =>
  (Object.keys(labels) as K[]).map((k) => ({ value: k, label: labels[k] }));

/**
 * The appointment: create on a selected slot, edit on a click (spec part 1 §3 "Calendar event"). Choosing a
 * patient fills an empty title with the name; choosing a service fills the end by its duration and the price.
 */
export const AppointmentDialog = ({
  mode,
  calendars,
  onClose,
  onSubmit,
  onDelete,
  onTogglePaid,
  onDuplicateNextWeek,
  busy = false,
}: AppointmentDialogProps) => {
  const isPhone = useIsPhone();
  const deps = useCalendarDeps();
  // fetched on first use, it may mount already asked to open (lib/use-mounted.ts)
  const mounted = useMounted();
  const event = mode?.kind === 'edit' ? mode.event : null;
  const readOnly = !deps.canWrite || (event !== null && isExternal(event));
  // a session note belongs to the patient's appointment: the studio's own, with a patient
  const canWriteDiary = Boolean(event?.pazienteId && !isExternal(event) && deps.writeDiary);
  // issue 26 item 6: a past unpaid appointment of a patient offers its invoice (with the patient's others still due)
  const canInvoice = Boolean(event && deps.invoiceToSettle && isToSettle(event, new Date()));
  const form = useAppointmentForm();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form resets when another appointment opens
  useEffect(() => {
    if (!mode) return;
    const values = mode.kind === 'edit' ? valuesOfEvent(mode.event) : valuesForNew(mode.defaults);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  }, [mode]);

  const v = form.values;
  const products = deps.products.filter((p) => p.status === 'ACTIVE' || p.id === v.productId);
  const submit = form.onSubmit(async (values) => {
    try {
      await onSubmit(values, event);
    } catch (e) {
      applyServerFieldErrors(form, e);
    }
  });

  const choosePatient = (id: string | null, patient: { id: string; name: string } | null) => {
    form.setFieldValue('pazienteId', id);
    if (patient && !form.getValues().summary.trim()) form.setFieldValue('summary', patient.name);
  };
  const chooseProduct = (id: string | null) => {
    form.setFieldValue('productId', id);
    const product = deps.products.find((p) => p.id === id);
    if (!product) return;
    const now = form.getValues();
    if (!now.allDay && /^\d\d:\d\d$/.test(now.startTime)) {
      const end = endAfter(now, product.duration);
      form.setFieldValue('endDay', end.endDay);
      form.setFieldValue('endTime', end.endTime);
    }
    form.setFieldValue('price', product.grossPrice);
  };

  // the end follows the start, keeping the length (the service's duration where one is chosen)
  const changeStartTime = (time: string) => {
    const now = form.getValues();
    form.setFieldValue('startTime', time);
    if (now.allDay || !/^\d\d:\d\d$/.test(time)) return;
    const product = deps.products.find((p) => p.id === now.productId);
    const end = endFollowingStart(now, time, product ? product.duration : null);
    form.setFieldValue('endDay', end.endDay);
    form.setFieldValue('endTime', end.endTime);
  };

  const ruleText = event && isInSeries(event) ? describeRule(event.rrule) : null;
  const title = event ? t.editTitle : t.newTitle;
  // An all-day appointment has no end time, so its end day stands beside the start day and carries the end's error.
  const endDayField = (
    <DayField
      label={t.endDay}
      value={v.endDay}
      onChange={(d) => d && form.setFieldValue('endDay', d)}
      error={v.allDay ? form.errors.endTime : undefined}
    />
  );

  return (
    <Modal
      opened={mounted && mode !== null}
      onClose={() => !busy && onClose()}
      title={title}
      size="lg"
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': 'Chiudi' }}
      centered
    >
      <form onSubmit={submit} noValidate>
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="sm">
            {event && isExternal(event) && <Alert color="gray">{t.externalReadOnly}</Alert>}
            {event?.reservationStatus && (
              // booked online (decision 035): the status in words
              <Group gap={6}>
                <Text size="sm" c="dimmed">
                  {t.onlineBooking}
                </Text>
                <Badge
                  variant={event.reservationStatus === 'STUDIO_PENDING_CONFIRMATION' ? 'outline' : 'light'}
                  color={event.reservationStatus === 'STUDIO_PENDING_CONFIRMATION' ? 'orange' : 'teal'}
                  style={{ textTransform: 'none' }}
                >
                  {reservationStatusLabels[event.reservationStatus]}
                </Badge>
              </Group>
            )}
            {event && !isExternal(event) && deps.AppointmentReminders && (
              <deps.AppointmentReminders eventId={event.id} />
            )}
            {ruleText && (
              <Group gap={6} c="dimmed">
                <IconRepeat size={16} aria-hidden />
                <Text size="sm">{ruleText}</Text>
              </Group>
            )}
            <deps.PatientField
              label={t.patient}
              value={v.pazienteId}
              onChange={choosePatient}
              activeOnly={event === null}
            />
            <TextInput
              label={t.summary}
              description={t.summaryHint}
              {...requiredField}
              {...form.getInputProps('summary')}
            />
            <Select
              label={t.service}
              placeholder={t.servicePlaceholder}
              description={t.serviceHint}
              data={products.map((p) => ({ value: p.id, label: `${p.name} · ${formatMinutes(p.duration)}` }))}
              value={v.productId}
              onChange={chooseProduct}
              clearable
              allowDeselect
              searchable
              nothingFoundMessage="Nessuna prestazione"
            />
            <Switch label={t.allDay} {...form.getInputProps('allDay', { type: 'checkbox' })} />
            <SimpleGrid cols={{ base: 2 }} spacing="sm">
              <DayField
                label={t.startDay}
                {...requiredField}
                value={v.startDay}
                onChange={(d) => {
                  if (!d) return;
                  const now = form.getValues();
                  // the end moves with the start, keeping the length
                  const shift = (Date.parse(d) - Date.parse(now.startDay)) / 86_400_000;
                  form.setFieldValue('startDay', d);
                  if (Number.isFinite(shift)) {
                    const end = new Date(Date.parse(now.endDay) + shift * 86_400_000).toISOString().slice(0, 10);
                    form.setFieldValue('endDay', end);
                  }
                }}
              />
              {v.allDay ? (
                endDayField
              ) : (
                <TimeField label={t.startTime} {...form.getInputProps('startTime')} onChange={changeStartTime} />
              )}
            </SimpleGrid>
            {!v.allDay && (
              <SimpleGrid cols={{ base: 2 }} spacing="sm">
                {endDayField}
                <TimeField label={t.endTime} {...form.getInputProps('endTime')} />
              </SimpleGrid>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label={t.calendar}
                {...requiredField}
                data={calendars.map((c) => ({ value: c.id, label: c.summary }))}
                {...form.getInputProps('calendarId')}
              />
              <OptionalSelect
                label={t.staff}
                data={deps.staff.map((s) => ({ value: s.id, label: staffMemberName(s) }))}
                {...form.getInputProps('staffMemberId')}
              />
              <OptionalSelect
                label={t.room}
                data={optionsOf(deps.rooms, [v.clinicRoomId])}
                {...form.getInputProps('clinicRoomId')}
              />
              <OptionalSelect
                label={t.location}
                data={optionsOf(deps.serviceLocations, [v.serviceLocationId])}
                {...form.getInputProps('serviceLocationId')}
              />
            </SimpleGrid>
            <MultiSelect
              label={t.devices}
              placeholder={v.medicalDeviceIds.length === 0 ? t.none : undefined}
              data={optionsOf(deps.medicalDevices, v.medicalDeviceIds)}
              clearable
              {...form.getInputProps('medicalDeviceIds')}
            />
            <ColorField value={v.color} onChange={(c) => form.setFieldValue('color', c)} />
            <Group align="flex-end" gap="md" wrap="wrap">
              <NumberInput
                label={t.price}
                leftSection={<IconCurrencyEuro size={16} aria-hidden />}
                decimalSeparator=","
                thousandSeparator="."
                decimalScale={2}
                min={0}
                max={999999}
                w={160}
                {...form.getInputProps('price')}
              />
              {!event && <Switch label={t.paid} mb={8} {...form.getInputProps('isPagato', { type: 'checkbox' })} />}
            </Group>
            <RecurrenceFields form={form} />
            <Textarea label={t.note} autosize minRows={2} maxRows={6} {...form.getInputProps('note')} />
          </Stack>
        </fieldset>
        {event && (!readOnly || canWriteDiary || canInvoice) && (
          <Group gap="xs" mt="md" wrap="wrap">
            {canWriteDiary && (
              <Button
                variant="light"
                size="compact-sm"
                leftSection={<IconNotes size={14} aria-hidden />}
                onClick={() => {
                  onClose();
                  deps.writeDiary?.(event);
                }}
                disabled={busy}
              >
                {t.writeDiary}
              </Button>
            )}
            {canInvoice && (
              <Button
                variant="light"
                size="compact-sm"
                leftSection={<IconReceipt size={14} aria-hidden />}
                onClick={() => {
                  onClose();
                  deps.invoiceToSettle?.(event);
                }}
                disabled={busy}
              >
                {t.invoiceToSettle}
              </Button>
            )}
            {!readOnly && (
              <>
                <Button
                  variant="light"
                  size="compact-sm"
                  leftSection={<IconCurrencyEuro size={14} aria-hidden />}
                  onClick={() => onTogglePaid(event)}
                  disabled={busy}
                >
                  {event.isPagato ? t.markUnpaid : t.markPaid}
                </Button>
                <Button
                  variant="light"
                  size="compact-sm"
                  leftSection={<IconCopy size={14} aria-hidden />}
                  onClick={() => onDuplicateNextWeek(event)}
                  disabled={busy}
                >
                  {t.duplicateNextWeek}
                </Button>
              </>
            )}
          </Group>
        )}
        <Group justify="space-between" mt="lg" gap="sm" wrap="wrap">
          {event && !readOnly ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => onDelete(event)}
              disabled={busy}
            >
              {t.delete}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm" ml="auto">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t.cancel}
            </Button>
            {!readOnly && (
              <Button type="submit" loading={busy}>
                {event ? t.save : t.create}
              </Button>
            )}
          </Group>
        </Group>
      </form>
    </Modal>
  );
};

/** The 11 named colours of the palette as swatches, the name as tooltip and accessible name (spec part 1 §9). */
export const ColorField = ({ value, onChange }: { value: string; onChange: (hex: string) => void }) => (
  <div role="radiogroup" aria-label={t.color}>
    <Text size="sm" fw={500} mb={4}>
      {t.color}
    </Text>
    <Group gap={6}>
      {eventColors.map((c) => {
        const checked = c.hex.toLowerCase() === value.toLowerCase();
        return (
          <Tooltip key={c.hex} label={c.name} withArrow openDelay={200}>
            <ColorSwatch
              component="button"
              type="button"
              role="radio"
              aria-checked={checked}
              aria-label={c.name}
              color={c.hex}
              size={26}
              onClick={() => onChange(c.hex)}
              style={{ color: '#fff', cursor: 'pointer' }}
            >
              {checked && <CheckIcon style={{ width: 12, height: 12 }} />}
            </ColorSwatch>
          </Tooltip>
        );
      })}
    </Group>
  </div>
);

const RecurrenceFields = ({ form }: { form: AppointmentForm }) => {
  const r = form.values.recurrence;
  const repeats = r.frequency !== 'NONE' && !form.values.customRule;
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t.recurrence}
          data={optionsOfLabels(recurrenceChoiceLabels)}
          value={form.values.customRule ? null : r.frequency}
          placeholder={form.values.customRule ? 'Personalizzata' : undefined}
          onChange={(value) => {
            form.setFieldValue('recurrence.frequency', (value ?? 'NONE') as RecurrenceChoice);
            form.setFieldValue('customRule', null);
          }}
        />
        {repeats && (
          <Select
            label={t.recurrenceEnd}
            data={optionsOfLabels(recurrenceEndLabels)}
            {...form.getInputProps('recurrence.end')}
          />
        )}
      </SimpleGrid>
      {repeats && r.end === 'UNTIL' && (
        <DayField
          label={t.until}
          value={r.until}
          onChange={(d) => form.setFieldValue('recurrence.until', d)}
          error={form.errors.until}
          {...requiredField}
        />
      )}
      {repeats && r.end === 'COUNT' && (
        <NumberInput
          label={t.count}
          min={1}
          max={730}
          allowDecimal={false}
          w={160}
          value={r.count}
          onChange={(n) => form.setFieldValue('recurrence.count', typeof n === 'number' ? n : 1)}
          error={form.errors.count}
        />
      )}
    </Stack>
  );
};
