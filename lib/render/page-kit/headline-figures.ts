import type { ReportSummary } from '../../report';
import {
  formatCount,
  formatCountChange,
  formatPercentChange,
  formatShare,
  formatUSD,
  formatUSDChange,
  previousPeriodName,
} from '../../report';

/** How a line reads at a glance: better than the previous period, worse, needing a look, or plain. */
export type Tone = 'up' | 'down' | 'attention' | 'plain';

export interface HeadlineDetail {
  text: string;
  tone: Tone;
}

/** One headline figure, worded once for the page, the email and the plain-text alternative. */
export interface HeadlineFigure {
  label: string;
  value: string;
  details: HeadlineDetail[];
}

const toneOf = (sign: number): Tone => (sign > 0 ? 'up' : sign < 0 ? 'down' : 'plain');

/**
 * The four headline figures of a report: the paid total (with the change from the previous period, or
 * from the same elapsed span of it for a period not ended), beside it the net received (the paid total
 * less the service's commission), the paid invoices (with their change), and the payments received.
 */
export function headlineFigures(summary: ReportSummary): HeadlineFigure[] {
  const { invoices, previousPeriod, payments } = summary;
  const previous = previousPeriodName(previousPeriod, summary.period.timezone);
  const { change } = previousPeriod;
  const paymentTone: Tone = payments.unmatched > 0 || payments.late > 0 ? 'attention' : 'plain';
  return [
    {
      label: 'Paid total',
      value: formatUSD(invoices.paidTotalUSD),
      details: [
        {
          text: `${formatPercentChange(change.paidTotalPercent)} (${formatUSDChange(change.paidTotalUSD)}) vs ${previous}`,
          tone: toneOf(change.paidTotalUSD.cmp(0)),
        },
        { text: `${previous}: ${formatUSD(previousPeriod.paidTotalUSD)}`, tone: 'plain' },
      ],
    },
    {
      label: 'Net received',
      value: formatUSD(invoices.netReceivedUSD),
      details: [
        {
          text: invoices.paidTotalUSD.eq(0)
            ? "the paid total less the service's commission"
            : `after ${formatUSD(invoices.commissionTotalUSD)} commission (${formatShare(invoices.commissionTotalUSD, invoices.paidTotalUSD)} of the paid total)`,
          tone: 'plain',
        },
      ],
    },
    {
      label: 'Paid invoices',
      value: formatCount(invoices.paid),
      details: [
        {
          text:
            change.paid === 0
              ? `as many as in ${previous}`
              : `${formatCountChange(change.paid)} vs ${previous} (${formatCount(previousPeriod.paid)})`,
          tone: toneOf(Math.sign(change.paid)),
        },
        {
          text:
            invoices.total === 0
              ? 'no invoices created'
              : `of ${formatCount(invoices.total)} created (${formatShare(invoices.paid, invoices.total)})`,
          tone: 'plain',
        },
      ],
    },
    {
      label: 'Payments received',
      value: formatCount(payments.total),
      details: [
        { text: `${formatCount(payments.matched)} matched to invoices`, tone: 'plain' },
        {
          text: `${formatCount(payments.unmatched)} unmatched · ${formatCount(payments.late)} late`,
          tone: paymentTone,
        },
      ],
    },
  ];
}
