/**
 * The whole preview of an import (issue 30 item 1): every row of a file read, through the column mapping, checked
 * and matched against the other rows and the studio's patients. Pure and synchronous; the server runs it on the file
 * it received, the web may run it again on the rows the user corrects (checkImportValues for one row).
 */
import { type ColumnMapping, mappingNamesPatients } from './header-mapping.ts';
import { importMessages as m } from './import.messages.ts';
import { type ExistingPatient, findImportDuplicates, type ImportDuplicate } from './import-duplicates.ts';
import {
  checkImportValues,
  type ImportRowCheck,
  type ImportRowOptions,
  type ImportValues,
  rowValues,
} from './import-row.ts';
import type { ImportTable } from './read-import-file.ts';

export type ImportPreviewRow = {
  /** The row number in the file. */
  row: number;
  /** The text of each mapped field, for the preview and its corrections. */
  values: ImportValues;
  check: ImportRowCheck;
  /** A valid row that repeats an earlier row or a patient of the studio; null otherwise. */
  duplicate: ImportDuplicate | null;
};

export type ImportPreview = {
  rows: ImportPreviewRow[];
  counts: { total: number; valid: number; invalid: number; duplicates: number; withWarnings: number };
};

export type ImportPreviewResult = { ok: true; preview: ImportPreview } | { ok: false; message: string };

/**
 * Checks every row of a table read by readImportFile.
 * @returns the preview, or a message when the mapping names no column that tells who a row is.
 */
export const previewImport = (
  table: ImportTable,
  mapping: ColumnMapping,
  opts: ImportRowOptions & { existing?: readonly ExistingPatient[] } = {},
): ImportPreviewResult => {
  if (!mappingNamesPatients(mapping)) return { ok: false, message: m.noMappedName };
  const rowOptions: ImportRowOptions = { ...opts, today: opts.today ?? new Date(), date1904: table.date1904 };
  const rows: ImportPreviewRow[] = table.rows.map((cells, i) => {
    const { values, cellProblems } = rowValues(cells, mapping, rowOptions);
    return {
      row: table.rowNumbers[i] ?? i + 2,
      values,
      check: checkImportValues(values, rowOptions, cellProblems),
      duplicate: null,
    };
  });
  const valid = rows.flatMap((r) => (r.check.ok ? [{ row: r.row, input: r.check.input }] : []));
  const duplicates = findImportDuplicates(valid, opts.existing ?? []);
  for (const r of rows) r.duplicate = duplicates.get(r.row) ?? null;
  const validCount = valid.length;
  return {
    ok: true,
    preview: {
      rows,
      counts: {
        total: rows.length,
        valid: validCount,
        invalid: rows.length - validCount,
        duplicates: duplicates.size,
        withWarnings: rows.filter((r) => r.check.warnings.length > 0).length,
      },
    },
  };
};
