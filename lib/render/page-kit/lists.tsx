import type { InvoiceItem } from '../../invoicing';
import {
  estimateBasisWords,
  FIRST_PAID_INVOICES_SHOWN,
  formatCount,
  formatCrypto,
  formatDelay,
  formatFiat,
  formatPercentChange,
  formatServiceDatetime,
  formatUSD,
  formatUSDChange,
  JUDGED_CURRENCY,
  type LatePayment,
  LIKELY_TOLERANCE_PERCENT,
  type MispaidInvoice,
  type MispaidTotals,
  periodTitle,
  type Report,
  type ReportSummary,
  type UnmatchedPaymentFacts,
  unmatchedInWords,
} from '../../report';
import {
  AmountText,
  amountColumn,
  FREE_TEXT_SHOWN,
  invoiceColumn,
  isLongValue,
  longerText,
  projectColumn,
  ServiceText,
  timeColumn,
  WALLET_NAME_SHOWN,
  WrapWhenLong,
} from './cells';
import { look, useVariant } from './looks';
import { Lead, Note, TablePanel, type TablePanelProps } from './panel';

/** A list's panel, headed with the count of all its rows (`count`) and showing the first ones (`rows`). */
function ListPanel<Row>(props: TablePanelProps<Row> & { count: number; note: string | null }) {
  const { heading, count, note, ...rest } = props;
  return (
    <TablePanel<Row>
      {...rest}
      heading={`${heading} (${formatCount(count)})`}
      long={rest.rows.length > 15}
      empty={count === 0}
      cards="list"
      notes={[note]}
    />
  );
}

/** A list's rows shown at most (a note counts the rest), and its CSV file as the reader knows it. */
type ListProps = { report: Report; limit: number; csvName: string };

const pointer = (shown: number, total: number, csvName: string) =>
  total > shown
    ? `Showing the first ${formatCount(shown)} of ${formatCount(total)}; ${csvName} lists them all.`
    : null;

/** The likely invoice with the merchant's reference, or the closest candidate and how far it is. */
function InvoiceCell({ payment, timezone }: { payment: UnmatchedPaymentFacts; timezone: string }) {
  const likely = payment.candidates.find((candidate) => candidate.likely);
  if (likely !== undefined) {
    return (
      <>
        <div>
          <WrapWhenLong text={likely.uid} />
        </div>
        {likely.serviceData === null ? null : (
          <div {...look('muted')}>
            {'your reference '}
            <span {...look(['code', isLongValue(likely.serviceData) ? 'longWord' : 'nowrap'])}>
              <ServiceText text={likely.serviceData} max={FREE_TEXT_SHOWN} />
            </span>
          </div>
        )}
        <div
          {...look(['muted', 'nowrap'])}
        >{`likely · ${formatPercentChange(likely.differencePercent)}`}</div>
      </>
    );
  }
  const closest = payment.candidates[0];
  if (closest === undefined) return <span {...look('muted')}>no invoice was waiting</span>;
  const how =
    closest.differencePercent === null
      ? `made ${formatServiceDatetime(closest.createDatetime, timezone)}`
      : formatPercentChange(closest.differencePercent);
  return (
    <>
      <div {...look('muted')}>{`none likely; the closest of ${formatCount(payment.candidateCount)}:`}</div>
      <div>
        <WrapWhenLong text={closest.uid} />
      </div>
      {/* A percentage stays whole; a time may wrap at its spaces. */}
      <div {...look(closest.differencePercent === null ? 'muted' : ['muted', 'nowrap'])}>{how}</div>
    </>
  );
}

/** Payments matched to no invoice, each with its estimated USD value and likely invoice. */
export function UnmatchedPayments({ report, limit, csvName }: ListProps) {
  const { timezone } = report.summary.period;
  const { payments } = report.summary;
  const shown = report.unmatched.slice(0, limit);
  return (
    <ListPanel<UnmatchedPaymentFacts>
      heading="Unmatched payments"
      count={payments.unmatched}
      rows={shown}
      note={pointer(shown.length, payments.unmatched, csvName)}
      none={
        // A report of one project leaves the unmatched payments out: it cannot say there were none.
        payments.projectFilterNote ??
        `None: every payment found in ${periodTitle(report.summary.period)} was matched to an invoice.`
      }
      lead={
        <>
          <p {...look('paragraph')}>{unmatchedInWords(payments)}</p>
          <Lead>
            {'Found by the service in your wallets but matched to no invoice. Each is valued at the rate of '}
            {'the matched payments of its coin nearest in time, and an invoice is called likely when it was '}
            {`waiting then and is the only one within ${LIKELY_TOLERANCE_PERCENT} % of that estimate. `}
            {`Estimates only: check before matching. Times in ${timezone}.`}
          </Lead>
        </>
      }
      columns={[
        timeColumn('Received', (row) => row.transactionDatetime, timezone),
        {
          heading: 'Amount',
          numeric: true,
          cell: (row) => (
            <>
              <AmountText text={formatCrypto(row.amount, row.cryptocurrency)} keepWhole />
              {/* The email has no room for a column of its own: the estimate goes under the amount. */}
              {useVariant() === 'email' ? (
                <div {...look('muted')}>
                  {row.estimate === null ? 'no estimate' : `≈ ${formatUSD(row.estimate.usd)}`}
                </div>
              ) : null}
            </>
          ),
        },
        {
          heading: 'Estimated',
          numeric: true,
          pageOnly: true,
          cell: (row) =>
            row.estimate === null ? (
              <span {...look('muted')}>none</span>
            ) : (
              <AmountText text={`≈ ${formatUSD(row.estimate.usd)}`} keepWhole />
            ),
        },
        {
          heading: 'Based on',
          looks: ['wrap', 'muted'],
          pageOnly: true,
          cell: (row) => estimateBasisWords(row.estimate, row.cryptocurrency),
        },
        {
          heading: 'Invoice',
          looks: ['wrap'],
          cell: (row) => <InvoiceCell payment={row} timezone={timezone} />,
          title: (row) => row.likelyInvoiceId ?? row.candidates[0]?.id ?? '',
        },
        {
          heading: 'Wallet',
          // A wallet may be named by its address, one word of 42 characters or more.
          looks: ['wrap', 'longWord'],
          pageOnly: true,
          cell: (row) => <ServiceText text={row.walletName} max={WALLET_NAME_SHOWN} />,
          title: (row) => row.walletAddress,
        },
        // Whole, to copy into a block explorer: a title can be neither copied nor seen on a phone.
        { heading: 'Transaction', looks: ['code', 'longWord'], pageOnly: true, cell: (row) => row.hash },
      ]}
    />
  );
}

