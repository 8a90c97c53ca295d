/**
 * What a column holds. The CSV writes each as given, `text` and `longText` (free text) neutralised against
 * formulas. The workbook: `longText` wraps; `datetime` (UTC `Y-m-d H:i:s`) is a date; amounts are numbers
 * with their unit's decimals (text when a double cannot hold every digit); a `percent` of `-1.5` is −1.5 %.
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
  options: Pick<ReportColumn<T>, 'currencyColumn' | 'width'> = {},
): ReportColumn<T> => ({ header, kind, value, ...options });

/** Free text from the service, which a spreadsheet could take for a formula. */
export const isFreeText = (kind: ColumnKind): boolean => kind === 'text' || kind === 'longText';
