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
import { AmountText } from './cells';
import { look, useVariant } from './looks';
import { LayoutTable } from './panel';

/** One headline figure, worded once for the page, the email and the plain-text alternative. */
interface HeadlineFigure {
  label: string;
  value: string;
  /** How each line reads at a glance: better than the previous period, worse, needing a look, or plain. */
  details: { text: string; tone: 'up' | 'down' | 'attention' | 'plain' }[];
}

const toneOf = (sign: number) => (sign > 0 ? 'up' : sign < 0 ? 'down' : 'plain');
const plain = (text: string) => ({ text, tone: 'plain' as const });

/** The paid total, the net received, the paid invoices and the payments received, with their details. */
export function headlineFigures(summary: ReportSummary): HeadlineFigure[] {
  const { invoices, previousPeriod, payments } = summary;
  const previous = previousPeriodName(previousPeriod, summary.period.timezone);
  const { change } = previousPeriod;
  return [
    {
      label: 'Paid total',
      value: formatUSD(invoices.paidTotalUSD),
      details: [
        {
          text: `${formatPercentChange(change.paidTotalPercent)} (${formatUSDChange(change.paidTotalUSD)}) vs ${previous}`,
          tone: toneOf(change.paidTotalUSD.cmp(0)),
        },
        plain(`${previous}: ${formatUSD(previousPeriod.paidTotalUSD)}`),
      ],
    },
    {
      label: 'Net received',
      value: formatUSD(invoices.netReceivedUSD),
      details: [
        plain(
          invoices.paidTotalUSD.eq(0)
            ? "the paid total less the service's commission"
            : `after ${formatUSD(invoices.commissionTotalUSD)} commission (${formatShare(invoices.commissionTotalUSD, invoices.paidTotalUSD)} of the paid total)`,
        ),
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
        plain(
          invoices.total === 0
            ? 'no invoices created'
            : `of ${formatCount(invoices.total)} created (${formatShare(invoices.paid, invoices.total)})`,
        ),
      ],
    },
    {
      label: 'Payments received',
      value: formatCount(payments.total),
      details: [
        plain(`${formatCount(payments.matched)} matched to invoices`),
        {
          text: `${formatCount(payments.unmatched)} unmatched · ${formatCount(payments.late)} late`,
          tone: payments.unmatched > 0 || payments.late > 0 ? 'attention' : 'plain',
        },
      ],
    },
  ];
}

function TileContent({ figure }: { figure: HeadlineFigure }) {
  return (
    <>
      <p {...look('tileLabel', 'margin:0')}>{figure.label}</p>
      <p {...look('tileValue', useVariant() === 'email' ? 'font-size:18px' : undefined)}>
        <AmountText text={figure.value} />
      </p>
      {figure.details.map(({ text, tone }) => (
        <p {...look(tone === 'plain' ? 'tileDetail' : ['tileDetail', tone])}>{text}</p>
      ))}
    </>
  );
}

/** The headline figures as tiles: a grid on the page, a two-by-two table (which every mail app lays out) in the email. */
export function HeadlineTiles({ summary }: { summary: ReportSummary }) {
  const figures = headlineFigures(summary);
  if (useVariant() === 'page') {
    return (
      <div class="tiles">
        {figures.map((figure) => (
          <div {...look('tile')}>
            <TileContent figure={figure} />
          </div>
        ))}
      </div>
    );
  }
  return (
    <LayoutTable style="width:100%;border-collapse:collapse">
      {[figures.slice(0, 2), figures.slice(2)].map((row) => (
        <>
          <tr>
            {row.map((figure, index) => (
              <>
                {index > 0 ? <td style="width:4%;font-size:0;line-height:0">{'\u00a0'}</td> : null}
                {/* Less padding than on the page: half a phone's width holds `71,898.00 USD` on one line. */}
                <td {...look('tile', 'width:48%;vertical-align:top;padding:12px 10px')}>
                  <TileContent figure={figure} />
                </td>
              </>
            ))}
          </tr>
          <tr>
            <td colspan={3} style="height:8px;font-size:0;line-height:0">
              {'\u00a0'}
            </td>
          </tr>
        </>
      ))}
    </LayoutTable>
  );
}
