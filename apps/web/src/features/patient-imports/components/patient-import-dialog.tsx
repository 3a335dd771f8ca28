import {
  Alert,
  Button,
  Checkbox,
  FileButton,
  Group,
  List,
  Modal,
  Pagination,
  Progress,
  ScrollArea,
  Select,
  Stack,
  Stepper,
  Table,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import {
  type ImportField,
  type ImportPreviewRowView,
  type ImportUndoResult,
  importCountsSummary,
  importFieldLabels,
  importFields,
  type PatientImport,
} from '@studiolo/domain/imports';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { HttpError } from '../../../lib/http.ts';
import {
  changePatientImport,
  downloadPatientImportReport,
  getPatientImport,
  getPatientImportRows,
  type ImportRowsPage,
  startPatientImport,
  undoPatientImport,
  uploadPatientImport,
} from '../api/patient-imports.ts';
import { patientImportButtonText } from './patient-import-button.tsx';

/** Texts of Pazienti › Importa (not worded in the spec: decision 039). */
export const importTexts = {
  title: patientImportButtonText,
  steps: ['File', 'Colonne', 'Anteprima', 'Etichette', 'Importazione'],
  fileHelp:
    'Esporta i pazienti dal programma che usavi in CSV o Excel (.xlsx), fino a 50.000 righe e 20 MB. Nulla viene salvato finché non confermi l’importazione.',
  chooseFile: 'Scegli il file',
  uploading: 'Controllo del file…',
  supportHint: 'Il file non si legge? Scrivi all’assistenza: lo importiamo noi entro 24 ore.',
  columnsHelp: 'Abbiamo abbinato le colonne del file ai campi di Studiolo: controlla e cambia dove serve.',
  notImported: '— Non importare —',
  column: 'Colonna del file',
  field: 'Campo di Studiolo',
  summary: importCountsSummary,
  onlyProblems: 'Solo righe con problemi',
  row: 'Riga',
  patient: 'Paziente',
  problems: 'Problemi',
  choice: 'Scelta',
  noProblems: 'Nessuna riga con problemi.',
  fix: 'Correggi',
  save: 'Salva',
  cancel: 'Annulla',
  skip: 'Salta',
  importRow: 'Importa',
  update: 'Aggiorna il paziente',
  invalidSkipped: 'Da correggere',
  tagsHelp: 'Le etichette vengono aggiunte a ogni paziente importato (es. «Importati 2026»).',
  tagsLabel: 'Etichette',
  ready: (c: NonNullable<PatientImport['counts']>) =>
    `Verranno importati ${c.toImport} pazienti${c.toUpdate ? `, aggiornati ${c.toUpdate}` : ''} e saltate ${c.toSkip} righe.`,
  start: (n: number) => `Importa ${n} pazienti`,
  progressLabel: 'Avanzamento dell’importazione',
  progress: (written: number, total: number) => `${written} di ${total} righe scritte`,
  done: (r: PatientImport['result']) =>
    `Importazione completata: ${r.imported} importati, ${r.updated} aggiornati, ${r.skipped} saltati.`,
  failed: 'L’importazione si è interrotta: riprenderà da sola dal punto in cui si è fermata.',
  report: 'Scarica l’esito (CSV)',
  undo: 'Annulla importazione',
  undoUntil: (iso: string) =>
    `Puoi annullare l’importazione fino al ${new Date(iso).toLocaleString('it-IT', { dateStyle: 'short', timeStyle: 'short' })}.`,
  undone: (n: number) => `Importazione annullata: ${n} pazienti rimossi.`,
  kept: 'Pazienti mantenuti:',
  newImport: 'Nuova importazione',
  next: 'Avanti',
  back: 'Indietro',
  close: 'Chiudi',
} as const;

const fieldOptions = [
  { value: '', label: importTexts.notImported },
  ...importFields.map((f) => ({ value: f, label: importFieldLabels[f] })),
];
const labelOf = (field: string) => importFieldLabels[field as ImportField] ?? field;
const nameOf = (v: Record<string, string>) =>
  [v.cognome, v.nome].filter(Boolean).join(' ') || v.ragioneSociale || v.nomeCompleto || '—';
/** The last import started here, reopened with its outcome and undo while it can be undone (24 hours). */
const lastImportKey = 'studiolo.lastPatientImport';
const rememberImport = (id: string | null) => {
  try {
    if (id) localStorage.setItem(lastImportKey, id);
    else localStorage.removeItem(lastImportKey);
  } catch {
    // storage unavailable (private mode): the dialog simply starts afresh next time
  }
};
const rememberedImport = () => {
  try {
    return localStorage.getItem(lastImportKey);
  } catch {
    return null;
  }
};

const messageOf = (e: unknown) => (e instanceof HttpError ? e.message : 'Operazione non riuscita.');

/** One row of the preview: its problems, a cell to correct, the choice for a duplicate. */
const PreviewRow = ({
  row,
  onFix,
  onChoice,
}: {
  row: ImportPreviewRowView;
  onFix: (row: number, field: string, value: string) => Promise<void>;
  onChoice: (row: number, choice: 'skip' | 'update' | 'import') => Promise<void>;
}) => {
  const [editing, setEditing] = useState<string | null>(null);
  const [value, setValue] = useState('');
  const issues = [...row.problems, ...row.warnings];
  return (
    <Table.Tr data-testid="import-row">
      <Table.Td>{row.row}</Table.Td>
      <Table.Td>{nameOf(row.values)}</Table.Td>
      <Table.Td>
        <Stack gap={4}>
          {row.problems.map((p) => (
            <Group key={`${p.field}-${p.message}`} gap={6} wrap="nowrap" align="flex-start">
              <Text size="sm" c="red.8">
                <strong>{labelOf(p.field)}</strong>: {p.message}
              </Text>
              {p.field !== 'riga' && (
                <Button
                  size="compact-xs"
                  style={{ flexShrink: 0 }}
                  variant="light"
                  aria-label={`${importTexts.fix} ${labelOf(p.field)} della riga ${row.row}`}
                  onClick={() => {
                    setEditing(p.field);
                    setValue(row.values[p.field] ?? '');
                  }}
                >
                  {importTexts.fix}
                </Button>
              )}
            </Group>
          ))}
          {row.warnings.map((p) => (
            <Text key={`${p.field}-${p.message}`} size="sm" c="orange.9">
              <strong>{labelOf(p.field)}</strong>: {p.message}
            </Text>
          ))}
          {row.duplicate && (
            <Text size="sm" c="blue.9">
              {row.duplicate.message}
            </Text>
          )}
          {issues.length === 0 && !row.duplicate && (
            <Text size="sm" c="dimmed">
              —
            </Text>
          )}
          {editing && (
            <Group gap={6} align="flex-end">
              <TextInput
                size="xs"
                label={`${labelOf(editing)} (riga ${row.row})`}
                value={value}
                onChange={(e) => setValue(e.currentTarget.value)}
              />
              <Button
                size="xs"
                onClick={() => {
                  void onFix(row.row, editing, value).then(() => setEditing(null));
                }}
              >
                {importTexts.save}
              </Button>
              <Button size="xs" variant="default" onClick={() => setEditing(null)}>
                {importTexts.cancel}
              </Button>
            </Group>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        {!row.ok ? (
          <Text size="sm" fw={600} c="red.8" style={{ whiteSpace: 'nowrap' }}>
            {importTexts.invalidSkipped}
          </Text>
        ) : (
          <Select
            size="xs"
            aria-label={`${importTexts.choice} riga ${row.row}`}
            allowDeselect={false}
            value={row.choice}
            data={[
              ...(row.duplicate ? [] : [{ value: 'import', label: importTexts.importRow }]),
              { value: 'skip', label: importTexts.skip },
              ...(row.duplicate?.kind === 'existing' ? [{ value: 'update', label: importTexts.update }] : []),
            ]}
            onChange={(v) => v && void onChoice(row.row, v as 'skip' | 'update' | 'import')}
          />
        )}
      </Table.Td>
    </Table.Tr>
  );
};

/**
 * Pazienti › Importa (issue 30 item 1): file → columns → preview (problems, corrections, duplicates) → tags → import
 * with its progress → the report, its download and the undo. Every check is the server's (decision 039).
 */
export const PatientImportDialog = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [imp, setImp] = useState<PatientImport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [onlyProblems, setOnlyProblems] = useState(true);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<ImportRowsPage | null>(null);
  const [undo, setUndo] = useState<ImportUndoResult | null>(null);

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
      getPatientImportRows(id, { page: p - 1, size: 25, filtro: only ? 'problemi' : 'tutte' }),
    );
    if (next) setRows(next);
  };

  const change = async (changes: Parameters<typeof changePatientImport>[1]) => {
    if (!imp) return;
    const next = await run(() => changePatientImport(imp.id, changes));
    if (next) {
      setImp(next);
      if (step === 2) await loadRows(next.id);
    }
  };

  // the last import, while it runs or can be undone, opens where it is
  useEffect(() => {
    const id = rememberedImport();
    if (!id) return;
    void getPatientImport(id)
      .then((last) => {
        if (last.status === 'QUEUED' || last.status === 'RUNNING' || (last.status === 'DONE' && last.undoUntil)) {
          setImp(last);
          setStep(4);
        } else rememberImport(null);
      })
      .catch(() => rememberImport(null));
  }, []);

  // while the import runs: its progress every second
  const running = imp?.status === 'QUEUED' || imp?.status === 'RUNNING';
  useEffect(() => {
    if (!imp || !running) return;
    const timer = setInterval(() => {
      void getPatientImport(imp.id)
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
  const toWrite = counts ? counts.toImport + counts.toUpdate : 0;

  return (
    <Modal opened={opened} onClose={reset} title={importTexts.title} size="64rem" closeOnClickOutside={false}>
      <Stack gap="md">
        <Stepper active={step} size="xs" allowNextStepsSelect={false}>
          {importTexts.steps.map((s) => (
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
            <Text size="sm">{importTexts.fileHelp}</Text>
            <FileButton
              accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(file) => {
                if (!file) return;
                void run(() => uploadPatientImport(file)).then((next) => {
                  if (next) {
                    setImp(next);
                    setStep(1);
                  }
                });
              }}
            >
              {(props) => (
                <Button {...props} loading={busy} w="fit-content">
                  {importTexts.chooseFile}
                </Button>
              )}
            </FileButton>
            {busy && <Text size="sm">{importTexts.uploading}</Text>}
            <Text size="xs" c="dimmed">
              {importTexts.supportHint}
            </Text>
          </Stack>
        )}

        {step === 1 && imp && (
          <Stack gap="sm">
            <Text size="sm">{importTexts.columnsHelp}</Text>
            {imp.mappingProblem && <Alert color="orange">{imp.mappingProblem}</Alert>}
            <ScrollArea.Autosize mah={380}>
              <Table aria-label="Abbinamento delle colonne">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{importTexts.column}</Table.Th>
                    <Table.Th>{importTexts.field}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {imp.columns.map((name, column) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional, names may repeat
                    <Table.Tr key={column}>
                      <Table.Td>{name || `Colonna ${column + 1}`}</Table.Td>
                      <Table.Td>
                        <Select
                          size="xs"
                          aria-label={`Campo per la colonna ${name || column + 1}`}
                          allowDeselect={false}
                          data={fieldOptions}
                          value={imp.mapping[column] ?? ''}
                          onChange={(v) => void change({ mapping: [{ column, field: v ? (v as ImportField) : null }] })}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
            {counts && <Text size="sm">{importTexts.summary(counts)}</Text>}
            <Group justify="flex-end">
              <Button
                disabled={Boolean(imp.mappingProblem)}
                onClick={() => {
                  setStep(2);
                  setPage(1);
                  void loadRows(imp.id, 1);
                }}
              >
                {importTexts.next}
              </Button>
            </Group>
          </Stack>
        )}

        {step === 2 && imp && (
          <Stack gap="sm">
            {counts && <Text size="sm">{importTexts.summary(counts)}</Text>}
            <Checkbox
              label={importTexts.onlyProblems}
              checked={onlyProblems}
              onChange={(e) => {
                const only = e.currentTarget.checked;
                setOnlyProblems(only);
                setPage(1);
                void loadRows(imp.id, 1, only);
              }}
            />
            {rows && rows.content.length === 0 ? (
              <Text size="sm">{importTexts.noProblems}</Text>
            ) : (
              <ScrollArea.Autosize mah={420}>
                <Table aria-label="Anteprima delle righe" verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{importTexts.row}</Table.Th>
                      <Table.Th>{importTexts.patient}</Table.Th>
                      <Table.Th>{importTexts.problems}</Table.Th>
                      <Table.Th>{importTexts.choice}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows?.content.map((r) => (
                      <PreviewRow
                        key={r.row}
                        row={r}
                        onFix={(row, field, value) => change({ fixes: [{ row, values: { [field]: value } }] })}
                        onChoice={(row, choice) => change({ choices: [{ row, choice }] })}
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
                {importTexts.back}
              </Button>
              <Button onClick={() => setStep(3)}>{importTexts.next}</Button>
            </Group>
          </Stack>
        )}

        {step === 3 && imp && (
          <Stack gap="sm">
            <TagsInput
              label={importTexts.tagsLabel}
              description={importTexts.tagsHelp}
              value={imp.tags}
              onChange={(tags) => void change({ tags })}
              maxTags={10}
            />
            {counts && <Text size="sm">{importTexts.ready(counts)}</Text>}
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStep(2)}>
                {importTexts.back}
              </Button>
              <Button
                disabled={toWrite === 0}
                loading={busy}
                onClick={() =>
                  void run(() => startPatientImport(imp.id)).then((next) => {
                    if (next) {
                      rememberImport(next.id);
                      setImp(next);
                      setStep(4);
                    }
                  })
                }
              >
                {importTexts.start(toWrite)}
              </Button>
            </Group>
          </Stack>
        )}

        {step === 4 && imp && (
          <Stack gap="sm">
            {running && (
              <>
                <Progress
                  aria-label={importTexts.progressLabel}
                  value={imp.progress.toWrite ? (100 * imp.progress.written) / imp.progress.toWrite : 0}
                  animated
                />
                <Text size="sm">{importTexts.progress(imp.progress.written, imp.progress.toWrite)}</Text>
                {imp.error && <Alert color="orange">{importTexts.failed}</Alert>}
              </>
            )}
            {(imp.status === 'DONE' || imp.status === 'UNDONE') && (
              <>
                <Progress aria-label={importTexts.progressLabel} value={100} />
                <Alert color="teal" role="status">
                  {importTexts.done(imp.result)}
                </Alert>
                <Group>
                  <Button variant="default" onClick={() => void run(() => downloadPatientImportReport(imp.id))}>
                    {importTexts.report}
                  </Button>
                  {imp.status === 'DONE' && imp.undoUntil && (
                    <Button
                      color="red"
                      variant="light"
                      loading={busy}
                      onClick={() =>
                        void run(() => undoPatientImport(imp.id)).then(async (result) => {
                          if (!result) return;
                          setUndo(result);
                          rememberImport(null);
                          setImp(await getPatientImport(imp.id));
                          void queryClient.invalidateQueries();
                        })
                      }
                    >
                      {importTexts.undo}
                    </Button>
                  )}
                </Group>
                {imp.status === 'DONE' && imp.undoUntil && (
                  <Text size="xs" c="dimmed">
                    {importTexts.undoUntil(imp.undoUntil)}
                  </Text>
                )}
              </>
            )}
            {undo && (
              <Alert color="blue" role="status" title={importTexts.undone(undo.removed)}>
                {undo.kept.length > 0 && (
                  <>
                    <Text size="sm">{importTexts.kept}</Text>
                    <List size="sm">
                      {undo.kept.map((k) => (
                        <List.Item key={k.patientId}>
                          {k.name}: {k.reason}
                        </List.Item>
                      ))}
                    </List>
                  </>
                )}
              </Alert>
            )}
            <Group justify="flex-end">
              {!running && (
                <Button
                  variant="default"
                  onClick={() => {
                    rememberImport(null);
                    setImp(null);
                    setRows(null);
                    setUndo(null);
                    setError(null);
                    setStep(0);
                  }}
                >
                  {importTexts.newImport}
                </Button>
              )}
              <Button variant="default" onClick={reset}>
                {importTexts.close}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
};
