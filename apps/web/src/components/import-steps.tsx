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
  Text,
  TextInput,
} from '@mantine/core';
import { importCountsSummary } from '@studiolo/domain/imports';
import { type ReactNode, useState } from 'react';
import { useIsPhone } from '../lib/use-is-phone.ts';

/**
 * The steps the self-service imports share (patients, decision 039; appointments, decision 045): the dialog with its
 * stepper, the file, the columns' mapping, the preview (its rows with their corrections and choice), the options
 * before the import, and the outcome with the report and the undo. Each import's dialog composes them with its own
 * texts, its options and its API calls, through useImportFlow (use-import-flow.ts).
 */
export const importStepTexts = {
  stepOf: (n: number, total: number, label: string) => `Passo ${n} di ${total}: ${label}`,
  chooseFile: 'Scegli il file',
  uploading: 'Controllo del file…',
  notImported: '— Non importare —',
  column: 'Colonna del file',
  field: 'Campo di Studiolo',
  summary: importCountsSummary,
  onlyProblems: 'Solo righe con problemi',
  row: 'Riga',
  problems: 'Problemi',
  noProblems: 'Nessuna riga con problemi.',
  fix: 'Correggi',
  save: 'Salva',
  cancel: 'Annulla',
  skip: 'Salta',
  importRow: 'Importa',
  invalidSkipped: 'Da correggere',
  choice: 'Scelta',
  progressLabel: 'Avanzamento dell’importazione',
  progress: (written: number, total: number) => `${written} di ${total} righe scritte`,
  failed: 'L’importazione si è interrotta: riprenderà da sola dal punto in cui si è fermata.',
  report: 'Scarica l’esito (CSV)',
  undo: 'Annulla importazione',
  undoUntil: (iso: string) =>
    `Puoi annullare l’importazione fino al ${new Date(iso).toLocaleString('it-IT', { dateStyle: 'short', timeStyle: 'short' })}.`,
  newImport: 'Nuova importazione',
  next: 'Avanti',
  back: 'Indietro',
  close: 'Chiudi',
} as const;

type Option = { value: string; label: string };
type Counts = Parameters<typeof importCountsSummary>[0];

