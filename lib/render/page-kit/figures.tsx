import Big from 'big.js';
import {
  type CryptocurrencyFigures,
  type CurrencyFigures,
  counted,
  formatCount,
  formatCountChange,
  formatCrypto,
  formatDay,
  formatDecimal,
  formatFiat,
  formatMonthShort,
  formatPercentChange,
  formatShare,
  formatUSD,
  formatUSDChange,
  INVOICE_STATUS_ORDER,
  monthTitle,
  type ProjectFigures,
  periodTitle,
  previousPeriodName,
  type ReportSummary,
  type WalletFigures,
} from '../../report';
import { AmountText, amountColumn, projectColumn, ServiceText, WALLET_NAME_SHOWN } from './cells';
import { COLOURS, look, useVariant } from './looks';
import { DataTable, LayoutTable, Note, Panel, TablePanel } from './panel';

/** A headline line at a glance: better than the previous period, worse, needing a look, or plain. */
type Tone = 'up' | 'down' | 'attention' | 'plain';
type Line = { text: string; tone: Tone };

const toneOf = (sign: number) => (sign > 0 ? 'up' : sign < 0 ? 'down' : 'plain');
const line = (text: string, tone: Tone = 'plain'): Line => ({ text, tone });
const figure = (label: string, value: string, ...details: Line[]) => ({ label, value, details });
/** One headline figure, worded once for the page, the email and the plain-text alternative. */
type HeadlineFigure = ReturnType<typeof figure>;

