import {
  Alert,
  Button,
  Checkbox,
  FileButton,
  Group,
  Modal,
  Pagination,
  ScrollArea,
  Select,
  Stack,
  Stepper,
  Table,
  Text,
} from '@mantine/core';
import {
  type AppointmentImport,
  type AppointmentImportField,
  type AppointmentImportPreviewRowView,
  type AppointmentImportUndoResult,
  appointmentImportFieldLabels,
  appointmentImportFields,
  importCountsSummary,
} from '@studiolo/domain/imports';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  ImportColumnsTable,
  ImportOutcomeStep,
  ImportPreviewRow,
  rememberedImportStore,
} from '../../../components/import-steps.tsx';
import { HttpError } from '../../../lib/http.ts';
import {
  type AppointmentImportRowsPage,
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
  button: 'Importa appuntamenti',
  title: 'Importa appuntamenti',
  steps: ['File', 'Colonne', 'Anteprima', 'Opzioni', 'Importazione'],
  fileHelp:
    'Esporta l’agenda dal programma che usavi (o da Google Calendar) in CSV o Excel (.xlsx): una riga per appuntamento con data, ora di inizio, ora di fine o durata e il paziente (codice fiscale, oppure cognome e nome). Nulla viene salvato finché non confermi.',
  patientsFirst:
    'I pazienti non vengono creati: se non sono ancora in Studiolo, importa prima i pazienti (Pazienti › Importa pazienti).',
  chooseFile: 'Scegli il file',
  uploading: 'Controllo del file…',
  columnsHelp: 'Abbiamo abbinato le colonne del file ai dati dell’appuntamento: controlla e cambia dove serve.',
  summary: importCountsSummary,
  onlyProblems: 'Solo righe con problemi',
  row: 'Riga',
  appointment: 'Appuntamento',
  problems: 'Problemi',
  choice: 'Scelta',
  noProblems: 'Nessuna riga con problemi.',
  skip: 'Salta',
  importRow: 'Importa',
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
  next: 'Avanti',
  back: 'Indietro',
} as const;

const fieldOptions = appointmentImportFields.map((f) => ({ value: f, label: appointmentImportFieldLabels[f] }));
const labelOf = (field: string) =>
  field === 'riga' ? 'Riga' : (appointmentImportFieldLabels[field as AppointmentImportField] ?? field);
