import Big from 'big.js';
import type { ReportSummary } from '../../report';
import {
  formatCount,
  formatDay,
  formatDecimal,
  formatMonthShort,
  formatUSD,
  monthTitle,
  periodTitle,
} from '../../report';
import { amountColumn } from './cells';
import { COLOURS, useVariant } from './looks';
import { DataTable, LayoutTable, Note, Panel } from './panel';

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
interface Bar {
  label: string | null;
  name: string;
  title: string;
  paid: number;
  paidTotalUSD: Big;
}

/** A month's report is drawn per day (some labelled), a quarter's and a year's per month. */
function chartOf(summary: ReportSummary): { unit: 'day' | 'month'; bars: Bar[] } {
  const bar = (
    name: string,
    label: string | null,
    { paid, paidTotalUSD }: Pick<Bar, 'paid' | 'paidTotalUSD'>,
  ) => ({
    label,
    name,
    title: `${name}: ${formatUSD(paidTotalUSD)} from ${formatCount(paid)} paid ${paid === 1 ? 'invoice' : 'invoices'}`,
    paid,
    paidTotalUSD,
  });
  if (summary.period.kind !== 'month') {
    const { months } = summary.invoices;
    return {
      unit: 'month',
      bars: months.map((m) => bar(monthTitle(summary, m), formatMonthShort(m.month), m)),
    };
  }
  const bars = summary.invoices.days.map((day) => {
    const date = Number(day.date.slice(8, 10));
    return bar(formatDay(day.date), date === 1 || date % 5 === 0 ? String(date) : null, day);
  });
  return { unit: 'day', bars };
}

/** The chart's caption: what it shows and its best bar. */
function caption(summary: ReportSummary, unit: string, bars: Bar[]): string {
  const best = bars.reduce((top, bar) => (bar.paidTotalUSD.gt(top.paidTotalUSD) ? bar : top));
  const what = `Paid USD per ${unit} of ${periodTitle(summary.period)} (${summary.period.timezone}), by the ${unit} the invoice was created.`;
  return best.paidTotalUSD.gt(0) ? `${what} Best ${unit}: ${best.title}.` : what;
}

const percent = (value: number) => `${Number(value.toFixed(4))}%`;

const axisOf = (bars: Bar[]) =>
  axisTop(
    bars.reduce((largest, bar) => (bar.paidTotalUSD.gt(largest) ? bar.paidTotalUSD : largest), new Big(0)),
  );

/** Where the page's chart draws its top gridline and its baseline, in pixels from its top. */
export const CHART_GRID = { top: 18, bottom: 172 } as const;

/**
 * The page's chart: SVG bars in percentages of the width (labels keep their size on a phone); the axis
 * labels are text the style sheet places above the top gridline and in a gutter, clear of the bars.
 */
function SvgChart({ bars, unit }: { bars: Bar[]; unit: string }) {
  const top = axisOf(bars);
  const middle = formatDecimal(top.div(2));
  // In the chart's own 11 px type a digit is 1ch wide, a comma or a point less: the label fits its
  // length in ch, and one more keeps it clear of the gridline's start.
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
function CellChart({ bars }: { bars: Bar[] }) {
  const top = axisOf(bars);
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
      {variant === 'page' ? <SvgChart bars={bars} unit={unit} /> : <CellChart bars={bars} />}
      <Note>{caption(summary, unit, bars)}</Note>
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
