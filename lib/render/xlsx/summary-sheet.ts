import type Big from 'big.js';
import type { Alignment, Workbook, Worksheet } from 'exceljs';
import { fiatFractionDigits } from '../../invoicing';
import type { CurrencyUnit, ReconciliationCheck, ReportSummary } from '../../report';
import {
  checkFigureUnit,
  currencyCheckUnit,
  describeCheck,
  INVOICE_STATUS_ORDER,
  periodHeading,
  previousPeriodName,
  projectName,
  toPlainDecimal,
  uncheckedLabel,
} from '../../report';
import { decimalsOf, doubleHolds, MAX_SHOWN_DECIMALS } from './cell-values';
import { listSheetFirst } from './exceljs-stream';
import {
  BOOLEAN_FORMAT,
  COUNT_FORMAT,
  DATETIME_FORMAT,
  decimalFormat,
  TEXT_FORMAT,
  USD_FORMAT,
} from './number-formats';
import { cellText, exceljsText, rowHeight, wrappedLines } from './sheet-row-xml';

/** A cell of the summary sheet: its value and how it is shown. */
interface SheetCell {
  value: string | number | boolean | Date | null;
  numFmt?: string;
  alignment?: Partial<Alignment>;
}

/**
 * Text for a cell as exceljs writes it: cut to a cell's limit (Excel offers to repair a workbook with a
 * longer one) and with what exceljs would drop or leave unreadable as OOXML's escapes. A wallet's name,
 * blockchain or cryptocurrency is the service's text, of any length.
 */
const text = (value: string | null): SheetCell => ({
  value: value === null ? null : exceljsText(cellText(value)),
  numFmt: TEXT_FORMAT,
});
const count = (value: number): SheetCell => ({ value, numFmt: COUNT_FORMAT });
const instant = (iso: string): SheetCell => ({ value: new Date(iso), numFmt: DATETIME_FORMAT });
const day = (date: string): SheetCell => ({ value: new Date(`${date}T00:00:00Z`), numFmt: 'yyyy-mm-dd' });
/**
 * A true/false cell, centred in its column so that it stands apart from the figures beside it: every yes
 * or no of the sheet, so that a formula or a filter reads it and a spreadsheet words it (WAHR in German).
 */
const flag = (value: boolean): SheetCell => ({
  value,
  numFmt: BOOLEAN_FORMAT,
  alignment: { horizontal: 'center' },
});
/** A table's header over a column of numbers: on the right, over its figures. */
const numberHeader = (header: string): SheetCell => ({ ...text(header), alignment: { horizontal: 'right' } });
/** A table's header over a column of true/false cells. */
const flagHeader = (header: string): SheetCell => ({ ...text(header), alignment: { horizontal: 'center' } });

/**
 * An amount as a number shown with at least `decimals` and every decimal it has, when a double holds
 * every digit, otherwise as text with every digit, aligned right as numbers are. The report's own
 * figures are rounded already; a service's figure in a check may have more decimals, and so may its
 * difference (`80.245` against `80.25` is `-0.005`, as the page shows it, not `-0.01`).
 */
function amount(value: Big, decimals = 0): SheetCell {
  const plain = toPlainDecimal(value);
  const shown = Math.max(decimals, decimalsOf(plain));
  if (shown <= MAX_SHOWN_DECIMALS && doubleHolds(plain)) {
    return { value: Number(plain), numFmt: shown === 2 ? USD_FORMAT : decimalFormat(shown) };
  }
  return { value: plain, numFmt: TEXT_FORMAT, alignment: { horizontal: 'right' } };
}
const usd = (value: Big) => amount(value, 2);
const fiat = (value: Big, currency: string) => amount(value, fiatFractionDigits(currency));

/**
 * A figure of a check in the check's unit, as the page shows it: a count of invoices whole, a per-currency
 * total in its currency's minor unit when the service totals currencies in their own, any other in USD.
 */
