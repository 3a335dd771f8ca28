import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { calendarMessages as m } from '@studiolo/domain/calendar';
import { IconAlertTriangle, IconMail } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { saveBlob } from '../../../lib/download.ts';
import { requiredField } from '../../../lib/form.ts';
import { isHttpError, showToast } from '../../../lib/http.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { type BulkEventsQuery, bulkDeleteEvents, countBulkEvents, exportEvents } from '../api/bulk-events.ts';
import { checkBulkRange, normalizeTypedDate } from '../bulk-range.ts';
import { type IsoDay, longItalianDate } from '../calendar-dates.ts';
import { useCalendarDeps } from './calendar-deps.tsx';

export type BulkMode = 'delete' | 'export';

/** spec part 1 §4: what a bulk dialog closes with. */
export type BulkResult =
  | { success: false; cancelled: true }
  | { success: true; deletedCount?: number }
  | { success: false; error: string };

/** The labels and notices of the two dialogs that the spec describes but does not word (decided). */
export const bulkTexts = {
  start: 'Data inizio',
  end: 'Data fine',
  datePlaceholder: 'GG-MM-AAAA',
  patient: 'Paziente',
  range: (start: IsoDay, end: IsoDay) => `dal ${longItalianDate(start)} al ${longItalianDate(end)}`,
  patientLine: (name: string) => `Paziente: ${name}`,
  backupBody: "Prima dell'eliminazione ti invieremo via email un backup completo in CSV degli eventi selezionati.",
  irreversibleBody:
    'Gli eventi verranno eliminati definitivamente da Studiolo. Il calendario esterno collegato non viene modificato.',
  exported: 'Il download del file è iniziato.',
} as const;

type Found = { count: number; start: IsoDay; end: IsoDay; patient: { id: string; name: string } | null };

type Step =
  | { name: 'form'; error: string | null }
  | { name: 'searching' }
  | { name: 'summary'; found: Found }
  | { name: 'running'; found: Found };

const queryOf = (f: Pick<Found, 'start' | 'end' | 'patient'>): BulkEventsQuery => ({
  start: f.start,
  end: f.end,
  ...(f.patient ? { pazienteIds: f.patient.id } : {}),
});

/**
 * "Elimina eventi calendario" and "Esporta eventi calendario" (spec part 1 §2, §4, §5, §8): step 1 a range and an
 * optional patient, "Cerca Eventi" counts the events; step 2 the summary and the action. The close icon cancels.
 */
