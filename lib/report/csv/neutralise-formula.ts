/**
 * Characters that make a spreadsheet read a cell as a formula (or, for tab, CR and LF, that some
 * spreadsheets strip before looking for one): OWASP's list for CSV injection, plus the full-width
 * forms of `=`, `+`, `-` and `@`, which Apple Numbers normalises to the ASCII ones (csv-stringify's
 * `escape_formulas` covers those too).
 */
const FORMULA_TRIGGERS = new Set([
  '=',
  '+',
  '-',
  '@',
  '\t',
  '\r',
  '\n',
  '\uFF1D',
  '\uFF0B',
  '\uFF0D',
  '\uFF20',
]);

/**
 * Makes a text cell inert in Excel, LibreOffice and Google Sheets by putting a `'` in front of it
 * when it starts with a formula trigger: `=SUM(A1)` becomes `'=SUM(A1)`.
 *
 * Written here rather than using csv-stringify's `escape_formulas`: that option misses a leading LF
 * and also escapes numeric strings (`-0.5` would become `'-0.5`), while amounts must stay numbers.
 * So only text columns go through this function; amounts never do.
 *
 * @example neutraliseFormula('@cmd') // "'@cmd"
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_TRIGGERS.has(text.charAt(0)) ? `'${text}` : text;
}
