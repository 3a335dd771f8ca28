/**
 * The first characters that make a spreadsheet read a cell as a formula or a command: OWASP's full list for CSV
 * injection (= + - @, tab, carriage return).
 */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * SECURITY: a text cell of any CSV the product writes (server exports and the web's chart CSVs). A cell starting
 * with one of OWASP's characters is prefixed with an apostrophe, so a spreadsheet shows it as text instead of
 * running it: phone numbers (`+39 333…`) and signed text get the apostrophe too, as OWASP asks (issue 25 item 11).
 * Numbers the product computes are written as numbers, not through here.
 */
export const spreadsheetSafe = (value: string | null | undefined): string => {
  if (!value) return '';
  return formulaStart.test(value) ? `'${value}` : value;
};
