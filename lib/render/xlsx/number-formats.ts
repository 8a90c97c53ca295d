/**
 * The workbook's number formats. Format codes are locale-independent in the file: a spreadsheet shows
 * them with its own separators (`1.234,56` in German, `1,234.56` in English).
 */

/** USD, to the cent. */
export const USD_FORMAT = '#,##0.00';
/** Counts. */
export const COUNT_FORMAT = '#,##0';
/**
 * Timestamps, in UTC as the service gives them. The zone is a literal of the format, so each cell reads
 * `2026-09-30 23:45:00 UTC` and stays a date that sorts and filters as one: the list sheets' headers are
 * the CSV's column names and cannot say it, and a reader in another zone must not take it for local time.
 */
export const DATETIME_FORMAT = 'yyyy-mm-dd hh:mm:ss "UTC"';
/** Text: a cell formatted as text stays text when someone edits it (`=1+1` is not run). */
export const TEXT_FORMAT = '@';

/** A number with `decimals` decimals and thousands separators: `#,##0.00000000` for 8. */
export function decimalFormat(decimals: number): string {
  return decimals === 0 ? COUNT_FORMAT : `#,##0.${'0'.repeat(decimals)}`;
}

/**
 * True/false cells. Excel shows a boolean cell in its own words whatever the format; LibreOffice shows
 * one read from a workbook as 1 unless its format says otherwise, and takes this code (the one it writes
 * for its own true/false format) as that format, in its own words (`WAHR` in German).
 */
export const BOOLEAN_FORMAT = '"TRUE";"TRUE";"FALSE"';
