import type { Child } from 'hono/jsx';
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
import { AmountText } from './amount-text';
import { type Column, DataTable } from './data-table';
import { look, type Variant } from './looks';
import { Empty, Lead, Note, Panel } from './panel';
import { FREE_TEXT_SHOWN, ServiceText, WALLET_NAME_SHOWN } from './service-text';
import { isLongValue, WrapWhenLong } from './wrap-when-long';

interface PaymentListProps {
  variant: Variant;
  report: Report;
  /**
   * Most rows shown; the rest are counted (from the summary: the report keeps only the first
   * `LISTED_PAYMENTS_KEPT`) in a note pointing at the payments' CSV file.
   */
  limit: number;
  /** The payments' CSV file as the reader knows it: `payments.csv` beside the page, the attachment's name in the email. */
  csvName: string;
}

/**
 * A payment list's panel: what `none` says when there are no such payments, otherwise the lead, the
 * first `limit` rows as a table (cards on a phone) and a note counting the rest.
 */
function PaymentList<Row>(
  props: PaymentListProps & {
    title: string;
    /** All such payments, listed or not. */
    total: number;
    rows: Row[];
    none: Child;
    lead: Child;
    columns: Column<Row>[];
  },
) {
  const { variant, limit, csvName, total, none, lead, columns } = props;
  const shown = props.rows.slice(0, limit);
  const heading = `${props.title} (${formatCount(total)})`;
  return (
    <Panel variant={variant} heading={heading} long={shown.length > 15}>
      {total === 0 ? (
        <Empty variant={variant}>{none}</Empty>
      ) : (
        <>
          {lead}
          <DataTable<Row> variant={variant} name={heading} cards="list" rows={shown} columns={columns} />
          {total > shown.length ? (
            <Note variant={variant}>
              {`Showing the first ${formatCount(shown.length)} of ${formatCount(total)}; ${csvName} lists them all.`}
            </Note>
          ) : null}
        </>
      )}
    </Panel>
  );
}

/**
 * The likely invoice with the merchant's reference, or the closest candidate and how far it is (how long
 * before the payment it was made, without an estimate). One line each: on a phone the cell is a card.
 */
function InvoiceCell({
  variant,
  payment,
  timezone,
}: {
  variant: Variant;
  payment: UnmatchedPaymentFacts;
  timezone: string;
}) {
  const likely = payment.candidates.find((candidate) => candidate.likely);
  if (likely !== undefined) {
    return (
      <>
        <div>
          <WrapWhenLong variant={variant} text={likely.uid} />
        </div>
        {likely.serviceData === null ? null : (
          <div {...look(variant, 'muted')}>
            {'your reference '}
            <span {...look(variant, ['code', isLongValue(likely.serviceData) ? 'longWord' : 'nowrap'])}>
              <ServiceText text={likely.serviceData} max={FREE_TEXT_SHOWN} />
            </span>
          </div>
        )}
        <div
          {...look(variant, ['muted', 'nowrap'])}
        >{`likely · ${formatPercentChange(likely.differencePercent)}`}</div>
      </>
    );
  }
  const closest = payment.candidates[0];
  if (closest === undefined) return <span {...look(variant, 'muted')}>no invoice was waiting</span>;
  const how =
    closest.differencePercent === null
      ? `made ${formatServiceDatetime(closest.createDatetime, timezone)}`
      : formatPercentChange(closest.differencePercent);
  return (
    <>
      <div
        {...look(variant, 'muted')}
      >{`none likely; the closest of ${formatCount(payment.candidateCount)}:`}</div>
      <div>
        <WrapWhenLong variant={variant} text={closest.uid} />
      </div>
      {/* A percentage stays whole; a time may wrap at its spaces. */}
      <div {...look(variant, closest.differencePercent === null ? 'muted' : ['muted', 'nowrap'])}>{how}</div>
    </>
  );
}

/**
 * Payments the service found but matched to no invoice: candidates for manual matching, each with its
 * estimated USD value and its likely invoice (see `lib/report/unmatched`).
 */
