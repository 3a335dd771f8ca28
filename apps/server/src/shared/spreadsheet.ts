/**
 * SECURITY: a cell a spreadsheet would read as a formula (=, @, or + and - followed by more than a number, as in
 * "+SUM(…)") is prefixed with an apostrophe (OWASP CSV injection); phone numbers like "+39 333…" stay as they are.
 */
export const spreadsheetSafe = (value: string | null): string => {
  if (!value) return '';
  if (/^[=@\t\r]/.test(value) || (/^[+-]/.test(value) && !/^[+-][0-9 ().-]*$/.test(value))) return `'${value}`;
  return value;
};
