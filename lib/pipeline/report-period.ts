import type { AccountConfig } from '../config';
import {
  defaultPeriod,
  hasBegun,
  notBegunReason,
  type PeriodKind,
  parsePeriod,
  ReportRequestError,
} from '../period';

/**
 * The period to report for an account: the one asked for (a month `YYYY-MM`, a quarter `YYYY-Qn` or a
 * year `YYYY`), or else the period of `kind` before the one `now` falls in, in the account's time zone
 * (the previous month unless asked; a yearly schedule asks for the previous year). A period that has
 * not begun there is refused; the current one is allowed and is reported so far.
 * @example resolveReportPeriod(acme, undefined, new Date('2027-01-01T05:00:00Z'), 'year') // '2026'
 * @throws ReportRequestError for a malformed period, one before 2000 or after 9999, or one not begun
 */
export function resolveReportPeriod(
  account: AccountConfig,
  period: string | undefined,
  now: Date,
  kind: PeriodKind = 'month',
): string {
  if (period === undefined) return defaultPeriod(account.timezone, now, kind).id;
  const parsed = parsePeriod(period);
  if (!hasBegun(parsed, account.timezone, now)) {
    throw new ReportRequestError(notBegunReason(parsed.id, account.timezone));
  }
  return parsed.id;
}
