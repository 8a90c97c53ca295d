import type { LatePayment, Report, UnmatchedPaymentFacts } from '../../report';
import {
  estimateBasisWords,
  formatCount,
  formatCrypto,
  formatDelay,
  formatPercentChange,
  formatServiceDatetime,
  formatUSD,
  LIKELY_TOLERANCE_PERCENT,
  noEstimateWords,
  periodTitle,
  unmatchedInWords,
} from '../../report';
import {
  AmountText,
  amountColumn,
  FREE_TEXT_SHOWN,
  invoiceColumn,
  isLongValue,
  ServiceText,
  timeColumn,
  WALLET_NAME_SHOWN,
  WrapWhenLong,
} from './cells';
import { look, useVariant } from './looks';
import { Lead, ListPanel } from './panel';

interface PaymentListProps {
  report: Report;
  /** Most rows shown (the report keeps `LISTED_PAYMENTS_KEPT`); a note counts the rest. */
  limit: number;
  /** The payments' CSV file as the reader knows it: beside the page, or the email's attachment. */
  csvName: string;
}

/** Where the rows left out of a list are. */
const pointer = (shown: number, total: number, csvName: string) =>
  total > shown
    ? `Showing the first ${formatCount(shown)} of ${formatCount(total)}; ${csvName} lists them all.`
    : null;

/**
 * The likely invoice with the merchant's reference, or the closest candidate and how far it is (when it
 * was made, without an estimate). One line each: on a phone the cell is a card.
 */
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

/** Payments matched to no invoice, each with its estimated USD value and likely invoice (`lib/report/unmatched`). */
export function UnmatchedPayments({ report, limit, csvName }: PaymentListProps) {
  const { timezone } = report.summary.period;
  const { payments } = report.summary;
  const shown = report.unmatched.slice(0, limit);
  return (
    <ListPanel<UnmatchedPaymentFacts>
      title="Unmatched payments"
      total={payments.unmatched}
      shown={shown}
      note={pointer(shown.length, payments.unmatched, csvName)}
      none={
        // A report of one project leaves the unmatched payments out: it cannot say there were none.
        payments.projectFilterNote ??
        `None: every payment found in ${periodTitle(report.summary.period)} was matched to an invoice.`
      }
      lead={
        <>
          <p {...look('paragraph')}>{unmatchedInWords(payments, formatUSD)}</p>
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
          cell: (row) =>
            row.estimate === null
              ? noEstimateWords(row.cryptocurrency)
              : estimateBasisWords(row.estimate, row.cryptocurrency),
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
export function LatePayments({ report, limit, csvName }: PaymentListProps) {
  const { timezone } = report.summary.period;
  const total = report.summary.payments.late;
  const shown = report.latePayments.slice(0, limit);
  return (
    <ListPanel<LatePayment>
      title="Late payments"
      total={total}
      shown={shown}
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
        amountColumn('Invoice USD', (row) => formatUSD(row.invoice.amountFiatUSD), {
          pageOnly: true,
        }),
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
