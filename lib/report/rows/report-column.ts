/**
 * What a column of a report file holds, which decides how each writer shows it:
 * - `identifier`: ids and the service's fixed words (`paid`); as given in the CSV, text in the workbook;
 * - `text`: free text from the service (names, hashes, addresses); neutralised against formulas in the
 *   CSV, text in the workbook;
 * - `longText`: free text that may run long or over several lines (descriptions, service data): as
 *   `text`, and wrapped in the workbook;
 * - `datetime`: the service's `Y-m-d H:i:s` in UTC; as given in the CSV, a date cell in the workbook;
 * - `usd`, `fiat`, `crypto`: amounts as plain decimals; as given in the CSV, numbers in the workbook
 *   (USD with cents, a fiat amount in its currency's minor unit, crypto with its own decimals; any amount
 *   with more decimals than that with all of them) unless a double cannot hold every digit, then text;
 * - `count`: a whole number; `flag`: `true` or `false`, as given in the CSV, a true/false cell in the
 *   workbook;
 * - `percent`: a percentage as a plain decimal (`-1.5` for −1.5 %); as given in the CSV, a number with its
 *   own decimals in the workbook.
 */
export type ColumnKind =
  | 'identifier'
  | 'text'
  | 'longText'
  | 'datetime'
  | 'usd'
  | 'fiat'
  | 'crypto'
  | 'count'
  | 'flag'
  | 'percent';

/** One column of `paid-invoices.csv` or `payments.csv`, and of the matching sheet of `report.xlsx`. */
export interface ReportColumn<T> {
  header: string;
  kind: ColumnKind;
  /** The cell's value as text; `null` or `undefined` is an empty cell. */
  value(record: T): string | null | undefined;
  /** A `fiat` column only: the header of the column that names the row's currency. */
  currencyColumn?: string;
  /** The workbook's column width in characters, where the kind's usual width does not suit. */
  width?: number;
}

/** A column wide enough for a whole transaction hash: 64 hex digits, 66 with Ethereum's `0x`. */
export const HASH_WIDTH = 68;
/** A column wide enough for a whole typical wallet address: 34 (Bitcoin, Tron) to 42 characters (Ethereum, bech32). */
export const ADDRESS_WIDTH = 44;

/** A column of `kind`. */
export function column<T>(
  header: string,
  kind: ColumnKind,
  value: ReportColumn<T>['value'],
  options: { width?: number } = {},
): ReportColumn<T> {
  return { header, kind, value, ...options };
}

/** A fiat amount, shown in the minor unit of the currency the column `currencyColumn` names. */
export function fiatColumn<T>(
  header: string,
  value: ReportColumn<T>['value'],
  currencyColumn: string,
): ReportColumn<T> {
  return { header, kind: 'fiat', value, currencyColumn };
}

/** Whether a column holds free text from the service, which a spreadsheet could take for a formula. */
export const isFreeText = (kind: ColumnKind): boolean => kind === 'text' || kind === 'longText';
