import type Big from 'big.js';
import type { Alignment, Workbook } from 'exceljs';
import { fiatFractionDigits } from '../../invoicing';
import type { ReconciliationCheck, ReportSummary } from '../../report';
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
import { listSheetFirst } from './exceljs-stream';
import {
  BOOLEAN_FORMAT,
  COUNT_FORMAT,
  cellText,
  DATETIME_FORMAT,
  decimalFormat,
  decimalsOf,
  doubleHolds,
  exceljsText,
  MAX_SHOWN_DECIMALS,
  rowHeight,
  TEXT_FORMAT,
  wrappedLines,
} from './sheet-row-xml';

/** A cell of the summary sheet: its value and how it is shown; a string is text. */
type Cell = {
  value: string | number | boolean | Date | null;
  numFmt?: string;
  alignment?: Partial<Alignment>;
};

/** Text cut to a cell's limit (Excel repairs a longer one), escaped where exceljs is not. */
const text = (value: string | null): Cell => ({
  value: value === null ? null : exceljsText(cellText(value)),
  numFmt: TEXT_FORMAT,
});
const wrapped = (value: string): Cell => ({ ...text(value), alignment: { wrapText: true } });
const count = (value: number): Cell => ({ value, numFmt: COUNT_FORMAT });
const instant = (iso: string): Cell => ({ value: new Date(iso), numFmt: DATETIME_FORMAT });
const day = (date: string): Cell => ({ value: new Date(`${date}T00:00:00Z`), numFmt: 'yyyy-mm-dd' });
/** Every yes or no is a true/false cell (a formula reads it, a spreadsheet words it), centred apart from figures. */
const flag = (value: boolean): Cell => ({
  value,
  numFmt: BOOLEAN_FORMAT,
  alignment: { horizontal: 'center' },
});
/** A header over a column of numbers, on the right over its figures. */
const numberHeader = (header: string): Cell => ({ ...text(header), alignment: { horizontal: 'right' } });

/** An amount as a number showing at least `decimals` and every decimal it has, or as text when a double cannot. */
function amount(value: Big, decimals = 0): Cell {
  const plain = toPlainDecimal(value);
  const shown = Math.max(decimals, decimalsOf(plain));
  if (shown <= MAX_SHOWN_DECIMALS && doubleHolds(plain)) {
    return { value: Number(plain), numFmt: decimalFormat(shown) };
  }
  return { value: plain, numFmt: TEXT_FORMAT, alignment: { horizontal: 'right' } };
}
const usd = (value: Big) => amount(value, 2);
const fiat = (value: Big, currency: string) => amount(value, fiatFractionDigits(currency));

/** A: labels, project ids (36), checks' names (a day's wrap); B: values, names, `project:<uuid>` (44). */
const COLUMN_WIDTHS = [46, 46, 18, 18, 18, 18];
const [CHECK_NAME_WIDTH, REASON_WIDTH] = COLUMN_WIDTHS as [number, number];