export function UnmatchedPayments(props: PaymentListProps) {
  const { variant, report } = props;
  const { timezone } = report.summary.period;
  const { payments } = report.summary;
  return (
    <PaymentList<UnmatchedPaymentFacts>
      {...props}
      title="Unmatched payments"
      total={payments.unmatched}
      rows={report.unmatched}
      none={
        // A report of one project leaves the unmatched payments out: it cannot say there were none.
        payments.projectFilterNote ??
        `None: every payment found in ${periodTitle(report.summary.period)} was matched to an invoice.`
      }
      lead={
        <>
          <p {...look(variant, 'paragraph')}>{unmatchedInWords(payments, formatUSD)}</p>
          <Lead variant={variant}>
            {'Found by the service in your wallets but matched to no invoice. Each is valued at the rate of '}
            {'the matched payments of its coin nearest in time, and an invoice is called likely when it was '}
            {`waiting then and is the only one within ${LIKELY_TOLERANCE_PERCENT} % of that estimate. `}
            {`Estimates only: check before matching. Times in ${timezone}.`}
          </Lead>
        </>
      }
      columns={[
        {
          heading: 'Received',
          looks: ['nowrap'],
          cell: (row) => formatServiceDatetime(row.transactionDatetime, timezone),
        },
        {
          heading: 'Amount',
          numeric: true,
          cell: (row) => (
            <>
              <AmountText variant={variant} text={formatCrypto(row.amount, row.cryptocurrency)} keepWhole />
              {/* The email has no room for a column of its own: the estimate goes under the amount. */}
              {variant === 'email' ? (
                <div {...look(variant, 'muted')}>
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
              <span {...look(variant, 'muted')}>none</span>
            ) : (
              <AmountText variant={variant} text={`≈ ${formatUSD(row.estimate.usd)}`} keepWhole />
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
          cell: (row) => <InvoiceCell variant={variant} payment={row} timezone={timezone} />,
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
        {
          heading: 'Transaction',
          // Whole, to copy into a block explorer when matching the payment by hand: a title
          // (hover only) can be neither copied nor seen on a phone.
          looks: ['code', 'longWord'],
          pageOnly: true,
          cell: (row) => row.hash,
        },
      ]}
    />
  );
}

/** Payments that arrived at or after their invoice's deadline, inside the service's hour of grace. */
export function LatePayments(props: PaymentListProps) {
  const { variant, report } = props;
  const { timezone } = report.summary.period;
  return (
    <PaymentList<LatePayment>
      {...props}
      title="Late payments"
      total={report.summary.payments.late}
      rows={report.latePayments}
      none="None: every matched payment arrived before its invoice's deadline."
      lead={
        <Lead variant={variant}>
          Arrived at or after the invoice's deadline, within the hour the service keeps looking: the rate may
          have moved.
        </Lead>
      }
      columns={[
        {
          heading: 'Received',
          looks: ['nowrap'],
          pageOnly: true,
          cell: (row) => formatServiceDatetime(row.payment.transactionDatetime, timezone),
        },
        {
          heading: 'Invoice',
          looks: ['nowrap'],
          cell: (row) => <WrapWhenLong variant={variant} text={row.invoice.uid} />,
          title: (row) => row.invoice.id,
        },
        {
          heading: 'Amount',
          numeric: true,
          cell: (row) => (
            <AmountText
              variant={variant}
              text={formatCrypto(row.payment.amount, row.payment.wallet.cryptocurrency)}
              keepWhole
            />
          ),
        },
        {
          heading: 'Invoice USD',
          numeric: true,
          pageOnly: true,
          cell: (row) => <AmountText variant={variant} text={formatUSD(row.invoice.amountFiatUSD)} />,
        },
        {
          heading: 'Late by',
          numeric: true,
          // `59 min 59 s` on one line in the email too (the page's cell keeps it so), never an `s`
          // alone under it.
          cell: (row) => {
            const delay = formatDelay(row.secondsLate);
            return variant === 'email' ? <span {...look(variant, 'nowrap')}>{delay}</span> : delay;
          },
        },
      ]}
    />
  );
}
