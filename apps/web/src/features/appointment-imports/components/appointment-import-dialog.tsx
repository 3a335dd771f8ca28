import { Checkbox, Select, Stack, Text } from '@mantine/core';
import {
  type AppointmentImport,
  type AppointmentImportChanges,
  type AppointmentImportField,
  type AppointmentImportPreviewRowView,
  type AppointmentImportUndoResult,
  appointmentImportFieldLabels,
  appointmentImportFields,
} from '@studiolo/domain/imports';
import {
  ImportColumnsStep,
  ImportDialogFrame,
  ImportFileStep,
  ImportOptionsStep,
  ImportOutcomeStep,
  ImportPreviewStep,
  importStepTexts,
} from '../../../components/import-steps.tsx';
import { type ImportFlowApi, rememberedImportStore, useImportFlow } from '../../../components/use-import-flow.ts';
import {
  changeAppointmentImport,
  downloadAppointmentImportReport,
  getAppointmentImport,
  getAppointmentImportRows,
  startAppointmentImport,
  undoAppointmentImport,
  uploadAppointmentImport,
} from '../api/appointment-imports.ts';

/** Texts of Calendario › Importa appuntamenti (not worded in the spec: decision 045). */
export const appointmentImportTexts = {
  title: 'Importa appuntamenti',
  steps: ['File', 'Colonne', 'Anteprima', 'Opzioni', 'Importazione'],
  fileHelp:
    'Esporta l’agenda dal programma che usavi (o da Google Calendar) in CSV o Excel (.xlsx): una riga per appuntamento con data, ora di inizio, ora di fine o durata e il paziente (codice fiscale, oppure cognome e nome). Nulla viene salvato finché non confermi.',
  patientsFirst:
    'I pazienti non vengono creati: se non sono ancora in Studiolo, importa prima i pazienti (Pazienti › Importa pazienti).',
  columnsHelp: 'Abbiamo abbinato le colonne del file ai dati dell’appuntamento: controlla e cambia dove serve.',
  appointment: 'Appuntamento',
  importAnyway: 'Importa comunque',
  calendar: 'Calendario',
  calendarHelp: 'Il calendario in cui inserire gli appuntamenti importati.',
  pastPaid: 'Segna come saldati gli appuntamenti passati',
  pastPaidHelp:
    'I pagamenti erano registrati nel programma precedente: senza questa scelta gli appuntamenti passati compaiono tra quelli da saldare.',
  noMessages:
    'Ai pazienti non viene inviato nessun messaggio per l’importazione. I promemoria degli appuntamenti futuri partono come per gli altri appuntamenti, se sono attivi.',
  ready: (c: NonNullable<AppointmentImport['counts']>) =>
    `Verranno importati ${c.toImport} appuntamenti e saltate ${c.toSkip} righe.`,
  start: (n: number) => `Importa ${n} appuntamenti`,
  done: (r: AppointmentImport['result']) =>
    `Importazione completata: ${r.imported} appuntamenti importati, ${r.skipped} righe saltate.`,
  undone: (n: number) => `Importazione annullata: ${n} appuntamenti rimossi.`,
  kept: 'Appuntamenti mantenuti:',
} as const;

const fieldOptions = appointmentImportFields.map((f) => ({ value: f, label: appointmentImportFieldLabels[f] }));
const labelOf = (field: string) =>
  field === 'riga' ? 'Riga' : (appointmentImportFieldLabels[field as AppointmentImportField] ?? field);
const api: ImportFlowApi<
  AppointmentImport,
  AppointmentImportPreviewRowView,
  AppointmentImportChanges,
  AppointmentImportUndoResult
