/**
 * Reading an uploaded patient list (issue 30 item 1, decision 039): a CSV (comma, semicolon or tab; UTF-8, UTF-8
 * with BOM, UTF-16 with BOM or Windows-1252) or an XLSX workbook (its first sheet, values only), into a header row
 * and rows of cells. Pure: bytes in, a table or the Italian message of what is wrong out; no I/O, so the server (in
 * a worker) and the web (for an instant preview) can both run it.
 *
 * SECURITY: formulas are never evaluated and never kept: an XLSX formula cell becomes {@link formulaCell} (neither
 * the formula nor the value Excel cached for it is kept), a CSV text starting like a formula is refused by the row
 * checks. Macros (xl/vbaProject.bin of an .xlsm) are never inflated. An XLSX is refused from the sizes its zip
 * directory declares before anything is inflated (zip bombs).
 */

import { XMLParser } from 'fast-xml-parser';
import { unzipSync } from 'fflate';
import Papa from 'papaparse';
import { importMessages as m } from './import.messages.ts';
import { importLimits } from './import-limits.ts';

/** A formula cell of an XLSX: its formula and cached value are dropped, the row checks refuse it. */
export type FormulaCell = { readonly formula: true };
/** The one formula marker: compare with `===` or {@link isFormulaCell}. */
export const formulaCell: FormulaCell = Object.freeze({ formula: true as const });
export const isFormulaCell = (cell: ImportCell): cell is FormulaCell => cell === formulaCell;

/** A cell as read: text (CSV, XLSX text), number (XLSX numbers and dates as serials), boolean, empty, formula. */
export type ImportCell = string | number | boolean | null | FormulaCell;

export type ImportEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16-bom' | 'windows-1252';
export type CsvDelimiter = ',' | ';' | '\t';

/** A file read: the header row and the data rows (empty rows dropped), each with its row number in the file. */
export type ImportTable = {
  format: 'csv' | 'xlsx';
  /** The header row's names, trimmed ('' for an unnamed column). */
  header: string[];
  /** Data rows, each as long as the header or shorter (trailing empty cells may be missing). */
  rows: ImportCell[][];
  /** The row number in the file of each data row (the header is row 1 unless blank rows come first). */
  rowNumbers: number[];
  /** CSV: the encoding found. */
  encoding?: ImportEncoding;
  /** CSV: the delimiter found. */
  delimiter?: CsvDelimiter;
  /** XLSX: dates are counted from 1904 (old Mac workbooks) rather than 1900. */
  date1904?: boolean;
};

export type ReadImportResult = { ok: true; table: ImportTable } | { ok: false; message: string };

const fail = (message: string): ReadImportResult => ({ ok: false, message });

// ---------- format sniffing ----------

const startsWith = (bytes: Uint8Array, magic: readonly number[]): boolean =>
  bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
const zipMagic = [0x50, 0x4b, 0x03, 0x04];
/** OLE compound file: Excel 97-2003 .xls, and also an encrypted (password-protected) .xlsx. */
const oleMagic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * Reads an uploaded patient list, whatever its extension says (a binary renamed .csv is told apart by its bytes).
 * Refuses, with an Italian message: an empty file, a file over {@link importLimits}.maxBytes, an .xls or encrypted
 * workbook, a binary file, an undecodable text, a header-only file, more than maxRows data rows or maxColumns columns.
 */
export const readImportFile = (bytes: Uint8Array): ReadImportResult => {
  if (bytes.length === 0) return fail(m.emptyFile);
  if (bytes.length > importLimits.maxBytes) return fail(m.tooLarge(importLimits.maxBytes / 1024 / 1024));
  if (startsWith(bytes, zipMagic)) return readXlsx(bytes);
  if (startsWith(bytes, oleMagic)) return fail(m.oldExcel);
  const text = decodeImportText(bytes);
  if (!text.ok) return text;
  return readCsvText(text.text, text.encoding);
};

// ---------- text ----------