export const BulkEventsDialog = ({
  mode,
  opened,
  onClose,
}: {
  mode: BulkMode;
  opened: boolean;
  onClose: (result: BulkResult) => void;
}) => {
  const isPhone = useIsPhone();
  const { PatientField } = useCalendarDeps();
  const [startText, setStartText] = useState('');
  const [endText, setEndText] = useState('');
  const [touched, setTouched] = useState({ start: false, end: false });
  const [patient, setPatient] = useState<{ id: string; name: string } | null>(null);
  const [acknowledged, setAcknowledged] = useState(false);
  const [step, setStep] = useState<Step>({ name: 'form', error: null });

  useEffect(() => {
    if (!opened) return;
    setStartText('');
    setEndText('');
    setTouched({ start: false, end: false });
    setPatient(null);
    setAcknowledged(false);
    setStep({ name: 'form', error: null });
  }, [opened]);

  const check = checkBulkRange(startText, endText);
  const isDelete = mode === 'delete';
  const busy = step.name === 'searching' || step.name === 'running';

  const search = async () => {
    setTouched({ start: true, end: true });
    if (!check.range || busy) return;
    const base = { ...check.range, patient };
    setStep({ name: 'searching' });
    try {
      const { count } = await countBulkEvents(queryOf(base));
      if (count === 0) setStep({ name: 'form', error: m.noEventsFound });
      else setStep({ name: 'summary', found: { ...base, count } });
    } catch {
      setStep({ name: 'form', error: m.countFailed });
    }
  };

  const back = () => {
    // spec part 1 §4: "Indietro" returns to the form; for delete it also clears the acknowledgement
    if (isDelete) setAcknowledged(false);
    setStep({ name: 'form', error: null });
  };

  const failWith = (error: unknown, fallback: string) => {
    const message = isHttpError(error) && error.answer ? error.message : fallback;
    // lib/http.ts has shown most failures already; a 503 (the backup mail failed) is left to the caller
    if (!(isHttpError(error) && error.notified)) showToast('ERROR', message);
    onClose({ success: false, error: message });
  };

  const run = async (found: Found) => {
    setStep({ name: 'running', found });
    if (isDelete) {
      try {
        const { deletedCount } = await bulkDeleteEvents(queryOf(found));
        onClose({ success: true, deletedCount });
      } catch (error) {
        failWith(error, m.deleteFailed);
      }
      return;
    }
    try {
      const file = await exportEvents(queryOf(found));
      const fileName = file.fileName ?? `eventi-${found.start.replaceAll('-', '')}${found.end.replaceAll('-', '')}.csv`;
      // spec part 1 §4: the download starts by itself, then the dialog closes with success
      saveBlob(file.blob, fileName);
      showToast('SUCCESS', bulkTexts.exported);
      onClose({ success: true });
    } catch (error) {
      failWith(error, m.exportFailed);
    }
  };

  const title = isDelete ? m.bulkDeleteTitle : m.bulkExportTitle;
  const found = step.name === 'summary' || step.name === 'running' ? step.found : null;

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (step.name === 'running') return;
        onClose({ success: false, cancelled: true });
      }}
      title={title}
      fullScreen={isPhone}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': 'Chiudi' }}
    >
      {found === null ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void search();
          }}
        >
          <Stack gap="sm">
            <Group grow align="flex-start" gap="sm" wrap={isPhone ? 'wrap' : 'nowrap'}>
              <TextInput
                label={bulkTexts.start}
                placeholder={bulkTexts.datePlaceholder}
                inputMode="numeric"
                autoComplete="off"
                {...requiredField}
                value={startText}
                onChange={(e) => setStartText(e.currentTarget.value)}
                onBlur={() => {
                  setStartText((s) => normalizeTypedDate(s));
                  setTouched((t) => ({ ...t, start: true }));
                }}
                error={touched.start ? check.errors.start : undefined}
                disabled={busy}
              />
              <TextInput
                label={bulkTexts.end}
                placeholder={bulkTexts.datePlaceholder}
                inputMode="numeric"
                autoComplete="off"
                {...requiredField}
                value={endText}
                onChange={(e) => setEndText(e.currentTarget.value)}
                onBlur={() => {
                  setEndText((s) => normalizeTypedDate(s));
                  setTouched((t) => ({ ...t, end: true }));
                }}
                error={touched.end || (touched.start && check.errors.end && endText) ? check.errors.end : undefined}
                disabled={busy}
              />
            </Group>
            <PatientField
              label={bulkTexts.patient}
              description={isDelete ? m.bulkDeleteHint : m.bulkExportHint}
              value={patient?.id ?? null}
              onChange={(_id, p) => setPatient(p)}
            />
            {step.name === 'form' && step.error && (
              <Alert color={step.error === m.noEventsFound ? 'yellow' : 'red'} role="alert">
                {step.error}
              </Alert>
            )}
            <Group justify="flex-end" mt="sm">
              <Button type="submit" disabled={!check.range || busy} loading={step.name === 'searching'}>
                {step.name === 'searching' ? m.searching : m.searchEvents}
              </Button>
            </Group>
            {step.name === 'searching' && (
              <Text size="sm" c="dimmed" role="status">
                {m.searching}
              </Text>
            )}
          </Stack>
        </form>
      ) : (
        <Stack gap="sm">
          <div>
            <Text fw={600}>{isDelete ? m.aboutToDelete(found.count) : m.aboutToExport(found.count)}</Text>
            <Text size="sm">{bulkTexts.range(found.start, found.end)}</Text>
            {found.patient && <Text size="sm">{bulkTexts.patientLine(found.patient.name)}</Text>}
          </div>
          {isDelete && (
            <>
              <Alert color="blue" icon={<IconMail size={18} />} title={m.backupRequired}>
                {bulkTexts.backupBody}
              </Alert>
              <Alert color="red" icon={<IconAlertTriangle size={18} />} title={m.irreversible}>
                {bulkTexts.irreversibleBody}
              </Alert>
              <Checkbox
                label={m.acknowledge}
                checked={acknowledged}
                onChange={(e) => setAcknowledged(e.currentTarget.checked)}
                disabled={step.name === 'running'}
                required
              />
            </>
          )}
          <Group justify="space-between" mt="sm" gap="sm">
            <Button variant="default" onClick={back} disabled={step.name === 'running'}>
              {m.back}
            </Button>
            {isDelete ? (
              <Button
                color="red"
                onClick={() => void run(found)}
                disabled={!acknowledged || found.count === 0 || step.name === 'running'}
              >
                {step.name === 'running' ? m.deleting : m.deleteN(found.count)}
              </Button>
            ) : (
              <Button onClick={() => void run(found)} disabled={found.count === 0 || step.name === 'running'}>
                {step.name === 'running' ? m.exporting : m.exportN(found.count)}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
};
