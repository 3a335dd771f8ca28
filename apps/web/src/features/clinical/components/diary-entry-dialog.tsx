import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type DiaryEntry, diaryFieldLabels, diaryTextFields } from '@studiolo/domain/clinical';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { DateField, uiToIsoDay } from '../../../components/date-field.tsx';
import { applyServerFieldErrors, requiredField } from '../../../lib/form.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useSaveDiaryEntry } from '../api/diary.ts';
import { clinicalTexts as t } from './clinical-texts.ts';

type DiaryValues = Record<(typeof diaryTextFields)[number], string> & { data: string };

/** What a new entry starts from: its appointment (written from the calendar) or today. */
export type DiaryPrefill = {
  pazienteId: string;
  /** The appointment's id as the calendar gives it (an occurrence's id for a series). */
  eventId?: string | null;
  /** The appointment's start (ISO instant): the entry's day, in Rome. */
  start?: string | null;
  /** Who the appointment is for, shown in the title. */
  patientName?: string | null;
};

const hints: Record<(typeof diaryTextFields)[number], string> = {
  soggettivo: 'Cosa riferisce il paziente: dolore, sintomi, come è andata dall’ultima seduta',
  oggettivo: 'Cosa hai osservato e misurato',
  valutazione: 'La tua lettura: progressi, risposta al trattamento',
  piano: 'Cosa fare nelle prossime sedute',
  trattamenti: 'Tecniche ed esercizi eseguiti oggi',
};

const dayOf = (iso: string | null | undefined) =>
  iso
    ? new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' })
        .format(new Date(iso))
        .replaceAll('/', '-')
    : dayjs().format('DD-MM-YYYY');

/**
 * A diary entry (SOAP and the treatments done), new or to change; a new one written from an appointment carries it
 * (eventId) and starts on its day.
 */
export const DiaryEntryDialog = ({
  prefill,
  entry,
  onClose,
}: {
  /** Open for a new entry with this prefill, or for `entry`; closed when both are null. */
  prefill: DiaryPrefill | null;
  entry: DiaryEntry | null;
  onClose: () => void;
}) => {
  const isPhone = useIsPhone();
  const save = useSaveDiaryEntry();
  const opened = prefill !== null || entry !== null;
  const form = useForm<DiaryValues>({
    initialValues: { data: '', soggettivo: '', oggettivo: '', valutazione: '', piano: '', trattamenti: '' },
    validate: { data: (v) => (uiToIsoDay(v) ? null : 'Data non valida') },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form restarts when the dialog opens on another entry
  useEffect(() => {
    if (!opened) return;
    const values: DiaryValues = entry
      ? {
          data: dayjs(entry.data).format('DD-MM-YYYY'),
          soggettivo: entry.soggettivo ?? '',
          oggettivo: entry.oggettivo ?? '',
          valutazione: entry.valutazione ?? '',
          piano: entry.piano ?? '',
          trattamenti: entry.trattamenti ?? '',
        }
      : { data: dayOf(prefill?.start), soggettivo: '', oggettivo: '', valutazione: '', piano: '', trattamenti: '' };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  }, [opened, entry, prefill]);

  const eventId = entry ? entry.eventId : (prefill?.eventId ?? null);
  const start = entry ? entry.appuntamentoInizio : (prefill?.start ?? null);
  const pazienteId = entry?.pazienteId ?? prefill?.pazienteId ?? '';
  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({
        ...(entry ? { id: entry.id } : {}),
        pazienteId,
        eventId,
        ...values,
        data: uiToIsoDay(values.data),
      });
      onClose();
    } catch (e) {
      applyServerFieldErrors(form, e);
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={() => !save.isPending && onClose()}
      title={`${entry ? t.editDiary : t.newDiary}${prefill?.patientName ? ` · ${prefill.patientName}` : ''}`}
      size="lg"
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': 'Chiudi' }}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          {start && (
            <Alert variant="light" color="teal" py={6}>
              {t.appointment(formatDateTime(start))}
            </Alert>
          )}
          <DateField
            label={t.date}
            value={form.values.data}
            onChange={(v) => form.setFieldValue('data', v)}
            error={form.errors.data}
            clearable={false}
            {...requiredField}
          />
          {diaryTextFields.map((f) => (
            <Textarea
              key={f}
              label={diaryFieldLabels[f]}
              placeholder={hints[f]}
              autosize
              minRows={2}
              maxRows={10}
              {...form.getInputProps(f)}
            />
          ))}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {t.cancel}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
