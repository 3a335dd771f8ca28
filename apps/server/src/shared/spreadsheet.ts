/** The one rule for every CSV text cell (OWASP CSV injection), shared with the web's CSVs: packages/domain. */
export { spreadsheetSafe } from '@studiolo/domain/spreadsheet';
