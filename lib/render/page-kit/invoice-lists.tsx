import type { InvoiceItem } from '../../invoicing';
import type { MispaidInvoice, MispaidTotals, Report, ReportSummary } from '../../report';
import {
  FIRST_PAID_INVOICES_SHOWN,
  formatCount,
  formatCrypto,
  formatFiat,
  formatUSD,
  formatUSDChange,
  JUDGED_CURRENCY,
  periodTitle,
} from '../../report';
import {
  AmountText,
  amountColumn,
  FREE_TEXT_SHOWN,
  invoiceColumn,
  longerText,
  projectColumn,
  ServiceText,
  timeColumn,
} from './cells';
import { DataTable } from './data-table';
import { useVariant } from './looks';
import { Lead, ListPanel, Note, Panel } from './panel';

/** Why only USD invoices are judged, in words: said wherever under- and over-paid invoices are. */
export const WHY_USD_ONLY =
  'Only invoices in USD can be judged this way: for an invoice in another currency the USD amount moves ' +
  'with the exchange rate between invoicing and payment, so a difference would not mean it was paid short or over.';

const side = (totals: MispaidTotals, word: string) =>
  `${formatCount(totals.count)} ${word} (${formatUSDChange(totals.differenceUSD)} in all)`;

/**
 * The under- and over-paid invoices in one sentence: `Paid invoices in USD for which the service recorded
 * a different USD amount received from the one invoiced: 1 under-paid (-0.50 USD in all) and 1
 * over-paid (+1.25 USD in all).`, or why there are none.
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

/**
 * Paid invoices in USD that received less or more than invoiced, largest difference first, with the
 * counts and totals, why only USD invoices are judged, and where the rest are (`csvName`, as the reader
 * knows the paid invoices' file).
 */
export function MispaidInvoices(props: { report: Report; limit: number; csvName: string }) {
  const { report } = props;
  const { summary } = report;
  const { timezone } = summary.period;
  const total = summary.invoices.underpaid.count + summary.invoices.overpaid.count;
  const shown = report.mispaidInvoices.slice(0, props.limit);
  const where = `${props.csvName} has every paid invoice, with amount_fiat (invoiced) and amount_usd (received)`;
  return (
    <ListPanel<MispaidInvoice>
      title="Under- and over-paid invoices"
      total={total}
      shown={shown}
      none={mispaidInWords(summary)}
      lead={
        <Lead>
          {useVariant() === 'page'
            ? `${mispaidInWords(summary)} Times in ${timezone}.`
            : mispaidInWords(summary)}
        </Lead>
      }
      note={
        shown.length < total
          ? `The ${formatCount(shown.length)} largest differences of ${formatCount(total)}; ${where}.`
          : `Largest difference first; ${where}.`
      }
      columns={[
        timeColumn('Created', (row) => row.invoice.createDatetime, timezone, true),
        invoiceColumn((row) => row.invoice),
        projectColumn(summary.projectNames, (row) => row.invoice.projectId, true),
        amountColumn('Invoiced', (row) => formatUSD(row.invoice.amountFiat), { keepWhole: true }),
        // The email keeps three columns, which fit a phone with a billion on each.
        amountColumn('Received', (row) => formatUSD(row.invoice.amountFiatUSD), { pageOnly: true }),
        amountColumn('Difference', (row) => formatUSDChange(row.differenceUSD), { keepWhole: true }),
      ]}
    >
      <Note>{WHY_USD_ONLY}</Note>
    </ListPanel>
  );
}

/** The first paid invoices of the period in order of creation, and where to find the rest. */
export function PaidInvoices({ report }: { report: Report }) {
  const { timezone } = report.summary.period;
  const paid = report.summary.invoices.paid;
  const shown = report.firstPaidInvoices.slice(0, FIRST_PAID_INVOICES_SHOWN);
  if (shown.length === 0) return null;
  const count = formatCount(paid);
  return (
    <Panel heading="Paid invoices" long>
      <Lead>
        {paid > shown.length
          ? `The first ${formatCount(shown.length)} of ${count} paid invoices, in order of creation. paid-invoices.csv lists all ${count}. Times in ${timezone}.`
          : `All ${count} paid invoices, in order of creation; also in paid-invoices.csv. Times in ${timezone}.`}
      </Lead>
      <DataTable<InvoiceItem>
        name="Paid invoices"
        cards="wide"
        rows={shown}
        columns={[
          timeColumn('Created', (row) => row.createDatetime, timezone),
          invoiceColumn((row) => row),
          projectColumn(report.summary.projectNames, (row) => row.projectId),
          amountColumn('Amount', (row) => formatFiat(row.amountFiat, row.currencyFiat)),
          amountColumn('USD', (row) => formatUSD(row.amountFiatUSD)),
          {
            heading: 'Paid with',
            numeric: true,
            cell: (row) =>
              row.payment && row.wallet ? (
                <AmountText text={formatCrypto(row.payment.amount, row.wallet.cryptocurrency)} />
              ) : (
                ''
              ),
          },
          {
            heading: 'Your reference',
            looks: ['code', 'longWord'],
            cell: (row) => <ServiceText text={row.serviceData ?? ''} max={FREE_TEXT_SHOWN} />,
            title: (row) => longerText(row.serviceData, FREE_TEXT_SHOWN),
          },
          {
            heading: 'Description',
            looks: ['description'],
            cell: (row) => <ServiceText text={row.description ?? ''} max={FREE_TEXT_SHOWN} />,
            title: (row) => longerText(row.description, FREE_TEXT_SHOWN),
          },
        ]}
      />
    </Panel>
  );
}