/** The dialog of an import: its title, the stepper, the last error, and the step drawn below them. */
export const ImportDialogFrame = ({
  opened,
  title,
  steps,
  step,
  error,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  steps: readonly string[];
  step: number;
  error: string | null;
  onClose: () => void;
  children: ReactNode;
}) => {
  const isPhone = useIsPhone();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="64rem"
      fullScreen={isPhone}
      closeOnClickOutside={false}
    >
      <Stack gap="md">
        {/* five labelled steps do not fit a phone's width: the step in words instead */}
        {isPhone ? (
          <Text size="sm" fw={600}>
            {importStepTexts.stepOf(step + 1, steps.length, steps[step] ?? '')}
          </Text>
        ) : (
          <Stepper active={step} size="xs" allowNextStepsSelect={false}>
            {steps.map((s) => (
              <Stepper.Step key={s} label={s} />
            ))}
          </Stepper>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {children}
      </Stack>
    </Modal>
  );
};

/** The first step: what to export from the old program, the file's button, and what to know (a notice, a hint). */
export const ImportFileStep = ({
  help,
  notice,
  hint,
  busy,
  onFile,
}: {
  help: string;
  /** Drawn in a box under the help (the appointments: import the patients first). */
  notice?: string;
  /** Drawn small under the button (the patients: the support imports the file that cannot be read). */
  hint?: string;
  busy: boolean;
  onFile: (file: File) => void;
}) => (
  <Stack gap="sm">
    <Text size="sm">{help}</Text>
    {notice && <Alert color="blue">{notice}</Alert>}
    <FileButton
      accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      onChange={(file) => file && onFile(file)}
    >
      {(props) => (
        <Button {...props} loading={busy} w="fit-content">
          {importStepTexts.chooseFile}
        </Button>
      )}
    </FileButton>
    {busy && <Text size="sm">{importStepTexts.uploading}</Text>}
    {hint && (
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    )}
  </Stack>
);

/** Column → field, one select per column of the file. */
export const ImportColumnsTable = ({
  columns,
  mapping,
  options,
  onChange,
}: {
  columns: string[];
  mapping: (string | null)[];
  options: Option[];
  onChange: (column: number, field: string | null) => void;
}) => {
  const data = [{ value: '', label: importStepTexts.notImported }, ...options];
  return (
    <ScrollArea.Autosize mah={380}>
      <Table aria-label="Abbinamento delle colonne">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{importStepTexts.column}</Table.Th>
            <Table.Th>{importStepTexts.field}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {columns.map((name, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional, names may repeat
            <Table.Tr key={column}>
              <Table.Td>{name || `Colonna ${column + 1}`}</Table.Td>
              <Table.Td>
                <Select
                  size="xs"
                  aria-label={`Campo per la colonna ${name || column + 1}`}
                  allowDeselect={false}
                  data={data}
                  value={mapping[column] ?? ''}
                  onChange={(v) => onChange(column, v ? v : null)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
};

/** The second step: the columns' table, what keeps the file from being checked, the counts, "Avanti". */
export const ImportColumnsStep = ({
  help,
  imp,
  options,
  onChange,
  onNext,
}: {
  help: string;
  imp: { columns: string[]; mapping: (string | null)[]; mappingProblem: string | null; counts: Counts | null };
  options: Option[];
  onChange: (column: number, field: string | null) => void;
  onNext: () => void;
}) => (
  <Stack gap="sm">
    <Text size="sm">{help}</Text>
    {imp.mappingProblem && <Alert color="orange">{imp.mappingProblem}</Alert>}
    <ImportColumnsTable columns={imp.columns} mapping={imp.mapping} options={options} onChange={onChange} />
    {imp.counts && <Text size="sm">{importStepTexts.summary(imp.counts)}</Text>}
    <Group justify="flex-end">
      <Button disabled={Boolean(imp.mappingProblem)} onClick={onNext}>
        {importStepTexts.next}
      </Button>
    </Group>
  </Stack>
);

/** The part of a preview row every import answers with. */
export type ImportRowLike = {
  row: number;
  values: Record<string, string>;
  ok: boolean;
  problems: { field: string; message: string }[];
  warnings: { field: string; message: string }[];
  duplicate: { kind: string; message: string } | null;
  choice: string;
};

/** One row of the preview: who or what it is, its problems (each field with "Correggi"), warnings, the choice. */
export const ImportPreviewRow = ({
  row,
  subject,
  labelOf,
  choices,
  onFix,
  onChoice,
}: {
  row: ImportRowLike;
  /** The row's second cell: the patient's name, the appointment's day and patient … */
  subject: ReactNode;
  labelOf: (field: string) => string;
  /** The choices the row offers (import, skip, update …). */
  choices: Option[];
  onFix: (row: number, field: string, value: string) => Promise<void>;
  onChoice: (row: number, choice: string) => Promise<void>;
}) => {
  const [editing, setEditing] = useState<string | null>(null);
  const [value, setValue] = useState('');
  const issues = [...row.problems, ...row.warnings];
  return (
    <Table.Tr data-testid="import-row">
      <Table.Td>{row.row}</Table.Td>
      <Table.Td>{subject}</Table.Td>
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
                  aria-label={`${importStepTexts.fix} ${labelOf(p.field)} della riga ${row.row}`}
                  onClick={() => {
                    setEditing(p.field);
                    setValue(row.values[p.field] ?? '');
                  }}
                >
                  {importStepTexts.fix}
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
                {importStepTexts.save}
              </Button>
              <Button size="xs" variant="default" onClick={() => setEditing(null)}>
                {importStepTexts.cancel}
              </Button>
            </Group>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        {!row.ok ? (
          <Text size="sm" fw={600} c="red.8" style={{ whiteSpace: 'nowrap' }}>
            {importStepTexts.invalidSkipped}
          </Text>
        ) : (
          <Select
            size="xs"
            aria-label={`${importStepTexts.choice} riga ${row.row}`}
            allowDeselect={false}
            value={row.choice}
            data={choices}
            onChange={(v) => v && void onChoice(row.row, v)}
          />
        )}
      </Table.Td>
    </Table.Tr>
  );
};

/**
 * The third step: the counts, "Solo righe con problemi", the rows of the page (each drawn by ImportPreviewRow with the
 * choices the import offers it), the pages, "Indietro" and "Avanti".
 */
export const ImportPreviewStep = <Row extends ImportRowLike>({
  counts,
  subjectTitle,
  onlyProblems,
  onOnlyProblems,
  rows,
  page,
  onPage,
  subjectOf,
  labelOf,
  choicesOf,
  onFix,
  onChoice,
  onBack,
  onNext,
}: {
  counts: Counts | null;
  /** The title of the rows' second column: Paziente, Appuntamento … */
  subjectTitle: string;
  onlyProblems: boolean;
  onOnlyProblems: (only: boolean) => void;
  rows: { content: Row[]; totalPages: number } | null;
  page: number;
  onPage: (page: number) => void;
  subjectOf: (row: Row) => ReactNode;
  labelOf: (field: string) => string;
  /** The choices a row offers: import, skip, and for some duplicates "Importa comunque" or "Aggiorna il paziente". */
  choicesOf: (row: Row) => Option[];
  onFix: (row: number, field: string, value: string) => Promise<void>;
  onChoice: (row: number, choice: string) => Promise<void>;
  onBack: () => void;
  onNext: () => void;
}) => (
  <Stack gap="sm">
    {counts && <Text size="sm">{importStepTexts.summary(counts)}</Text>}
    <Checkbox
      label={importStepTexts.onlyProblems}
      checked={onlyProblems}
      onChange={(e) => onOnlyProblems(e.currentTarget.checked)}
    />
    {rows && rows.content.length === 0 ? (
      <Text size="sm">{importStepTexts.noProblems}</Text>
    ) : (
      <ScrollArea.Autosize mah={420}>
        <Table aria-label="Anteprima delle righe" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{importStepTexts.row}</Table.Th>
              <Table.Th>{subjectTitle}</Table.Th>
              <Table.Th>{importStepTexts.problems}</Table.Th>
              <Table.Th>{importStepTexts.choice}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows?.content.map((r) => (
              <ImportPreviewRow
                key={r.row}
                row={r}
                subject={subjectOf(r)}
                labelOf={labelOf}
                choices={choicesOf(r)}
                onFix={onFix}
                onChoice={onChoice}
              />
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    )}
    {rows && rows.totalPages > 1 && <Pagination total={rows.totalPages} value={page} onChange={onPage} />}
    <Group justify="space-between">
      <Button variant="default" onClick={onBack}>
        {importStepTexts.back}
      </Button>
      <Button onClick={onNext}>{importStepTexts.next}</Button>
    </Group>
  </Stack>
);

/** The fourth step: the import's own options (tags; calendar and past as paid), what will happen, and its start. */
export const ImportOptionsStep = ({
  ready,
  startLabel,
  canStart,
  busy,
  onBack,
  onStart,
  children,
}: {
  /** "Verranno importati …", when the counts are known. */
  ready: string | null;
  startLabel: string;
  canStart: boolean;
  busy: boolean;
  onBack: () => void;
  onStart: () => void;
  children: ReactNode;
}) => (
  <Stack gap="sm">
    {children}
    {ready && <Text size="sm">{ready}</Text>}
    <Group justify="space-between">
      <Button variant="default" onClick={onBack}>
        {importStepTexts.back}
      </Button>
      <Button disabled={!canStart} loading={busy} onClick={onStart}>
        {startLabel}
      </Button>
    </Group>
  </Stack>
);

/** The part of an import's state the outcome step shows. */
export type ImportStateLike = {
  status: string;
  progress: { toWrite: number; written: number };
  error: string | null;
  undoUntil: string | null;
};

/** The last step: the progress while the job runs, then the outcome, the report, the undo and what undo kept. */
export const ImportOutcomeStep = ({
  imp,
  doneText,
  undone,
  busy,
  onReport,
  onUndo,
  onNew,
  onClose,
}: {
  imp: ImportStateLike;
  doneText: string;
  /** After undo: its title and the records kept, each with why. */
  undone: { title: string; keptTitle: string; kept: { key: string; name: string; reason: string }[] } | null;
  busy: boolean;
  onReport: () => void;
  onUndo: () => void;
  onNew: () => void;
  onClose: () => void;
}) => {
  const running = imp.status === 'QUEUED' || imp.status === 'RUNNING';
  return (
    <Stack gap="sm">
      {running && (
        <>
          <Progress
            aria-label={importStepTexts.progressLabel}
            value={imp.progress.toWrite ? (100 * imp.progress.written) / imp.progress.toWrite : 0}
            animated
          />
          <Text size="sm">{importStepTexts.progress(imp.progress.written, imp.progress.toWrite)}</Text>
          {imp.error && <Alert color="orange">{importStepTexts.failed}</Alert>}
        </>
      )}
      {(imp.status === 'DONE' || imp.status === 'UNDONE') && (
        <>
          <Progress aria-label={importStepTexts.progressLabel} value={100} />
          <Alert color="teal" role="status">
            {doneText}
          </Alert>
          <Group>
            <Button variant="default" onClick={onReport}>
              {importStepTexts.report}
            </Button>
            {imp.status === 'DONE' && imp.undoUntil && (
              <Button color="red" variant="light" loading={busy} onClick={onUndo}>
                {importStepTexts.undo}
              </Button>
            )}
          </Group>
          {imp.status === 'DONE' && imp.undoUntil && (
            <Text size="xs" c="dimmed">
              {importStepTexts.undoUntil(imp.undoUntil)}
            </Text>
          )}
        </>
      )}
      {undone && (
        <Alert color="blue" role="status" title={undone.title}>
          {undone.kept.length > 0 && (
            <>
              <Text size="sm">{undone.keptTitle}</Text>
              <List size="sm">
                {undone.kept.map((k) => (
                  <List.Item key={k.key}>
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
          <Button variant="default" onClick={onNew}>
            {importStepTexts.newImport}
          </Button>
        )}
        <Button variant="default" onClick={onClose}>
          {importStepTexts.close}
        </Button>
      </Group>
    </Stack>
  );
};