/**
 * The encoding of a CSV: a BOM says UTF-8 or UTF-16; otherwise strict UTF-8, and bytes that are not UTF-8 are read as
 * Windows-1252 (what Excel for Windows writes for "CSV (delimitato dal separatore di elenco)"), which maps every byte.
 * A text with NUL bytes or many control characters is a binary file, not a CSV.
 */
export const decodeImportText = (
  bytes: Uint8Array,
): { ok: true; text: string; encoding: ImportEncoding } | { ok: false; message: string } => {
  let text: string;
  let encoding: ImportEncoding;
  try {
    if (startsWith(bytes, [0xef, 0xbb, 0xbf])) {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(3));
      encoding = 'utf-8-bom';
    } else if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
      // Excel's "Testo Unicode" export: UTF-16 with a BOM, tab-separated
      const le = bytes[0] === 0xff;
      text = new TextDecoder(le ? 'utf-16le' : 'utf-16be', { fatal: true }).decode(bytes.subarray(2));
      encoding = 'utf-16-bom';
    } else {
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        encoding = 'utf-8';
      } catch {
        text = new TextDecoder('windows-1252').decode(bytes);
        encoding = 'windows-1252';
      }
    }
  } catch {
    return { ok: false, message: m.brokenEncoding };
  }
  if (looksBinary(text)) return { ok: false, message: m.unreadable };
  // not UTF-8 as a whole, yet holding UTF-8 sequences ("Ã¨" for è): a file of mixed encodings, which no single
  // reading gets right; asking for a clean save beats importing garbled names
  if (encoding === 'windows-1252' && utf8ReadAsWindows1252.test(text)) return { ok: false, message: m.brokenEncoding };
  if (text.trim() === '') return { ok: false, message: m.emptyFile };
  return { ok: true, text, encoding };
};

/**
 * The mark of UTF-8 read as Windows-1252: "Ã" or "Â" followed by the character a UTF-8 continuation byte becomes
 * (è → "Ã¨", à → "Ã\u00A0", ° → "Â°"). Italian text in Windows-1252 practically never holds these pairs.
 */
const utf8ReadAsWindows1252 =
  /[\u00C2\u00C3][\u00A0-\u00BF\u0152\u0153\u0160\u0161\u0178\u017D\u017E\u0192\u02C6\u02DC\u2013-\u203A\u20AC\u2122]/u;

/**
 * A text with a NUL, or with more than 1 % control characters (other than tab, line feed, carriage return and form
 * feed) in its first 64 kB, is a binary file. Windows-1252 has five unassigned bytes, which decode to C1 controls:
 * a few in a real list are tolerated by the 1 %.
 */
const looksBinary = (text: string): boolean => {
  const n = Math.min(text.length, 65_536);
  let controls = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return true;
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) || (c >= 0x7f && c <= 0x9f) || c === 0xfffd) controls++;
  }
  return controls > n / 100;
};

// ---------- CSV ----------

/**
 * Parses the text of a CSV (papaparse: RFC 4180 quoting, quotes doubled inside quoted fields, line breaks inside
 * them, delimiter guessed among comma, semicolon and tab from the first rows).
 */
export const readCsvText = (text: string, encoding: ImportEncoding = 'utf-8'): ReadImportResult => {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const delimiter = guessDelimiter(body);
  const parsed = Papa.parse<string[]>(body, { header: false, delimiter, skipEmptyLines: false, dynamicTyping: false });
  // an unclosed quote (MissingQuotes) or text after a closing one (InvalidQuotes) merges rows into one another: the
  // rows after it would be garbage, so the file is refused with the row to fix
  const quoteError = parsed.errors.find((e) => e.type === 'Quotes');
  if (quoteError) return fail(m.unclosedQuote((quoteError.row ?? 0) + 1));
  // papaparse's record index is the row number once blank lines are kept (line breaks inside quotes aside)
  const records = parsed.data.map((cells, i) => ({ cells, number: i + 1 })).filter((r) => !isBlankRow(r.cells));
  return toTable('csv', records, { encoding, delimiter });
};

