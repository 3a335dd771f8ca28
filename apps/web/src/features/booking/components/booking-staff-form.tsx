import { ActionIcon, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type {
  BookingException,
  BookingHours,
  BookingSettingsAnswer,
  BookingStaffInput,
} from '@studiolo/domain/booking';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DateField, isoDayToUi, uiToIsoDay } from '../../../components/date-field.tsx';
import { TimeField } from '../../../components/time-field.tsx';
import { useSaveBookingStaff } from '../api/booking-settings.ts';

type StaffRow = BookingSettingsAnswer['staff'][number];

export const bookingStaffTexts = {
  title: 'Orari dei professionisti',
  intro:
    'Le fasce in cui ciascun professionista riceve prenotazioni online, anche più di una al giorno, e le eccezioni: giorni di chiusura o aperture straordinarie.',
  member: 'Professionista',
  noStaff: 'Nessun membro dello staff.',
  weekdays: ['Lunedì', 'Martedì', 'Mercoledì', 'Giovedì', 'Venerdì', 'Sabato', 'Domenica'],
  closed: 'Non riceve',
  from: 'Dalle',
  to: 'Alle',
  fromOf: (day: string, n: number) => `${day}, fascia ${n}: dalle`,
  toOf: (day: string, n: number) => `${day}, fascia ${n}: alle`,
  addWindow: 'Aggiungi fascia',
  addWindowOf: (day: string) => `Aggiungi fascia – ${day}`,
  removeWindowOf: (day: string, n: number) => `Rimuovi la fascia ${n} di ${day}`,
  exceptionsTitle: 'Eccezioni',
  noExceptions: 'Nessuna eccezione.',
  addException: 'Aggiungi eccezione',
  exceptionOf: (n: number) => `Eccezione ${n}`,
  date: 'Data',
  kind: 'Tipo',
  kinds: { CLOSED: 'Chiuso', OPEN: 'Aperto' } as const,
  note: 'Nota',
  removeExceptionOf: (n: number) => `Rimuovi l’eccezione ${n}`,
  allDayHint: 'Lascia vuoti gli orari per chiudere tutto il giorno.',
  save: 'Salva gli orari',
  endAfterStart: 'L’orario di fine deve seguire quello di inizio',
  overlap: 'Si sovrappone a un’altra fascia dello stesso giorno',
  required: 'Campo obbligatorio',
  openNeedsHours: 'Indica dalle e alle per un’apertura',
  bothOrNone: 'Indica entrambi gli orari o nessuno',
} as const;
const x = bookingStaffTexts;

type Window = { start: string; end: string };
type ExceptionRow = { date: string; kind: 'CLOSED' | 'OPEN'; start: string; end: string; note: string };
type Editor = { days: Window[][]; exceptions: ExceptionRow[] };

const toEditor = (m: StaffRow): Editor => ({
  days: [1, 2, 3, 4, 5, 6, 7].map((d) =>
    m.hours
      .filter((h) => h.weekday === d)
      .map((h) => ({ start: h.start, end: h.end }))
      .sort((a, b) => a.start.localeCompare(b.start)),
  ),
  exceptions: m.exceptions.map((e) => ({
    date: e.date,
    kind: e.kind,
    start: e.start ?? '',
    end: e.end ?? '',
    note: e.note ?? '',
  })),
});

/** Errors keyed "day.i.start", "exc.i.date"…; empty when the hours can be saved. */
export const validateStaffHours = (e: Editor): Record<string, string> => {
  const errors: Record<string, string> = {};
  e.days.forEach((windows, d) => {
    windows.forEach((w, i) => {
      if (!w.start) errors[`day.${d}.${i}.start`] = x.required;
      if (!w.end) errors[`day.${d}.${i}.end`] = x.required;
      if (w.start && w.end && w.end <= w.start) errors[`day.${d}.${i}.end`] = x.endAfterStart;
    });
    const sorted = windows
      .map((w, i) => ({ ...w, i }))
      .filter((w) => w.start && w.end && w.end > w.start)
      .sort((a, b) => a.start.localeCompare(b.start));
    for (let k = 1; k < sorted.length; k++) {
      const prev = sorted[k - 1];
      const cur = sorted[k];
      if (prev && cur && cur.start < prev.end) errors[`day.${d}.${cur.i}.start`] = x.overlap;
    }
  });
  e.exceptions.forEach((ex, i) => {
    if (!/^\d{4}-\d{2}-\d{2}$/u.test(ex.date)) errors[`exc.${i}.date`] = x.required;
    if (ex.kind === 'OPEN' && (!ex.start || !ex.end)) errors[`exc.${i}.start`] = x.openNeedsHours;
    if (ex.kind === 'CLOSED' && Boolean(ex.start) !== Boolean(ex.end)) errors[`exc.${i}.start`] = x.bothOrNone;
    if (ex.start && ex.end && ex.end <= ex.start) errors[`exc.${i}.end`] = x.endAfterStart;
  });
  return errors;
};