function checkFigure(unit: CurrencyUnit): (check: ReconciliationCheck, value: Big) => SheetCell {
  return (check, value) => {
    const figureUnit = checkFigureUnit(check.name, unit);
    if (figureUnit.kind === 'count') return amount(value, 0);
    return figureUnit.kind === 'fiat' ? fiat(value, figureUnit.currency) : usd(value);
  };
}

/**
 * Which amounts the `Paid in <currency>` checks compare, in an accountant's words: the spec does not say
 * whether the service totals a currency in that currency or in USD, and `reconcile` finds out (the
 * model's `currencyUnit`); a report of one project makes none (the statistics are not per project), and
 * `Not checked` says why.
 */
function currencyComparison(unit: CurrencyUnit | null): string {
  if (unit === null) return 'not compared: see Not checked';
  return unit === 'usd'
    ? 'USD (amount_usd), as the service totals each currency'
    : 'its own currency (amount_fiat)';
}

/**
 * Column A holds the labels, the project ids (36) and the checks' names (`Project Web shop (3f2a9c1e)`;
 * a day's run to 50 characters and wrap); column B the values, the projects' names and the checks'
 * stable names for filtering (`project:<uuid>` is 44).
 */
const COLUMN_WIDTHS = [46, 46, 18, 18, 18, 18];
/** A check's name wraps within column A when it is longer still (a long project name). */
const CHECK_NAME_WIDTH = COLUMN_WIDTHS[0]!;
/** Why a check was not made wraps within column B. */
const REASON_WIDTH = COLUMN_WIDTHS[1]!;

/** Beside `Complete` when it is false: what the figures cover. */
const SO_FAR = 'so far: the figures run to "As of"';

/** Writes rows to the sheet and commits each at once: the streaming writer keeps nothing behind. */
class SheetRows {
  constructor(readonly sheet: Worksheet) {}

  /** A row of cells; `lines` of text tall when a cell wraps onto more than one. */
  row(cells: readonly (SheetCell | string)[], bold = false, lines = 1): void {
    const row = this.sheet.addRow([]);
    // Spreadsheets do not all make a row taller for text that wraps at the column's edge.
    if (lines > 1) row.height = rowHeight(lines);
    cells.forEach((cell, index) => {
      const target = row.getCell(index + 1);
      const { value, numFmt, alignment } = typeof cell === 'string' ? text(cell) : cell;
      target.value = value;
      if (numFmt) target.numFmt = numFmt;
      target.alignment = { vertical: 'top', ...alignment };
      if (bold) target.font = { bold: true };
    });
    row.commit();
  }

  /** A blank line, then a bold heading. */
  section(title: string): void {
    this.sheet.addRow([]).commit();
    this.row([title], true);
  }

  /** A section holding a table: its heading, a bold header, then one row per item. */
  table<T>(
    title: string,
    headers: readonly (SheetCell | string)[],
    items: readonly T[],
    cells: (item: T) => SheetCell[],
    lines: (item: T) => number = () => 1,
  ) {
    this.section(title);
    this.row(headers, true);
    for (const item of items) this.row(cells(item), false, lines(item));
  }
}

/**
 * Adds the `Summary` sheet, the workbook's first though it is written last, once the figures are known
 * (a streaming workbook puts a sheet into the file as it is added): the same figures as `summary.json`,
 * as labelled rows and small tables: what was asked (period, zone, complete or so far, when made, from
 * where), the invoices' and payments' headline figures (net received and the under- and over-paid USD
 * invoices among them), the previous period compared with, each breakdown (project with its configured
 * name, currency, month, day, cryptocurrency, wallet) and the reconciliation with every check. Amounts
 * and counts are numbers with formats, instants dates in UTC, each yes or no a true/false cell.
 */
