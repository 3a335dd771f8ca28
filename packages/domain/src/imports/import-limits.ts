/**
 * The bounds of a patient import (issue 30 item 1; guide §3 "bounded work"): the server refuses a larger file before
 * reading it, and the reader stops at the first row beyond the limit.
 */
export const importLimits = {
  /** Rows of data (the header row not counted). */
  maxRows: 50_000,
  /** Bytes of the uploaded file. */
  maxBytes: 20 * 1024 * 1024,
  /** Columns of the header row: an export with more is not a patient list. */
  maxColumns: 200,
  /** Characters of one cell (the longest patient field, the note, holds 4,000). */
  maxCellLength: 10_000,
  /**
   * Bytes the parts of an XLSX file read may inflate to, all together: a zip bomb (a few kB that inflate to
   * gigabytes) is refused from the sizes its directory declares, before anything is inflated.
   */
  maxXlsxInflatedBytes: 200 * 1024 * 1024,
} as const;
