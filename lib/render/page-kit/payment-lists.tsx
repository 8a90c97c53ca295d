import type { PaymentItem } from '../../invoicing';
import type { LatePayment, Report } from '../../report';
import {
  formatCount,
  formatCrypto,
  formatDelay,
  formatServiceDatetime,
  formatUSD,
  periodTitle,
} from '../../report';
import { AmountText } from './amount-text';
import { DataTable } from './data-table';
import { look, type Variant } from './looks';
import { Empty, Lead, Note, Panel } from './panel';
import { WrapWhenLong } from './wrap-when-long';

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

function Remaining({
  variant,
  hidden,
  total,
  csvName,
}: {
  variant: Variant;
  hidden: number;
  total: number;
  csvName: string;
}) {
  if (hidden <= 0) return null;
  return (
    <Note variant={variant}>
      {`Showing the first ${formatCount(total - hidden)} of ${formatCount(total)}; ${csvName} lists them all.`}
    </Note>
  );
}

/** Payments the service found but matched to no invoice: candidates for manual matching. */
export function UnmatchedPayments({ variant, report, limit, csvName }: PaymentListProps) {
  const { timezone } = report.summary.period;
  const { unmatched: total, projectFilterNote } = report.summary.payments;
  const shown = report.unmatchedPayments.slice(0, limit);
  const heading = `Unmatched payments (${formatCount(total)})`;
  return (
    <Panel variant={variant} heading={heading} long={shown.length > 15}>
      {total === 0 ? (
        <Empty variant={variant}>
          {/* A report of one project leaves the unmatched payments out: it cannot say there were none. */}
          {projectFilterNote ??
            `None: every payment found in ${periodTitle(report.summary.period)} was matched to an invoice.`}
        </Empty>
      ) : (
        <>
          <Lead variant={variant}>
            Found by the service in your wallets but matched to no invoice:{' '}
            {`candidates for matching by hand. Times in ${timezone}.`}
          </Lead>
          <DataTable<PaymentItem>
            variant={variant}
            name={heading}
            cards="list"
            rows={shown}
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
                  <AmountText
                    variant={variant}
                    text={formatCrypto(row.amount, row.wallet.cryptocurrency)}
                    keepWhole
                  />
                ),
              },
              {
                heading: 'Wallet',
                // A wallet may be named by its address, one word of 42 characters or more.
                looks: ['wrap', 'longWord'],
                cell: (row) => row.wallet.name,
                title: (row) => row.wallet.address,
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
          <Remaining variant={variant} hidden={total - shown.length} total={total} csvName={csvName} />
        </>
      )}
    </Panel>
  );
}

/** Payments that arrived at or after their invoice's deadline, inside the service's hour of grace. */
export function LatePayments({ variant, report, limit, csvName }: PaymentListProps) {
  const { timezone } = report.summary.period;
  const total = report.summary.payments.late;
  const shown = report.latePayments.slice(0, limit);
  const heading = `Late payments (${formatCount(total)})`;
  return (
    <Panel variant={variant} heading={heading} long={shown.length > 15}>
      {total === 0 ? (
        <Empty variant={variant}>None: every matched payment arrived before its invoice's deadline.</Empty>
      ) : (
        <>
          <Lead variant={variant}>
            Arrived at or after the invoice's deadline, within the hour the service keeps looking: the rate
            may have moved.
          </Lead>
          <DataTable<LatePayment>
            variant={variant}
            name={heading}
            cards="list"
            rows={shown}
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
          <Remaining variant={variant} hidden={total - shown.length} total={total} csvName={csvName} />
        </>
      )}
    </Panel>
  );
}