/** Payments that arrived at or after their invoice's deadline, inside the service's hour of grace. */
export function LatePayments({ report, limit, csvName }: ListProps) {
  const { timezone } = report.summary.period;
  const total = report.summary.payments.late;
  const shown = report.latePayments.slice(0, limit);
  return (
    <ListPanel<LatePayment>
      heading="Late payments"
      count={total}
      rows={shown}
      note={pointer(shown.length, total, csvName)}
      none="None: every matched payment arrived before its invoice's deadline."
      lead={
        <Lead>
          Arrived at or after the invoice's deadline, within the hour the service keeps looking: the rate may
          have moved.
        </Lead>
      }
      columns={[
        timeColumn('Received', (row) => row.payment.transactionDatetime, timezone, true),
        invoiceColumn((row) => row.invoice),
        amountColumn('Amount', (row) => formatCrypto(row.payment.amount, row.payment.wallet.cryptocurrency), {
          keepWhole: true,
        }),
        amountColumn('Invoice USD', (row) => formatUSD(row.invoice.amountFiatUSD), { pageOnly: true }),
        {
          heading: 'Late by',
          numeric: true,
          // `59 min 59 s` on one line in the email too (the page's cell keeps it so).
          cell: (row) => {
            const delay = formatDelay(row.secondsLate);
            return useVariant() === 'email' ? <span {...look('nowrap')}>{delay}</span> : delay;
          },
        },
      ]}
    />
  );
}

/** Why only USD invoices are judged, in words: said wherever under- and over-paid invoices are. */
export const WHY_USD_ONLY =
  'Only invoices in USD can be judged this way: for an invoice in another currency the USD amount moves ' +
  'with the exchange rate between invoicing and payment, so a difference would not mean it was paid short or over.';

const side = (totals: MispaidTotals, word: string) =>
  `${formatCount(totals.count)} ${word} (${formatUSDChange(totals.differenceUSD)} in all)`;

/** The under- and over-paid invoices in one sentence (`…: 1 under-paid (-0.50 USD in all) and …`), or why none. */
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

/** Paid invoices in USD that received less or more than invoiced, largest difference first. */
export function MispaidInvoices({ report, limit, csvName }: ListProps) {
  const { summary } = report;
  const { timezone } = summary.period;
  const total = summary.invoices.underpaid.count + summary.invoices.overpaid.count;
  const shown = report.mispaidInvoices.slice(0, limit);
  const where = `${csvName} has every paid invoice, with amount_fiat (invoiced) and amount_usd (received)`;
  return (
    <ListPanel<MispaidInvoice>
      heading="Under- and over-paid invoices"
      count={total}
      rows={shown}
      none={mispaidInWords(summary)}
      lead={
        <Lead>{`${mispaidInWords(summary)}${useVariant() === 'page' ? ` Times in ${timezone}.` : ''}`}</Lead>
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
    <TablePanel<InvoiceItem>
      heading="Paid invoices"
      long
      lead={
        <Lead>
          {paid > shown.length
            ? `The first ${formatCount(shown.length)} of ${count} paid invoices, in order of creation. paid-invoices.csv lists all ${count}. Times in ${timezone}.`
            : `All ${count} paid invoices, in order of creation; also in paid-invoices.csv. Times in ${timezone}.`}
        </Lead>
      }
      cards="wide"
      rows={shown}
      columns={[
        timeColumn('Created', (row) => row.createDatetime, timezone),
        invoiceColumn((row) => row),
        projectColumn(report.summary.projectNames, (row) => row.projectId),
        amountColumn('Amount', (row) => formatFiat(row.amountFiat, row.currencyFiat)),
        amountColumn('USD', (row) => formatUSD(row.amountFiatUSD)),
        amountColumn('Paid with', (row) =>
          row.payment && row.wallet ? formatCrypto(row.payment.amount, row.wallet.cryptocurrency) : '',
        ),
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
  );
}