/** The paid total, the net received, the paid invoices and the payments received, with their details. */
export function headlineFigures(summary: ReportSummary): HeadlineFigure[] {
  const { invoices, previousPeriod, payments } = summary;
  const previous = previousPeriodName(previousPeriod, summary.period.timezone);
  const { change } = previousPeriod;
  return [
    figure(
      'Paid total',
      formatUSD(invoices.paidTotalUSD),
      line(
        `${formatPercentChange(change.paidTotalPercent)} (${formatUSDChange(change.paidTotalUSD)}) vs ${previous}`,
        toneOf(change.paidTotalUSD.cmp(0)),
      ),
      line(`${previous}: ${formatUSD(previousPeriod.paidTotalUSD)}`),
    ),
    figure(
      'Net received',
      formatUSD(invoices.netReceivedUSD),
      line(
        invoices.paidTotalUSD.eq(0)
          ? "the paid total less the service's commission"
          : `after ${formatUSD(invoices.commissionTotalUSD)} commission (${formatShare(invoices.commissionTotalUSD, invoices.paidTotalUSD)} of the paid total)`,
      ),
    ),
    figure(
      'Paid invoices',
      formatCount(invoices.paid),
      line(
        change.paid === 0
          ? `as many as in ${previous}`
          : `${formatCountChange(change.paid)} vs ${previous} (${formatCount(previousPeriod.paid)})`,
        toneOf(Math.sign(change.paid)),
      ),
      line(
        invoices.total === 0
          ? 'no invoices created'
          : `of ${formatCount(invoices.total)} created (${formatShare(invoices.paid, invoices.total)})`,
      ),
    ),
    figure(
      'Payments received',
      formatCount(payments.total),
      line(`${formatCount(payments.matched)} matched to invoices`),
      line(
        `${formatCount(payments.unmatched)} unmatched · ${formatCount(payments.late)} late`,
        payments.unmatched > 0 || payments.late > 0 ? 'attention' : 'plain',
      ),
    ),
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

/** The top of a chart's axis: the smallest round number (1, 2, 2.5, 5 × 10ⁿ) at least `largest`; `0` for nothing. */
export function axisTop(largest: Big): Big {
  if (largest.lte(0)) return new Big(0);
  let power = new Big(1);
  while (power.times(10).lte(largest)) power = power.times(10);
  while (power.gt(largest)) power = power.div(10);
  for (const step of ['1', '2', '2.5', '5', '10']) {
    const candidate = power.times(step);
    if (candidate.gte(largest)) return candidate;
  }
  return power.times(10);
}

/** A value's height as a fraction of the axis, 0..1, for drawing (never for printing). */
export function heightFraction(value: Big, top: Big): number {
  if (top.lte(0) || value.lte(0)) return 0;
  return Math.min(1, Number(value.div(top).toFixed(6)));
}

/** A day of a month's report, or a month of a quarter's or a year's; `label` under it, if any. */
const bar = (
  name: string,
  label: string | null,
  { paid, paidTotalUSD }: { paid: number; paidTotalUSD: Big },
) => ({
  label,
  name,
  title: `${name}: ${formatUSD(paidTotalUSD)} from ${counted(paid, 'paid invoice')}`,
  paid,
  paidTotalUSD,
});
type Bar = ReturnType<typeof bar>;

/** A month's report is drawn per day (some labelled), a quarter's and a year's per month. */
function chartOf(summary: ReportSummary): { unit: 'day' | 'month'; bars: Bar[] } {
  if (summary.period.kind !== 'month') {
    const bars = summary.invoices.months.map((m) =>
      bar(monthTitle(summary, m), formatMonthShort(m.month), m),
    );
    return { unit: 'month', bars };
  }
  const bars = summary.invoices.days.map((day) => {
    const date = Number(day.date.slice(8, 10));
    return bar(formatDay(day.date), date === 1 || date % 5 === 0 ? String(date) : null, day);
  });
  return { unit: 'day', bars };
}

const percent = (value: number) => `${Number(value.toFixed(4))}%`;

/** Where the page's chart draws its top gridline and its baseline, in pixels from its top. */
export const CHART_GRID = { top: 18, bottom: 172 } as const;

/** The page's chart: SVG bars in percentages of the width, axis labels placed by the style sheet clear of them. */
function SvgChart({ bars, unit, top }: { bars: Bar[]; unit: string; top: Big }) {
  const middle = formatDecimal(top.div(2));
  // In the chart's 11 px type a digit is 1ch wide: one more keeps the label clear of the gridline.
  const gutter = `${middle.length + 1}ch`;
  const { top: chartTop, bottom: chartBottom } = CHART_GRID;
  const chartHeight = chartBottom - chartTop;
  const slot = 100 / bars.length;
  return (
    <div class="chart-box" style={`padding-left:${gutter}`}>
      <svg class="chart" role="img" aria-label={`Paid USD per ${unit}`}>
        {[chartTop, chartTop + chartHeight / 2].map((y) => (
          <line class="gridline" x1="0" x2="100%" y1={y} y2={y} />
        ))}
        {bars.map((bar, index) => {
          const fraction = heightFraction(bar.paidTotalUSD, top);
          const height = Math.max(2, fraction * chartHeight);
          return (
            <rect
              class={fraction === 0 ? 'bar-empty' : 'bar'}
              x={percent((index + 0.15) * slot)}
              width={percent(slot * 0.7)}
              y={Number((chartBottom - height).toFixed(2))}
              height={Number(height.toFixed(2))}
              rx="2"
            >
              <title>{bar.title}</title>
            </rect>
          );
        })}
        <line class="baseline" x1="0" x2="100%" y1={chartBottom} y2={chartBottom} />
        {bars.map((bar, index) =>
          bar.label === null ? null : (
            <text x={percent((index + 0.5) * slot)} y={chartBottom + 18} text-anchor="middle">
              {bar.label}
            </text>
          ),
        )}
      </svg>
      <span class="axis-label axis-top" aria-hidden="true">{`${formatDecimal(top)} USD`}</span>
      <span class="axis-label axis-middle" aria-hidden="true" style={`width:${middle.length}ch`}>
        {middle}
      </span>
    </div>
  );
}

const BAR_AREA = 120;

/** For email: one table cell per bar with a coloured cell of the bar's height (mail clients drop SVG). */
function CellChart({ bars, top }: { bars: Bar[]; top: Big }) {
  const width = percent(100 / bars.length);
  return (
    <LayoutTable style="width:100%;border-collapse:collapse">
      <tr>
        <td colspan={bars.length} style={`font-size:11px;color:${COLOURS.muted};padding:0 0 4px`}>
          {`${formatDecimal(top)} USD`}
        </td>
      </tr>
      <tr>
        {bars.map((bar) => {
          const fraction = heightFraction(bar.paidTotalUSD, top);
          const height = Math.max(2, Math.round(fraction * BAR_AREA));
          const colour = fraction === 0 ? COLOURS.emptyBar : COLOURS.bar;
          return (
            <td
              valign="bottom"
              title={bar.title}
              style={`width:${width};height:${BAR_AREA}px;padding:0 1px;vertical-align:bottom;border-bottom:1px solid ${COLOURS.muted}`}
            >
              <LayoutTable style="width:100%">
                <tr>
                  <td
                    height={height}
                    bgcolor={colour}
                    style={`height:${height}px;background-color:${colour};font-size:0;line-height:0`}
                  >
                    {'\u00a0'}
                  </td>
                </tr>
              </LayoutTable>
            </td>
          );
        })}
      </tr>
      <tr>
        {bars.map((bar) => (
          <td
            align="center"
            style={`font-size:10px;color:${COLOURS.muted};padding:3px 0 0;text-align:center`}
          >
            {bar.label ?? ''}
          </td>
        ))}
      </tr>
    </LayoutTable>
  );
}

/** Paid USD per day of a month, or per month of a quarter or a year, with the figures (per day folded). */
export function PaidChart({ summary }: { summary: ReportSummary }) {
  const variant = useVariant();
  const { unit, bars } = chartOf(summary);
  if (bars.length === 0) return null;
  const best = bars.reduce((top, bar) => (bar.paidTotalUSD.gt(top.paidTotalUSD) ? bar : top));
  const top = axisTop(best.paidTotalUSD);
  const what = `Paid USD per ${unit} of ${periodTitle(summary.period)} (${summary.period.timezone}), by the ${unit} the invoice was created.`;
  const figures = (
    <DataTable<Bar>
      name={`Paid per ${unit}`}
      cards="never"
      rows={bars}
      columns={[
        { heading: unit === 'day' ? 'Day' : 'Month', looks: ['nowrap'], cell: (bar) => bar.name },
        { heading: 'Paid', numeric: true, cell: (bar) => formatCount(bar.paid) },
        amountColumn('Paid total', (bar) => formatUSD(bar.paidTotalUSD)),
      ]}
    />
  );
  return (
    <Panel heading={`Paid per ${unit}`}>
      {variant === 'page' ? (
        <SvgChart bars={bars} unit={unit} top={top} />
      ) : (
        <CellChart bars={bars} top={top} />
      )}
      <Note>{best.paidTotalUSD.gt(0) ? `${what} Best ${unit}: ${best.title}.` : what}</Note>
      {unit === 'month' ? (
        figures
      ) : variant === 'page' ? (
        <details>
          <summary>Figures per day</summary>
          {figures}
        </details>
      ) : null}
    </Panel>
  );
}

const nonePaid = (summary: ReportSummary) => `No invoices were paid in ${periodTitle(summary.period)}.`;

// Paid invoices per project (largest first, with the commission, what is left and the share) when invoices were
// created; beside each other below it, by currency and status, and by cryptocurrency and wallet when payments arrived.
export function Breakdowns({ summary, limit }: { summary: ReportSummary; limit: number }) {
  const { invoices, payments } = summary;
  const projects = (
    <TablePanel<ProjectFigures>
      limit={limit}
      heading="By project"
      rows={invoices.projects}
      what="projects"
      none={nonePaid(summary)}
      columns={[
        projectColumn(summary.projectNames, (row) => row.projectId),
        { heading: 'Paid', numeric: true, cell: (row) => formatCount(row.paid) },
        amountColumn('Paid total', (row) => formatUSD(row.paidTotalUSD), { keepWhole: true }),
        amountColumn('Commission', (row) => formatUSD(row.commissionTotalUSD), { pageOnly: true }),
        amountColumn('Net received', (row) => formatUSD(row.netReceivedUSD), { pageOnly: true }),
        {
          heading: 'Share',
          numeric: true,
          cell: (row) => formatShare(row.paidTotalUSD, invoices.paidTotalUSD),
        },
      ]}
      total={
        invoices.projects.length > 1
          ? [
              'All projects',
              formatCount(invoices.paid),
              <AmountText text={formatUSD(invoices.paidTotalUSD)} keepWhole />,
              <AmountText text={formatUSD(invoices.commissionTotalUSD)} />,
              <AmountText text={formatUSD(invoices.netReceivedUSD)} />,
              '',
            ]
          : undefined
      }
    />
  );
  const panels = (
    <>
      {invoices.total === 0 ? null : (
        <>
          <TablePanel<CurrencyFigures>
            limit={limit}
            heading="By invoice currency"
            rows={invoices.currencies}
            what="currencies"
            none={nonePaid(summary)}
            columns={[
              // Each amount names its currency: without the column, a 360 px phone fits both amounts of a row.
              { heading: 'Currency', pageOnly: true, cell: (row) => row.currency },
              { heading: 'Paid', numeric: true, cell: (row) => formatCount(row.paid) },
              amountColumn('Amount', (row) => formatFiat(row.amount, row.currency)),
              amountColumn('In USD', (row) => formatUSD(row.paidTotalUSD)),
            ]}
          />
          <TablePanel<(typeof INVOICE_STATUS_ORDER)[number]>
            heading="By status"
            cards="never"
            rows={[...INVOICE_STATUS_ORDER]}
            columns={[
              { heading: 'Status', cell: ([, label]) => label },
              {
                heading: 'Invoices',
                numeric: true,
                cell: ([status]) => formatCount(invoices.byStatus[status]),
              },
              {
                heading: 'Share',
                numeric: true,
                cell: ([status]) => formatShare(invoices.byStatus[status], invoices.total),
              },
            ]}
            total={['All created', formatCount(invoices.total), '']}
            notes={[
              `Status as of when the report was made; invoices created in ${periodTitle(summary.period)}.`,
            ]}
          />
        </>
      )}
      {payments.total === 0 ? null : (
        <>
          <TablePanel<CryptocurrencyFigures>
            limit={limit}
            heading="By cryptocurrency"
            rows={payments.cryptocurrencies}
            what="cryptocurrencies"
            none={`No payments arrived in ${periodTitle(summary.period)}.`}
            columns={[
              // A short word in the email leaves a small phone's width to the amounts.
              {
                heading: useVariant() === 'email' ? 'Crypto' : 'Cryptocurrency',
                cell: (row) => row.cryptocurrency,
              },
              { heading: 'Payments', numeric: true, cell: (row) => formatCount(row.count) },
              amountColumn('Received', (row) => formatCrypto(row.amount, row.cryptocurrency)),
            ]}
          />
          {payments.wallets.length === 0 ? null : (
            <TablePanel<WalletFigures>
              limit={limit}
              heading="By wallet"
              rows={payments.wallets}
              what="wallets"
              columns={[
                {
                  heading: 'Wallet',
                  // A wallet may be named by its address, one word of 42 characters or more.
                  looks: ['wrap', 'longWord'],
                  cell: (row) => <ServiceText text={row.wallet.name} max={WALLET_NAME_SHOWN} />,
                  title: (row) => row.wallet.address,
                },
                { heading: 'Blockchain', pageOnly: true, cell: (row) => <bdi>{row.wallet.blockchain}</bdi> },
                { heading: 'Payments', numeric: true, cell: (row) => formatCount(row.count) },
                amountColumn('Received', (row) => formatCrypto(row.amount, row.wallet.cryptocurrency), {
                  keepWhole: true,
                }),
              ]}
            />
          )}
        </>
      )}
    </>
  );
  return (
    <>
      {invoices.total === 0 ? null : projects}
      {useVariant() === 'email' ? panels : <div class="columns">{panels}</div>}
    </>
  );
}