> = {
  remembered: rememberedImportStore('studiolo.lastAppointmentImport'),
  upload: uploadAppointmentImport,
  get: getAppointmentImport,
  rows: getAppointmentImportRows,
  change: changeAppointmentImport,
  start: startAppointmentImport,
  undo: undoAppointmentImport,
  report: downloadAppointmentImportReport,
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('it-IT', {
    timeZone: 'Europe/Rome',
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
const endTime = (iso: string) =>
  new Date(iso).toLocaleTimeString('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' });

/** The row's appointment as it will be written, or what the file says when the row cannot be read. */
const Subject = ({ row }: { row: AppointmentImportPreviewRowView }) => {
  const a = row.appointment;
  if (!a) {
    const v = row.values;
    const who = v.paziente ?? ([v.cognome, v.nome].filter(Boolean).join(' ') || v.codiceFiscale || '—');
    return (
      <Text size="sm">
        {[v.data, v.oraInizio].filter(Boolean).join(' ')} · {who}
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {a.patientName}
      </Text>
      <Text size="xs">
        {when(a.start)}–{endTime(a.end)}
      </Text>
      {(a.serviceName || a.staffName) && (
        <Text size="xs" c="dimmed">
          {[a.serviceName, a.staffName].filter(Boolean).join(' · ')}
        </Text>
      )}
    </Stack>
  );
};

/**
 * Calendario › Importa appuntamenti (issue 30 item 2): file → columns → preview (patients matched, problems,
 * corrections, duplicates) → options (calendar, past as paid) → import with its progress → report and undo. Every
 * check is the server's (decision 045).
 */
export const AppointmentImportDialog = ({
  opened,
  onClose,
  calendars,
}: {
  opened: boolean;
  onClose: () => void;
  calendars: { id: string; summary: string }[];
}) => {
  const flow = useImportFlow(api, onClose);
  const { step, imp, undo, change } = flow;
  const counts = imp?.counts ?? null;
  const toWrite = counts?.toImport ?? 0;
  const t = appointmentImportTexts;

  return (
    <ImportDialogFrame
      opened={opened}
      title={t.title}
      steps={t.steps}
      step={step}
      error={flow.error}
      onClose={flow.close}
    >
      {step === 0 && (
        <ImportFileStep help={t.fileHelp} notice={t.patientsFirst} busy={flow.busy} onFile={flow.upload} />
      )}

      {step === 1 && imp && (
        <ImportColumnsStep
          help={t.columnsHelp}
          imp={imp}
          options={fieldOptions}
          onChange={(column, field) =>
            void change({ mapping: [{ column, field: field as AppointmentImportField | null }] })
          }
          onNext={flow.toPreview}
        />
      )}

      {step === 2 && imp && (
        <ImportPreviewStep
          counts={counts}
          subjectTitle={t.appointment}
          onlyProblems={flow.onlyProblems}
          onOnlyProblems={flow.showOnlyProblems}
          rows={flow.rows}
          page={flow.page}
          onPage={flow.toPage}
          subjectOf={(r) => <Subject row={r} />}
          labelOf={labelOf}
          choicesOf={(r) => [
            { value: 'import', label: r.duplicate ? t.importAnyway : importStepTexts.importRow },
            { value: 'skip', label: importStepTexts.skip },
          ]}
          onFix={(row, field, value) => change({ fixes: [{ row, values: { [field]: value } }] })}
          onChoice={(row, choice) => change({ choices: [{ row, choice: choice as 'import' | 'skip' }] })}
          onBack={() => flow.setStep(1)}
          onNext={() => flow.setStep(3)}
        />
      )}

      {step === 3 && imp && (
        <ImportOptionsStep
          ready={counts && t.ready(counts)}
          startLabel={t.start(toWrite)}
          canStart={toWrite > 0}
          busy={flow.busy}
          onBack={() => flow.setStep(2)}
          onStart={flow.start}
        >
          <Select
            label={t.calendar}
            description={t.calendarHelp}
            allowDeselect={false}
            data={calendars.map((c) => ({ value: c.id, label: c.summary }))}
            value={imp.calendarId ?? calendars[0]?.id ?? null}
            onChange={(v) => v && void change({ calendarId: v })}
            maw={420}
          />
          <Checkbox
            label={t.pastPaid}
            description={t.pastPaidHelp}
            checked={imp.pastPaid}
            onChange={(e) => void change({ pastPaid: e.currentTarget.checked })}
          />
          <Text size="sm" c="dimmed">
            {t.noMessages}
          </Text>
        </ImportOptionsStep>
      )}

      {step === 4 && imp && (
        <ImportOutcomeStep
          imp={imp}
          doneText={t.done(imp.result)}
          undone={
            undo && {
              title: t.undone(undo.removed),
              keptTitle: t.kept,
              kept: undo.kept.map((k) => ({ key: k.eventId, name: k.name, reason: k.reason })),
            }
          }
          busy={flow.busy}
          onReport={flow.report}
          onUndo={flow.undoImport}
          onNew={flow.newImport}
          onClose={flow.close}
        />
      )}
    </ImportDialogFrame>
  );
};
