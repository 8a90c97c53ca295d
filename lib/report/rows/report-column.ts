/**
 * What a column holds, which decides how each writer shows it. In the CSV every kind is as given, but
 * `text` and `longText` (free text from the service) are neutralised against formulas. In the workbook:
 * `identifier` is text; `longText` wraps; `datetime` (the service's UTC `Y-m-d H:i:s`) is a date cell;
 * `usd`, `fiat`, `crypto` are numbers with their unit's decimals (or all the amount has), or text when a
 * double cannot hold every digit; `flag` is true/false; `percent` (`-1.5` for −1.5 %) is a number.
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

/** A column of a report file and of the matching sheet of `report.xlsx`. */
export interface ReportColumn<T> {
  header: string;
  kind: ColumnKind;
  /** `null` or `undefined` is an empty cell. */
  value(record: T): string | null | undefined;
  /** A `fiat` column only: the header of the column that names the row's currency. */
  currencyColumn?: string;
  /** The workbook's width in characters, where the kind's usual one does not suit. */
  width?: number;
}

export const column = <T>(
  header: string,
  kind: ColumnKind,
  value: ReportColumn<T>['value'],
  options: { width?: number } = {},
): ReportColumn<T> => ({ header, kind, value, ...options });

/** Shown in the minor unit of the currency the column `currencyColumn` names. */
export const fiatColumn = <T>(
  header: string,
  value: ReportColumn<T>['value'],
  currencyColumn: string,
): ReportColumn<T> => ({ header, kind: 'fiat', value, currencyColumn });

/** Free text from the service, which a spreadsheet could take for a formula. */
export const isFreeText = (kind: ColumnKind): boolean => kind === 'text' || kind === 'longText';
