import type { MispaidInvoice, MispaidTotals, Report, ReportSummary } from '../../report';
import {
  formatCount,
  formatServiceDatetime,
  formatUSD,
  formatUSDChange,
  JUDGED_CURRENCY,
  periodTitle,
} from '../../report';
import { AmountText } from './amount-text';
import { DataTable } from './data-table';
import type { Variant } from './looks';
import { Empty, Lead, Note, Panel } from './panel';
import { ProjectLabel } from './project-label';
import { WrapWhenLong } from './wrap-when-long';

/** Why only USD invoices are judged, in words: said wherever under- and over-paid invoices are. */
export const WHY_USD_ONLY =
  'Only invoices in USD can be judged this way: for an invoice in another currency the USD amount moves ' +
  'with the exchange rate between invoicing and payment, so a difference would not mean it was paid short or over.';

const side = (totals: MispaidTotals, word: string) =>
  `${formatCount(totals.count)} ${word} (${formatUSDChange(totals.differenceUSD)} in all)`;

/**
 * The under- and over-paid invoices of a report in one sentence: `Paid invoices in USD for which the
 * service recorded a different USD amount received from the one invoiced: 1 under-paid (-0.50 USD in
 * all) and 1 over-paid (+1.25 USD in all).`, or why there are none.
 */
export function mispaidInWords(summary: ReportSummary): string {
  const { underpaid, overpaid, currencies } = summary.invoices;
  if (underpaid.count + overpaid.count === 0) {
    const judged = currencies.find((currency) => currency.currency === JUDGED_CURRENCY)?.paid ?? 0;
    if (judged === 0) return `No invoice in USD was paid in ${periodTitle(summary.period)}.`;
    return judged === 1
      ? 'None: the one paid invoice in USD received the amount invoiced.'
      : `None: all ${formatCount(judged)} paid invoices in USD received the amount invoiced.`;
  }
  return (
    'Paid invoices in USD for which the service recorded a different USD amount received from the one invoiced: ' +
    `${side(underpaid, 'under-paid')} and ${side(overpaid, 'over-paid')}.`
  );
}

/** Where the rest are, when the list is cut short. */
function pointer(shown: number, total: number, csvName: string): string {
  const where = `${csvName} has every paid invoice, with amount_fiat (invoiced) and amount_usd (received)`;
  return shown < total
    ? `The ${formatCount(shown)} largest differences of ${formatCount(total)}; ${where}.`
    : `Largest difference first; ${where}.`;
}

/**
 * Paid invoices in USD that received less or more than invoiced, largest difference first, with the
 * counts and totals, why only USD invoices are judged, and where the rest are.
 */
export function MispaidInvoices({
  variant,
  report,
  limit,
  csvName,
}: {
  variant: Variant;
  report: Report;
  limit: number;
  /** The paid invoices' CSV file as the reader knows it: `paid-invoices.csv` beside the page, the attachment's name in the email. */
  csvName: string;
}) {
  const { summary } = report;
  const { timezone } = summary.period;
  const total = summary.invoices.underpaid.count + summary.invoices.overpaid.count;
  const shown = report.mispaidInvoices.slice(0, limit);
  const heading = `Under- and over-paid invoices (${formatCount(total)})`;
  return (
    <Panel variant={variant} heading={heading} long={shown.length > 15}>
      {total === 0 ? (
        <Empty variant={variant}>{mispaidInWords(summary)}</Empty>
      ) : (
        <>
          <Lead variant={variant}>
            {variant === 'page'
              ? `${mispaidInWords(summary)} Times in ${timezone}.`
              : mispaidInWords(summary)}
          </Lead>
          <DataTable<MispaidInvoice>
            variant={variant}
            name={heading}
            cards="list"
            rows={shown}
            columns={[
              {
                heading: 'Created',
                looks: ['nowrap'],
                pageOnly: true,
                cell: (row) => formatServiceDatetime(row.invoice.createDatetime, timezone),
              },
              {
                heading: 'Invoice',
                looks: ['nowrap'],
                cell: (row) => <WrapWhenLong variant={variant} text={row.invoice.uid} />,
                title: (row) => row.invoice.id,
              },
              {
                heading: 'Project',
                looks: ['longWord'],
                pageOnly: true,
                cell: (row) => (
                  <ProjectLabel variant={variant} names={summary.projectNames} id={row.invoice.projectId} />
                ),
              },
              {
                heading: 'Invoiced',
                numeric: true,
                cell: (row) => (
                  <AmountText variant={variant} text={formatUSD(row.invoice.amountFiat)} keepWhole />
                ),
              },
              {
                heading: 'Received',
                numeric: true,
                // The email keeps three columns, which fit a phone with a billion on each: the invoiced
                // amount and the difference say what was received.
                pageOnly: true,
                cell: (row) => <AmountText variant={variant} text={formatUSD(row.invoice.amountFiatUSD)} />,
              },
              {
                heading: 'Difference',
                numeric: true,
                cell: (row) => (
                  <AmountText variant={variant} text={formatUSDChange(row.differenceUSD)} keepWhole />
                ),
              },
            ]}
          />
          <Note variant={variant}>{pointer(shown.length, total, csvName)}</Note>
        </>
      )}
      <Note variant={variant}>{WHY_USD_ONLY}</Note>
    </Panel>
  );
}