const toInput = (e: Editor): BookingStaffInput => ({
  hours: e.days.flatMap((windows, d) =>
    windows.map((w): BookingHours => ({ weekday: d + 1, start: w.start, end: w.end })),
  ),
  exceptions: e.exceptions.map(
    (ex): BookingException => ({
      date: ex.date,
      kind: ex.kind,
      start: ex.start || null,
      end: ex.end || null,
      note: ex.note.trim() || null,
    }),
  ),
});

const StaffHoursEditor = ({ member, canEdit }: { member: StaffRow; canEdit: boolean }) => {
  const save = useSaveBookingStaff();
  const [editor, setEditor] = useState<Editor>(() => toEditor(member));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = (fn: (e: Editor) => Editor) => setEditor((e) => fn(structuredClone(e)));

  return (
    <form
      noValidate
      aria-label={`${x.title}: ${member.name} ${member.lastname}`}
      onSubmit={(ev) => {
        ev.preventDefault();
        const found = validateStaffHours(editor);
        setErrors(found);
        if (Object.keys(found).length > 0) return;
        save.mutate({ memberId: member.memberId, input: toInput(editor) });
      }}
    >
      <Stack gap="md">
        <Stack gap="xs">
          {x.weekdays.map((day, d) => {
            const windows = editor.days[d] ?? [];
            return (
              <Paper key={day} withBorder p="sm" component="fieldset" style={{ margin: 0 }}>
                <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                  <Text component="legend" fw={600} size="sm" w={110} p={0}>
                    {day}
                  </Text>
                  <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
                    {windows.length === 0 && (
                      <Text size="sm" c="dimmed">
                        {x.closed}
                      </Text>
                    )}
                    {windows.map((w, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: windows have no id; a removal re-renders the day
                      <Group key={`${d}-${i}`} gap="xs" wrap="nowrap" align="flex-start">
                        <TimeField
                          label={x.fromOf(day, i + 1)}
                          hideLabel
                          value={w.start}
                          error={errors[`day.${d}.${i}.start`]}
                          disabled={!canEdit}
                          onChange={(v) =>
                            update((s) => {
                              const t = s.days[d]?.[i];
                              if (t) t.start = v;
                              return s;
                            })
                          }
                          style={{ flex: 1 }}
                        />
                        <Text size="sm" pt={6} aria-hidden>
                          –
                        </Text>
                        <TimeField
                          label={x.toOf(day, i + 1)}
                          hideLabel
                          value={w.end}
                          error={errors[`day.${d}.${i}.end`]}
                          disabled={!canEdit}
                          onChange={(v) =>
                            update((s) => {
                              const t = s.days[d]?.[i];
                              if (t) t.end = v;
                              return s;
                            })
                          }
                          style={{ flex: 1 }}
                        />
                        {canEdit && (
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            size="lg"
                            aria-label={x.removeWindowOf(day, i + 1)}
                            onClick={() =>
                              update((s) => {
                                s.days[d]?.splice(i, 1);
                                return s;
                              })
                            }
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        )}
                      </Group>
                    ))}
                  </Stack>
                  {canEdit && (
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconPlus size={14} aria-hidden />}
                      aria-label={x.addWindowOf(day)}
                      onClick={() =>
                        update((s) => {
                          const list = s.days[d] ?? [];
                          const last = list.at(-1);
                          list.push(last ? { start: last.end, end: '' } : { start: '09:00', end: '13:00' });
                          s.days[d] = list;
                          return s;
                        })
                      }
                    >
                      {x.addWindow}
                    </Button>
                  )}
                </Group>
              </Paper>
            );
          })}
        </Stack>

        <Stack gap="xs">
          <Title order={4} fz="sm">
            {x.exceptionsTitle}
          </Title>
          <Text size="xs" c="dimmed">
            {x.allDayHint}
          </Text>
          {editor.exceptions.length === 0 && (
            <Text size="sm" c="dimmed">
              {x.noExceptions}
            </Text>
          )}
          {editor.exceptions.map((ex, i) => (
            <Paper
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; removal re-renders the list
              key={i}
              withBorder
              p="sm"
              component="fieldset"
              style={{ margin: 0 }}
            >
              <Text component="legend" size="sm" fw={600} px={4}>
                {x.exceptionOf(i + 1)}
              </Text>
              <Group gap="xs" wrap="wrap" align="flex-start">
                <DateField
                  label={x.date}
                  w={150}
                  value={isoDayToUi(ex.date)}
                  error={errors[`exc.${i}.date`]}
                  disabled={!canEdit}
                  onChange={(v) =>
                    update((s) => {
                      const t = s.exceptions[i];
                      if (t) t.date = uiToIsoDay(v);
                      return s;
                    })
                  }
                />
                <Select
                  label={x.kind}
                  w={120}
                  data={(['CLOSED', 'OPEN'] as const).map((k) => ({ value: k, label: x.kinds[k] }))}
                  value={ex.kind}
                  allowDeselect={false}
                  disabled={!canEdit}
                  onChange={(v) =>
                    update((s) => {
                      const t = s.exceptions[i];
                      if (t && (v === 'CLOSED' || v === 'OPEN')) t.kind = v;
                      return s;
                    })
                  }
                />
                <TimeField
                  label={x.from}
                  required={false}
                  w={120}
                  value={ex.start}
                  error={errors[`exc.${i}.start`]}
                  disabled={!canEdit}
                  onChange={(v) =>
                    update((s) => {
                      const t = s.exceptions[i];
                      if (t) t.start = v;
                      return s;
                    })
                  }
                />
                <TimeField
                  label={x.to}
                  required={false}
                  w={120}
                  value={ex.end}
                  error={errors[`exc.${i}.end`]}
                  disabled={!canEdit}
                  onChange={(v) =>
                    update((s) => {
                      const t = s.exceptions[i];
                      if (t) t.end = v;
                      return s;
                    })
                  }
                />
                <TextInput
                  label={x.note}
                  maxLength={200}
                  style={{ flex: 1, minWidth: 160 }}
                  value={ex.note}
                  disabled={!canEdit}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    update((s) => {
                      const t = s.exceptions[i];
                      if (t) t.note = v;
                      return s;
                    });
                  }}
                />
                {canEdit && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    mt={24}
                    aria-label={x.removeExceptionOf(i + 1)}
                    onClick={() =>
                      update((s) => {
                        s.exceptions.splice(i, 1);
                        return s;
                      })
                    }
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            </Paper>
          ))}
          {canEdit && (
            <Group>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() =>
                  update((s) => {
                    s.exceptions.push({ date: '', kind: 'CLOSED', start: '', end: '', note: '' });
                    return s;
                  })
                }
              >
                {x.addException}
              </Button>
            </Group>
          )}
        </Stack>
        {canEdit && (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {x.save}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
};

/** Impostazioni › Prenotazioni online › Orari: one staff member at a time (a long page on a phone otherwise). */
export const BookingStaffForm = ({ answer, canEdit }: { answer: BookingSettingsAnswer; canEdit: boolean }) => {
  const [memberId, setMemberId] = useState<string | null>(answer.staff[0]?.memberId ?? null);
  const member = answer.staff.find((m) => m.memberId === memberId) ?? null;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={3} fz="md">
          {x.title}
        </Title>
        <Text size="sm" c="dimmed">
          {x.intro}
        </Text>
        {answer.staff.length === 0 ? (
          <Text size="sm">{x.noStaff}</Text>
        ) : (
          <Select
            label={x.member}
            data={answer.staff.map((m) => ({ value: m.memberId, label: `${m.name} ${m.lastname}`.trim() }))}
            value={memberId}
            onChange={setMemberId}
            allowDeselect={false}
            maw={360}
          />
        )}
        {member && <StaffHoursEditor key={member.memberId} member={member} canEdit={canEdit} />}
      </Stack>
    </Paper>
  );
};
