import { isPeriodId } from '../period';
import { isReportFileName, type ReportFileName } from '../report-files';
import { InvalidReportKeyError } from './errors';

const ACCOUNT_PATTERN = /^[a-z0-9-]+$/;

/** The object written last that marks a saved report as complete. */
export const MANIFEST_FILE_NAME = 'manifest.json';

/** A name that `reportKey` accepts: a report file or the manifest. */
export type ReportObjectName = ReportFileName | typeof MANIFEST_FILE_NAME;

/** The object beside a report that records its email delivery (the exactly-once claim). */
export const DELIVERY_RECORD_FILE_NAME = 'delivery.json';

/** Whether `account` is a valid account name: lower-case letters, digits and hyphens. */
export function isValidAccount(account: unknown): account is string {
  return typeof account === 'string' && ACCOUNT_PATTERN.test(account);
}

/** Whether `name` may follow `reportPrefix`: one of the four report files or the manifest. */
export function isReportObjectName(name: unknown): name is ReportObjectName {
  return isReportFileName(name) || name === MANIFEST_FILE_NAME;
}

/**
 * `reports/<account>/`: every period of an account lies under it.
 * @throws InvalidReportKeyError for an invalid account
 */
export function accountPrefix(account: string): string {
  if (!isValidAccount(account)) {
    throw new InvalidReportKeyError(
      `account ${JSON.stringify(account)} is not valid: use lower-case letters, digits and hyphens`,
    );
  }
  return `reports/${account}/`;
}

/**
 * `reports/<account>/<period>/` (a month `2026-10`, a quarter `2026-Q3` or a year `2026`), after checking
 * both parts so that no key can leave the prefix.
 * @throws InvalidReportKeyError
 */
export function reportPrefix(account: string, period: string): string {
  const prefix = accountPrefix(account);
  if (!isPeriodId(period)) {
    throw new InvalidReportKeyError(
      `period ${JSON.stringify(period)} is not valid: use YYYY-MM, YYYY-Qn or YYYY, from 2000 to 9999`,
    );
  }
  return `${prefix}${period}/`;
}

/**
 * The S3 key of a report object: `reports/<account>/<period>/<fileName>`.
 * @example reportKey('acme', '2026-Q3', 'payments.csv') // 'reports/acme/2026-Q3/payments.csv'
 * @throws InvalidReportKeyError for an invalid account or period, or a name other than the four files and the manifest
 */
export function reportKey(account: string, period: string, fileName: ReportObjectName): string {
  const prefix = reportPrefix(account, period);
  if (!isReportObjectName(fileName)) {
    throw new InvalidReportKeyError(
      `file name ${JSON.stringify(fileName)} is not a report file: use report.html, paid-invoices.csv, ` +
        'payments.csv, summary.json or manifest.json',
    );
  }
  return `${prefix}${fileName}`;
}

/** The S3 key of the period's delivery record: `reports/<account>/<period>/delivery.json`. */
export function deliveryRecordKey(account: string, period: string): string {
  return `${reportPrefix(account, period)}${DELIVERY_RECORD_FILE_NAME}`;
}