const lastImport = rememberedImportStore('studiolo.lastAppointmentImport');
const messageOf = (e: unknown) => (e instanceof HttpError ? e.message : 'Operazione non riuscita.');

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
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [imp, setImp] = useState<AppointmentImport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [onlyProblems, setOnlyProblems] = useState(true);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<AppointmentImportRowsPage | null>(null);
  const [undo, setUndo] = useState<AppointmentImportUndoResult | null>(null);

  const run = async <T,>(action: () => Promise<T>): Promise<T | null> => {
    setBusy(true);
    setError(null);
    try {
      return await action();
    } catch (e) {
      setError(messageOf(e));
      return null;
    } finally {
      setBusy(false);
    }
  };

  const loadRows = async (id: string, p = page, only = onlyProblems) => {
    const next = await run(() =>
      getAppointmentImportRows(id, { page: p - 1, size: 25, filtro: only ? 'problemi' : 'tutte' }),
    );
    if (next) setRows(next);
  };

  const change = async (changes: Parameters<typeof changeAppointmentImport>[1]) => {
    if (!imp) return;
    const next = await run(() => changeAppointmentImport(imp.id, changes));
    if (next) {
      setImp(next);
      if (step === 2) await loadRows(next.id);
    }
  };

  useEffect(() => {
    const id = lastImport.get();
    if (!id) return;
    void getAppointmentImport(id)
      .then((last) => {
        if (last.status === 'QUEUED' || last.status === 'RUNNING' || (last.status === 'DONE' && last.undoUntil)) {
          setImp(last);
          setStep(4);
        } else lastImport.set(null);
      })
      .catch(() => lastImport.set(null));
  }, []);

  const running = imp?.status === 'QUEUED' || imp?.status === 'RUNNING';
  useEffect(() => {
    if (!imp || !running) return;
    const timer = setInterval(() => {
      void getAppointmentImport(imp.id)
        .then((next) => {
          setImp(next);
          if (next.status === 'DONE') void queryClient.invalidateQueries();
        })
        .catch(() => undefined);
    }, 1000);
    return () => clearInterval(timer);
  }, [imp, running, queryClient]);

  const reset = () => {
    setStep(0);
    setImp(null);
    setRows(null);
    setUndo(null);
    setError(null);
    onClose();
  };

  const counts = imp?.counts ?? null;
  const toWrite = counts?.toImport ?? 0;
  const t = appointmentImportTexts;

  return (
    <Modal opened={opened} onClose={reset} title={t.title} size="64rem" closeOnClickOutside={false}>
      <Stack gap="md">
        <Stepper active={step} size="xs" allowNextStepsSelect={false}>
          {t.steps.map((s) => (
            <Stepper.Step key={s} label={s} />
          ))}
        </Stepper>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}

        {step === 0 && (
          <Stack gap="sm">
            <Text size="sm">{t.fileHelp}</Text>
            <Alert color="blue">{t.patientsFirst}</Alert>
            <FileButton
              accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(file) => {
                if (!file) return;
                void run(() => uploadAppointmentImport(file)).then((next) => {
                  if (next) {
                    setImp(next);
                    setStep(1);
                  }
                });
              }}
            >
              {(props) => (
                <Button {...props} loading={busy} w="fit-content">
                  {t.chooseFile}
                </Button>
              )}
            </FileButton>
            {busy && <Text size="sm">{t.uploading}</Text>}
          </Stack>
        )}

        {step === 1 && imp && (
          <Stack gap="sm">
            <Text size="sm">{t.columnsHelp}</Text>
            {imp.mappingProblem && <Alert color="orange">{imp.mappingProblem}</Alert>}
            <ImportColumnsTable
              columns={imp.columns}
              mapping={imp.mapping}
              options={fieldOptions}
              onChange={(column, field) =>
                void change({ mapping: [{ column, field: field as AppointmentImportField | null }] })
              }
            />
            {counts && <Text size="sm">{t.summary(counts)}</Text>}
            <Group justify="flex-end">
              <Button
                disabled={Boolean(imp.mappingProblem)}
                onClick={() => {
                  setStep(2);
                  setPage(1);
                  void loadRows(imp.id, 1);
                }}
              >
                {t.next}
              </Button>
            </Group>
          </Stack>
        )}

        {step === 2 && imp && (
          <Stack gap="sm">
            {counts && <Text size="sm">{t.summary(counts)}</Text>}
            <Checkbox
              label={t.onlyProblems}
              checked={onlyProblems}
              onChange={(e) => {
                const only = e.currentTarget.checked;
                setOnlyProblems(only);
                setPage(1);
                void loadRows(imp.id, 1, only);
              }}
            />
            {rows && rows.content.length === 0 ? (
              <Text size="sm">{t.noProblems}</Text>
            ) : (
              <ScrollArea.Autosize mah={420}>
                <Table aria-label="Anteprima delle righe" verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t.row}</Table.Th>
                      <Table.Th>{t.appointment}</Table.Th>
                      <Table.Th>{t.problems}</Table.Th>
                      <Table.Th>{t.choice}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows?.content.map((r) => (
                      <ImportPreviewRow
                        key={r.row}
                        row={r}
                        subject={<Subject row={r} />}
                        labelOf={labelOf}
                        choices={[
                          { value: 'import', label: r.duplicate ? t.importAnyway : t.importRow },
                          { value: 'skip', label: t.skip },
                        ]}
                        onFix={(row, field, value) => change({ fixes: [{ row, values: { [field]: value } }] })}
                        onChoice={(row, choice) => change({ choices: [{ row, choice: choice as 'import' | 'skip' }] })}
                      />
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            )}
            {rows && rows.totalPages > 1 && (
              <Pagination
                total={rows.totalPages}
                value={page}
                onChange={(p) => {
                  setPage(p);
                  void loadRows(imp.id, p);
                }}
              />
            )}
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStep(1)}>
                {t.back}
              </Button>
              <Button onClick={() => setStep(3)}>{t.next}</Button>
            </Group>
          </Stack>
        )}

        {step === 3 && imp && (
          <Stack gap="sm">
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
            {counts && <Text size="sm">{t.ready(counts)}</Text>}
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStep(2)}>
                {t.back}
              </Button>
              <Button
                disabled={toWrite === 0}
                loading={busy}
                onClick={() =>
                  void run(() => startAppointmentImport(imp.id)).then((next) => {
                    if (next) {
                      lastImport.set(next.id);
                      setImp(next);
                      setStep(4);
                    }
                  })
                }
              >
                {t.start(toWrite)}
              </Button>
            </Group>
          </Stack>
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
            busy={busy}
            onReport={() => void run(() => downloadAppointmentImportReport(imp.id))}
            onUndo={() =>
              void run(() => undoAppointmentImport(imp.id)).then(async (result) => {
                if (!result) return;
                setUndo(result);
                lastImport.set(null);
                setImp(await getAppointmentImport(imp.id));
                void queryClient.invalidateQueries();
              })
            }
            onNew={() => {
              lastImport.set(null);
              setImp(null);
              setRows(null);
              setUndo(null);
              setError(null);
              setStep(0);
            }}
            onClose={reset}
          />
        )}
      </Stack>
    </Modal>
  );
};