const delimiters: readonly CsvDelimiter[] = [';', '\t', ','];
/** How many times each delimiter occurs outside quotes in one line. */
const countOutsideQuotes = (line: string): number[] => {
  const counts = [0, 0, 0];
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (!quoted) {
      const i = delimiters.indexOf(c as CsvDelimiter);
      if (i !== -1) counts[i] = (counts[i] as number) + 1;
    }
  }
  return counts;
};

/**
 * The delimiter of a CSV (papaparse's own guess was misled by blank lines and short files): the one that splits the
 * header into the most columns, counted outside quotes, provided most of the next rows (up to 20) split into as many;
 * semicolon first on a tie (Excel's Italian "CSV" uses it, and commas are common inside Italian addresses).
 */
export const guessDelimiter = (text: string): CsvDelimiter => {
  const lines = text
    .slice(0, 65_536)
    .split(/\r\n|\n|\r/u)
    .filter((l) => l.trim() !== '')
    .slice(0, 21);
  const [head, ...rest] = lines.map(countOutsideQuotes);
  if (!head) return ',';
  let best: CsvDelimiter = ',';
  let bestScore = -1;
  delimiters.forEach((d, i) => {
    const columns = head[i] as number;
    if (columns === 0) return;
    const consistent = rest.filter((c) => c[i] === columns).length;
    // consistency first, then more columns
    const score = (rest.length === 0 || consistent * 2 >= rest.length ? 1_000_000 : 0) + columns;
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  });
  return best;
};

const isBlankRow = (cells: readonly ImportCell[]): boolean =>
  cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));

/** The first non-blank row is the header; limits are applied here, for CSV and XLSX alike. */
const toTable = (
  format: 'csv' | 'xlsx',
  records: { cells: ImportCell[]; number: number }[],
  extra: Partial<ImportTable>,
): ReadImportResult => {
  const [head, ...data] = records;
  if (!head) return fail(m.emptyFile);
  const header = head.cells.map((c) =>
    typeof c === 'string' ? c.trim() : c === null || isFormulaCell(c) ? '' : String(c),
  );
  while (header.length > 0 && header[header.length - 1] === '') header.pop();
  if (header.length === 0) return fail(m.noHeader);
  if (header.length > importLimits.maxColumns) return fail(m.tooManyColumns(importLimits.maxColumns));
  if (data.length === 0) return fail(m.headerOnly);
  if (data.length > importLimits.maxRows) return fail(m.tooManyRows(importLimits.maxRows));
  return {
    ok: true,
    table: { format, header, rows: data.map((r) => r.cells), rowNumbers: data.map((r) => r.number), ...extra },
  };
};

// ---------- XLSX ----------

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  // values stay text: a CAP "00187" or a phone "0612345" must not become a number here
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) =>
    name === 'row' || name === 'c' || name === 'si' || name === 'r' || name === 'sheet' || name === 'Relationship',
});

type XmlNode = Record<string, unknown>;
const asNode = (v: unknown): XmlNode => (v && typeof v === 'object' ? (v as XmlNode) : {});
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
/** The text of a `<t>`/`<v>` element: a plain string, or `#text` when the element has attributes (xml:space). */
const textOf = (v: unknown): string => {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  const t = asNode(v)['#text'];
  return typeof t === 'string' ? t : t === undefined ? '' : String(t);
};
/** A rich-text string (`<si>` or `<is>`): its `<t>`, or its runs' `<t>` joined; phonetic runs (`<rPh>`) ignored. */
const richText = (node: unknown): string => {
  const n = asNode(node);
  if ('t' in n) return textOf(n.t);
  return asArray(n.r)
    .map((r) => textOf(asNode(r).t))
    .join('');
};

const unzip = (bytes: Uint8Array, wanted: (name: string) => boolean): Record<string, Uint8Array> | null => {
  let declared = 0;
  try {
    return unzipSync(bytes, {
      filter: (file) => {
        if (!wanted(file.name)) return false;
        declared += file.originalSize;
        if (declared > importLimits.maxXlsxInflatedBytes) throw new Error('inflated size over the limit');
        return true;
      },
    });
  } catch {
    return null;
  }
};
const utf8 = (bytes: Uint8Array | undefined): string | null => {
  if (!bytes) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
};

