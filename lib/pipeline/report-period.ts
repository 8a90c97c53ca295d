import type { AccountConfig } from '../config';
import { defaultPeriod, hasBegun, parseMonth, ReportRequestError } from '../period';

/**
 * The month to report for an account: the one asked for, or the previous month in the account's time
 * zone. A month that has not begun there is refused (the current month is allowed: its days so far).
 * @throws ReportRequestError for a malformed or future month
 */
export function resolveReportMonth(account: AccountConfig, month: string | undefined, now: Date): string {
  if (month === undefined) return defaultPeriod(account.timezone, now).id;
  if (!hasBegun(parseMonth(month), account.timezone, now)) {
    throw new ReportRequestError(`${month} has not begun yet in ${account.timezone}`);
  }
  return month;
}
