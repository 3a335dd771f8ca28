import { Alert, Button, Group, List, Progress, ScrollArea, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';

/**
 * The steps the self-service imports share (patients, decision 039; appointments, decision 045): the columns'
 * mapping, a row of the preview with its corrections and choice, and the outcome with the report and the undo.
 * Each import's dialog composes them with its own texts and API calls.
 */
export const importStepTexts = {
  notImported: '— Non importare —',
  column: 'Colonna del file',
  field: 'Campo di Studiolo',
  fix: 'Correggi',
  save: 'Salva',
  cancel: 'Annulla',
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
  close: 'Chiudi',
} as const;

type Option = { value: string; label: string };

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

/** The last import started in a dialog, kept in the browser so the dialog reopens on it (progress, undo). */
export const rememberedImportStore = (key: string) => ({
  get: (): string | null => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set: (id: string | null) => {
    try {
      if (id) localStorage.setItem(key, id);
      else localStorage.removeItem(key);
    } catch {
      // storage unavailable (private mode): the dialog simply starts afresh next time
    }
  },
});