/** "B12" → 1 (column index from the cell reference's letters). */
const columnIndex = (ref: string): number => {
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n - 1;
};

/** The first sheet of an XLSX workbook, values only (see the file's SECURITY note). */
export const readXlsx = (bytes: Uint8Array): ReadImportResult => {
  const meta = unzip(bytes, (name) => name === 'xl/workbook.xml' || name === 'xl/_rels/workbook.xml.rels');
  if (!meta) return fail(m.brokenXlsx);
  const workbookXml = utf8(meta['xl/workbook.xml']);
  if (workbookXml === null) return fail(m.unreadable);
  let sheetPath: string;
  let date1904: boolean;
  try {
    const workbook = asNode(asNode(xml.parse(workbookXml)).workbook);
    date1904 = ['1', 'true'].includes(String(asNode(workbook.workbookPr)['@_date1904'] ?? ''));
    const first = asNode(asArray(asNode(workbook.sheets).sheet)[0]);
    const relId = first['@_id'];
    if (typeof relId !== 'string') return fail(m.noSheet);
    const rels = asNode(asNode(xml.parse(utf8(meta['xl/_rels/workbook.xml.rels']) ?? '')).Relationships);
    const target = asArray(rels.Relationship)
      .map(asNode)
      .find((r) => r['@_Id'] === relId)?.['@_Target'];
    if (typeof target !== 'string') return fail(m.noSheet);
    sheetPath = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
  } catch {
    return fail(m.brokenXlsx);
  }

  const parts = unzip(bytes, (name) => name === sheetPath || name === 'xl/sharedStrings.xml');
  if (!parts) return fail(m.brokenXlsx);
  const sheetXml = utf8(parts[sheetPath]);
  if (sheetXml === null) return fail(m.brokenXlsx);
  try {
    const sharedXml = utf8(parts['xl/sharedStrings.xml']);
    const shared = sharedXml ? asArray(asNode(asNode(xml.parse(sharedXml)).sst).si).map(richText) : [];
    const sheetRows = asArray(asNode(asNode(asNode(xml.parse(sheetXml)).worksheet).sheetData).row);
    const records: { cells: ImportCell[]; number: number }[] = [];
    let rowNumber = 0;
    for (const rowValue of sheetRows) {
      const row = asNode(rowValue);
      rowNumber = Number(row['@_r']) || rowNumber + 1;
      const cells: ImportCell[] = [];
      let col = -1;
      for (const cellValue of asArray(row.c)) {
        const c = asNode(cellValue);
        const ref = c['@_r'];
        col = typeof ref === 'string' ? columnIndex(ref) : col + 1;
        if (col < 0) continue;
        if (col >= importLimits.maxColumns) return fail(m.tooManyColumns(importLimits.maxColumns));
        while (cells.length < col) cells.push(null);
        cells[col] = cellValueOf(c, shared);
      }
      if (!isBlankRow(cells)) records.push({ cells, number: rowNumber });
      if (records.length > importLimits.maxRows + 1) return fail(m.tooManyRows(importLimits.maxRows));
    }
    return toTable('xlsx', records, { date1904 });
  } catch {
    return fail(m.brokenXlsx);
  }
};

const cellValueOf = (c: XmlNode, shared: readonly string[]): ImportCell => {
  // SECURITY: a formula cell keeps neither its formula nor its cached value
  if ('f' in c) return formulaCell;
  const type = c['@_t'];
  if (type === 'inlineStr') return richText(c.is);
  const v = 'v' in c ? textOf(c.v) : '';
  if (v === '') return null;
  switch (type) {
    case 's':
      return shared[Number(v)] ?? null;
    case 'str':
    case 'd': // ISO 8601 date text (strict Open XML)
      return v;
    case 'b':
      return v === '1';
    case 'e':
      return null; // an error value (#N/D, #VALORE!): nothing to import
    default: {
      const n = Number(v);
      return Number.isFinite(n) ? n : v;
    }
  }
};
