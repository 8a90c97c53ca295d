import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { type Period, parseMonth } from './period-id';

/** `October` for month 10: the English name, read in UTC so that the runtime's own zone cannot shift it. */
function monthOfYearName(month: number): string {
  return format(new TZDate(2000, month - 1, 1, 'UTC'), 'MMMM');
}

/**
 * A period as people name it: `October 2026`, `Q3 2026` (July to September), `2026`.
 * @example periodName(parsePeriod('2026-Q3')) // 'Q3 2026'
 */
export function periodName(period: Period): string {
  switch (period.kind) {
    case 'month':
      return `${monthOfYearName(period.month)} ${period.year}`;
    case 'quarter':
      return `Q${period.quarter} ${period.year}`;
    case 'year':
      return String(period.year);
  }
}

/**
 * A month id as people name it: `monthName('2026-10')` → `October 2026`.
 * @throws ReportRequestError for text that is not `YYYY-MM`
 */
export function monthName(month: string): string {
  return periodName(parseMonth(month));
}
