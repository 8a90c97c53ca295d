import Big from 'big.js';
import { monthName } from '../../period';
import { formatCount, formatDay, formatDecimal, formatUSD } from '../format';
import type { DayFigures, ReportSummary } from '../model';
import { axisTop, heightFraction } from './chart-scale';
import { DataTable } from './data-table';
import { LayoutTable } from './layout-table';
import { COLOURS, type Variant } from './looks';
import { Note, Panel } from './panel';

/** Days of the month that get a label under the chart. */
const LABELLED_DAYS = new Set([1, 5, 10, 15, 20, 25, 30]);

const dayOfMonth = (date: string) => Number(date.slice(8, 10));

function barTitle(day: DayFigures): string {
  return `${formatDay(day.date)}: ${formatUSD(day.paidTotalUSD)} from ${formatCount(day.paid)} paid ${day.paid === 1 ? 'invoice' : 'invoices'}`;
}

/** The chart's caption: what it shows and its best day. */
function caption(summary: ReportSummary): string {
  const best = summary.invoices.days.reduce<DayFigures | undefined>(
    (top, day) => (top === undefined || day.paidTotalUSD.gt(top.paidTotalUSD) ? day : top),
    undefined,
  );
  const what = `Paid USD per day of ${monthName(summary.period.month)} (${summary.period.timezone}), by the day the invoice was created.`;
  return best?.paidTotalUSD.gt(0) ? `${what} Best day: ${barTitle(best)}.` : what;
}

const percent = (value: number) => `${Number(value.toFixed(4))}%`;

/** Inline SVG for the page: bars in percentages of the width so labels keep their size on a phone. */
function SvgChart({ days }: { days: DayFigures[] }) {
  const top = axisTop(
    days.reduce((largest, day) => (day.paidTotalUSD.gt(largest) ? day.paidTotalUSD : largest), new Big(0)),
  );
  const chartTop = 18;
  const chartBottom = 172;
  const chartHeight = chartBottom - chartTop;
  const slot = 100 / days.length;
  return (
    <svg class="chart" role="img" aria-label="Paid USD per day">
      <line class="gridline" x1="0" x2="100%" y1={chartTop} y2={chartTop} />
      <line
        class="gridline"
        x1="0"
        x2="100%"
        y1={chartTop + chartHeight / 2}
        y2={chartTop + chartHeight / 2}
      />
      {days.map((day, index) => {
        const fraction = heightFraction(day.paidTotalUSD, top);
        const height = fraction === 0 ? 2 : Math.max(2, fraction * chartHeight);
        return (
          <rect
            class={fraction === 0 ? 'bar-empty' : 'bar'}
            x={percent((index + 0.15) * slot)}
            width={percent(slot * 0.7)}
            y={Number((chartBottom - height).toFixed(2))}
            height={Number(height.toFixed(2))}
            rx="2"
          >
            <title>{barTitle(day)}</title>
          </rect>
        );
      })}
      <line class="baseline" x1="0" x2="100%" y1={chartBottom} y2={chartBottom} />
      <text class="axis-label" x="0" y={chartTop - 5}>
        {`${formatDecimal(top)} USD`}
      </text>
      <text class="axis-label" x="0" y={chartTop + chartHeight / 2 - 5}>
        {formatDecimal(top.div(2))}
      </text>
      {days.map((day, index) =>
        LABELLED_DAYS.has(dayOfMonth(day.date)) ? (
          <text x={percent((index + 0.5) * slot)} y={chartBottom + 18} text-anchor="middle">
            {String(dayOfMonth(day.date))}
          </text>
        ) : null,
      )}
    </svg>
  );
}

const BAR_AREA = 120;

/** For email: one table cell per day with a coloured cell of the bar's height (mail clients drop SVG). */
function CellChart({ days }: { days: DayFigures[] }) {
  const top = axisTop(
    days.reduce((largest, day) => (day.paidTotalUSD.gt(largest) ? day.paidTotalUSD : largest), new Big(0)),
  );
  const width = percent(100 / days.length);
  return (
    <LayoutTable style="width:100%;border-collapse:collapse">
      <tr>
        <td colspan={days.length} style={`font-size:11px;color:${COLOURS.muted};padding:0 0 4px`}>
          {`${formatDecimal(top)} USD`}
        </td>
      </tr>
      <tr>
        {days.map((day) => {
          const fraction = heightFraction(day.paidTotalUSD, top);
          const height = fraction === 0 ? 2 : Math.max(2, Math.round(fraction * BAR_AREA));
          const colour = fraction === 0 ? COLOURS.emptyBar : COLOURS.bar;
          return (
            <td
              valign="bottom"
              title={barTitle(day)}
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
        {days.map((day) => (
          <td
            align="center"
            style={`font-size:10px;color:${COLOURS.muted};padding:3px 0 0;text-align:center`}
          >
            {LABELLED_DAYS.has(dayOfMonth(day.date)) ? String(dayOfMonth(day.date)) : ''}
          </td>
        ))}
      </tr>
    </LayoutTable>
  );
}

/** Paid USD per day: an SVG chart on the page, table-cell bars in the email; the figures as a table on the page. */
export function DailyChart({ variant, summary }: { variant: Variant; summary: ReportSummary }) {
  const { days } = summary.invoices;
  if (days.length === 0) return null;
  return (
    <Panel variant={variant} heading="Paid per day">
      {variant === 'page' ? <SvgChart days={days} /> : <CellChart days={days} />}
      <Note variant={variant}>{caption(summary)}</Note>
      {variant === 'page' ? (
        <details>
          <summary>Figures per day</summary>
          <DataTable<DayFigures>
            variant={variant}
            cards="never"
            rows={days}
            columns={[
              { heading: 'Day', looks: ['nowrap'], cell: (day) => formatDay(day.date) },
              { heading: 'Paid', numeric: true, cell: (day) => formatCount(day.paid) },
              { heading: 'Paid total', numeric: true, cell: (day) => formatUSD(day.paidTotalUSD) },
            ]}
          />
        </details>
      ) : null}
    </Panel>
  );
}