export function addSummarySheet(workbook: Workbook, summary: ReportSummary): void {
  // Printed, the labels and their values fit across one page.
  const sheet = workbook.addWorksheet('Summary', {
    pageSetup: { fitToPage: true, fitToWidth: 1, fitToHeight: 0, orientation: 'portrait' },
  });
  listSheetFirst(workbook, sheet);
  sheet.columns = COLUMN_WIDTHS.map((width) => ({ width }));
  const rows = new SheetRows(sheet);
  const { period, invoices, previousPeriod: previous, payments, reconciliation } = summary;

  rows.row([`${summary.account ?? 'Invoice report'} · ${periodHeading(period)}`], true);
  rows.row(['Account', text(summary.account)]);
  rows.row(['Period', period.id]);
  rows.row(['Kind of period', period.kind]);
  rows.row(['Time zone', period.timezone]);
  rows.row(['Starts (UTC)', instant(period.start)]);
  rows.row(['Ends (UTC)', instant(period.end)]);
  rows.row(['Complete', flag(period.complete), ...(period.complete ? [] : [text(SO_FAR)])]);
  rows.row(['As of (UTC)', instant(period.asOf)]);
  rows.row(['Project', summary.projectId ?? 'all projects']);
  const filterName =
    summary.projectId === null ? undefined : projectName(summary.projectNames, summary.projectId);
  if (filterName !== undefined) rows.row(['Project name', text(filterName)]);
  rows.row(['Generated at (UTC)', instant(summary.generatedAt)]);
  rows.row(['Source', summary.source.apiUrl]);

  rows.section('Invoices created in the period');
  rows.row(['Invoices', count(invoices.total)]);
  for (const [status] of INVOICE_STATUS_ORDER)
    rows.row([`Status ${status}`, count(invoices.byStatus[status])]);
  rows.row(['Paid total (USD)', usd(invoices.paidTotalUSD)]);
  rows.row(['Commission (USD)', usd(invoices.commissionTotalUSD)]);
  rows.row(['Net received (USD)', usd(invoices.netReceivedUSD)]);
  rows.row(['Under-paid USD invoices', count(invoices.underpaid.count)]);
  rows.row(['Under-paid difference (USD)', usd(invoices.underpaid.differenceUSD)]);
  rows.row(['Over-paid USD invoices', count(invoices.overpaid.count)]);
  rows.row(['Over-paid difference (USD)', usd(invoices.overpaid.differenceUSD)]);

  rows.section(`Compared with ${previous.id}`);
  rows.row(['Span compared from (UTC)', instant(previous.start)]);
  rows.row(['Span compared to (UTC)', instant(previous.end)]);
  const comparedSpan = previousPeriodName(previous, summary.period.timezone);
  rows.row([
    'Comparison',
    previous.comparison === 'whole-period'
      ? `the whole of ${comparedSpan}`
      : `as far as this period has run: ${comparedSpan}`,
  ]);
  // The previous period's figures name it: `Paid total (USD)` is the period's own, and a lookup by label
  // finds the first row that has it.
  rows.row([`Paid, ${previous.id}`, count(previous.paid)]);
  rows.row([`Paid total, ${previous.id} (USD)`, usd(previous.paidTotalUSD)]);
  rows.row(['Change in paid', count(previous.change.paid)]);
  rows.row(['Change in paid total (USD)', usd(previous.change.paidTotalUSD)]);
  rows.row([
    'Change in paid total (%)',
    previous.change.paidTotalPercent === null
      ? text('none: nothing was paid before')
      : amount(previous.change.paidTotalPercent, 1),
  ]);

  rows.section('Payments whose transaction falls in the period');
  rows.row(['Payments', count(payments.total)]);
  rows.row(['Matched', count(payments.matched)]);
  rows.row(['Unmatched', count(payments.unmatched)]);
  // Estimates, and named as such: see the Unmatched payments sheet for each one and its basis.
  rows.row(['Unmatched, estimated total (USD)', usd(payments.unmatchedEstimatedUSD)]);
  rows.row(['Unmatched with a likely invoice', count(payments.unmatchedWithLikelyInvoice)]);
  rows.row(['Late', count(payments.late)]);
  if (payments.projectFilterNote) rows.row(['Note', payments.projectFilterNote]);

  rows.table(
    'Paid invoices by project',
    ['Project', 'Name', ...['Paid', 'Paid USD', 'Commission USD', 'Net received USD'].map(numberHeader)],
    invoices.projects,
    (p) => [
      text(p.projectId),
      text(projectName(summary.projectNames, p.projectId) ?? null),
      count(p.paid),
      usd(p.paidTotalUSD),
      usd(p.commissionTotalUSD),
      usd(p.netReceivedUSD),
    ],
  );
  rows.table(
    'Paid invoices by currency',
    ['Currency', ...['Paid', 'Amount', 'Paid USD'].map(numberHeader)],
    invoices.currencies,
    (c) => [text(c.currency), count(c.paid), fiat(c.amount, c.currency), usd(c.paidTotalUSD)],
  );
  rows.table(
    'Paid invoices by month',
    ['Month', numberHeader('Paid'), numberHeader('Paid USD')],
    invoices.months,
    (m) => [text(m.month), count(m.paid), usd(m.paidTotalUSD)],
  );
  rows.table(
    `Paid invoices by day (${period.timezone})`,
    ['Day', 'Paid', 'Paid USD'].map(numberHeader),
    invoices.days,
    (d) => [day(d.date), count(d.paid), usd(d.paidTotalUSD)],
  );
  rows.table(
    'Payments by cryptocurrency',
    ['Cryptocurrency', numberHeader('Payments'), numberHeader('Amount')],
    payments.cryptocurrencies,
    (c) => [text(c.cryptocurrency), count(c.count), amount(c.amount)],
  );
  rows.table(
    'Payments by wallet',
    ['Wallet', 'Wallet id', 'Blockchain', 'Cryptocurrency', numberHeader('Payments'), numberHeader('Amount')],
    payments.wallets,
    (w) => [
      text(w.wallet.name),
      text(w.wallet.id),
      text(w.wallet.blockchain),
      text(w.wallet.cryptocurrency),
      count(w.count),
      amount(w.amount),
    ],
  );

  rows.section('Reconciliation with the service’s statistics');
  rows.row(['Every check agrees', flag(reconciliation.ok)]);
  rows.row(['Dates asked of both', `${reconciliation.window.startDate} to ${reconciliation.window.endDate}`]);
  rows.row(['Paid invoices listed for those dates', count(reconciliation.listed.paid)]);
  rows.row(['Their total (USD)', usd(reconciliation.listed.paidTotalUSD)]);
  rows.row(['Paid in each currency, compared in', text(currencyComparison(reconciliation.currencyUnit))]);
  const unit = currencyCheckUnit(reconciliation);
  const checkName = (check: ReconciliationCheck) => describeCheck(check, unit, summary.projectNames).label;
  const figure = checkFigure(unit);
  rows.table(
    'Checks',
    [
      'Check',
      'Name in summary.json',
      ...["Service's figure", 'Its listed invoices', 'Difference'].map(numberHeader),
      flagHeader('Agrees'),
    ],
    reconciliation.checks,
    (check) => [
      { ...text(checkName(check)), alignment: { wrapText: true } },
      text(check.name),
      figure(check, check.service),
      figure(check, check.computed),
      figure(check, check.difference),
      flag(check.ok),
    ],
    (check) => wrappedLines(checkName(check), CHECK_NAME_WIDTH),
  );
  if (reconciliation.notChecked.length > 0) {
    rows.table(
      'Not checked',
      ['Check', 'Why'],
      reconciliation.notChecked,
      (unchecked) => [
        { ...text(uncheckedLabel(unchecked.name, summary.projectNames)), alignment: { wrapText: true } },
        { ...text(unchecked.reason), alignment: { wrapText: true } },
      ],
      (unchecked) =>
        Math.max(
          wrappedLines(uncheckedLabel(unchecked.name, summary.projectNames), CHECK_NAME_WIDTH),
          wrappedLines(unchecked.reason, REASON_WIDTH),
        ),
    );
  }
  sheet.commit();
}