/** Adds the `Summary` sheet, listed first though written last: the figures of `summary.json` as rows and tables. */
export function addSummarySheet(workbook: Workbook, summary: ReportSummary): void {
  // Printed, the labels and their values fit across one page.
  const sheet = workbook.addWorksheet('Summary', {
    pageSetup: { fitToPage: true, fitToWidth: 1, fitToHeight: 0, orientation: 'portrait' },
  });
  listSheetFirst(workbook, sheet);
  sheet.columns = COLUMN_WIDTHS.map((width) => ({ width }));
  // Each row is committed at once: the streaming writer keeps nothing behind.
  const row = (cells: readonly (Cell | string)[], bold = false, lines = 1) => {
    const added = sheet.addRow([]);
    // Spreadsheets do not all make a row taller for text that wraps at the column's edge.
    if (lines > 1) added.height = rowHeight(lines);
    cells.forEach((cell, index) => {
      const target = added.getCell(index + 1);
      const { value, numFmt, alignment } = typeof cell === 'string' ? text(cell) : cell;
      target.value = value;
      if (numFmt) target.numFmt = numFmt;
      target.alignment = { vertical: 'top', ...alignment };
      if (bold) target.font = { bold: true };
    });
    added.commit();
  };
  const section = (title: string) => {
    sheet.addRow([]).commit();
    row([title], true);
  };
  const table = <T>(
    title: string,
    headers: readonly (Cell | string)[],
    items: readonly T[],
    cells: (item: T) => Cell[],
    lines: (item: T) => number = () => 1,
  ) => {
    section(title);
    row(headers, true);
    for (const item of items) row(cells(item), false, lines(item));
  };
  const { period, invoices, previousPeriod: previous, payments, reconciliation, projectNames } = summary;

  row([`${summary.account ?? 'Invoice report'} · ${periodHeading(period)}`], true);
  row(['Account', text(summary.account)]);
  row(['Period', period.id]);
  row(['Kind of period', period.kind]);
  row(['Time zone', period.timezone]);
  row(['Starts (UTC)', instant(period.start)]);
  row(['Ends (UTC)', instant(period.end)]);
  row([
    'Complete',
    flag(period.complete),
    ...(period.complete ? [] : ['so far: the figures run to "As of"']),
  ]);
  row(['As of (UTC)', instant(period.asOf)]);
  row(['Project', summary.projectId ?? 'all projects']);
  const filterName = summary.projectId === null ? undefined : projectName(projectNames, summary.projectId);
  if (filterName !== undefined) row(['Project name', text(filterName)]);
  row(['Generated at (UTC)', instant(summary.generatedAt)]);
  row(['Source', summary.source.apiUrl]);

  section('Invoices created in the period');
  row(['Invoices', count(invoices.total)]);
  for (const [status] of INVOICE_STATUS_ORDER) row([`Status ${status}`, count(invoices.byStatus[status])]);
  row(['Paid total (USD)', usd(invoices.paidTotalUSD)]);
  row(['Commission (USD)', usd(invoices.commissionTotalUSD)]);
  row(['Net received (USD)', usd(invoices.netReceivedUSD)]);
  row(['Under-paid USD invoices', count(invoices.underpaid.count)]);
  row(['Under-paid difference (USD)', usd(invoices.underpaid.differenceUSD)]);
  row(['Over-paid USD invoices', count(invoices.overpaid.count)]);
  row(['Over-paid difference (USD)', usd(invoices.overpaid.differenceUSD)]);

  section(`Compared with ${previous.id}`);
  row(['Span compared from (UTC)', instant(previous.start)]);
  row(['Span compared to (UTC)', instant(previous.end)]);
  const span = previousPeriodName(previous, period.timezone);
  const whole = previous.comparison === 'whole-period';
  row(['Comparison', whole ? `the whole of ${span}` : `as far as this period has run: ${span}`]);
  // Named for the previous period: a lookup by label finds the first row with `Paid total (USD)`.
  row([`Paid, ${previous.id}`, count(previous.paid)]);
  row([`Paid total, ${previous.id} (USD)`, usd(previous.paidTotalUSD)]);
  row(['Change in paid', count(previous.change.paid)]);
  row(['Change in paid total (USD)', usd(previous.change.paidTotalUSD)]);
  const percent = previous.change.paidTotalPercent;
  row(['Change in paid total (%)', percent === null ? 'none: nothing was paid before' : amount(percent, 1)]);

  section('Payments whose transaction falls in the period');
  row(['Payments', count(payments.total)]);
  row(['Matched', count(payments.matched)]);
  row(['Unmatched', count(payments.unmatched)]);
  // Named as estimates: the Unmatched payments sheet has each one and its basis.
  row(['Unmatched, estimated total (USD)', usd(payments.unmatchedEstimatedUSD)]);
  row(['Unmatched with a likely invoice', count(payments.unmatchedWithLikelyInvoice)]);
  row(['Late', count(payments.late)]);
  if (payments.projectFilterNote) row(['Note', payments.projectFilterNote]);

  table(
    'Paid invoices by project',
    ['Project', 'Name', ...['Paid', 'Paid USD', 'Commission USD', 'Net received USD'].map(numberHeader)],
    invoices.projects,
    (p) => [
      text(p.projectId),
      text(projectName(projectNames, p.projectId) ?? null),
      count(p.paid),
      usd(p.paidTotalUSD),
      usd(p.commissionTotalUSD),
      usd(p.netReceivedUSD),
    ],
  );
  table(
    'Paid invoices by currency',
    ['Currency', ...['Paid', 'Amount', 'Paid USD'].map(numberHeader)],
    invoices.currencies,
    (c) => [text(c.currency), count(c.paid), fiat(c.amount, c.currency), usd(c.paidTotalUSD)],
  );
  table(
    'Paid invoices by month',
    ['Month', numberHeader('Paid'), numberHeader('Paid USD')],
    invoices.months,
    (m) => [text(m.month), count(m.paid), usd(m.paidTotalUSD)],
  );
  table(
    `Paid invoices by day (${period.timezone})`,
    ['Day', 'Paid', 'Paid USD'].map(numberHeader),
    invoices.days,
    (d) => [day(d.date), count(d.paid), usd(d.paidTotalUSD)],
  );
  table(
    'Payments by cryptocurrency',
    ['Cryptocurrency', numberHeader('Payments'), numberHeader('Amount')],
    payments.cryptocurrencies,
    (c) => [text(c.cryptocurrency), count(c.count), amount(c.amount)],
  );
  table(
    'Payments by wallet',
    ['Wallet', 'Wallet id', 'Blockchain', 'Cryptocurrency', numberHeader('Payments'), numberHeader('Amount')],
    payments.wallets,
    ({ wallet, ...w }) => [
      text(wallet.name),
      text(wallet.id),
      text(wallet.blockchain),
      text(wallet.cryptocurrency),
      count(w.count),
      amount(w.amount),
    ],
  );

  section('Reconciliation with the service’s statistics');
  row(['Every check agrees', flag(reconciliation.ok)]);
  row(['Dates asked of both', `${reconciliation.window.startDate} to ${reconciliation.window.endDate}`]);
  row(['Paid invoices listed for those dates', count(reconciliation.listed.paid)]);
  row(['Their total (USD)', usd(reconciliation.listed.paidTotalUSD)]);
  // The spec does not say whether the service totals a currency in it or in USD: `reconcile` finds out.
  const compared = {
    usd: 'USD (amount_usd), as the service totals each currency',
    fiat: 'its own currency (amount_fiat)',
    none: 'not compared: see Not checked',
  };
  row(['Paid in each currency, compared in', compared[reconciliation.currencyUnit ?? 'none']]);
  const unit = currencyCheckUnit(reconciliation);
  const checkName = (check: ReconciliationCheck) => describeCheck(check, unit, projectNames).label;
  // In the check's unit, as the page shows it: a count whole, a currency in its minor unit, else USD.
  const figure = (check: ReconciliationCheck, value: Big) => {
    const figureUnit = checkFigureUnit(check.name, unit);
    if (figureUnit.kind === 'count') return amount(value, 0);
    return figureUnit.kind === 'fiat' ? fiat(value, figureUnit.currency) : usd(value);
  };
  table(
    'Checks',
    [
      'Check',
      'Name in summary.json',
      ...["Service's figure", 'Its listed invoices', 'Difference'].map(numberHeader),
      { ...text('Agrees'), alignment: { horizontal: 'center' } },
    ],
    reconciliation.checks,
    (check) => [
      wrapped(checkName(check)),
      text(check.name),
      figure(check, check.service),
      figure(check, check.computed),
      figure(check, check.difference),
      flag(check.ok),
    ],
    (check) => wrappedLines(checkName(check), CHECK_NAME_WIDTH),
  );
  if (reconciliation.notChecked.length > 0) {
    const label = (name: string) => uncheckedLabel(name, projectNames);
    table(
      'Not checked',
      ['Check', 'Why'],
      reconciliation.notChecked,
      ({ name, reason }) => [wrapped(label(name)), wrapped(reason)],
      ({ name, reason }) =>
        Math.max(wrappedLines(label(name), CHECK_NAME_WIDTH), wrappedLines(reason, REASON_WIDTH)),
    );
  }
  sheet.commit();
}
