import { isPeriodId } from '../period';
import { isBuildId } from './build-id';
import { InvalidReportKeyError } from './errors';
import { isReportFileName, REPORT_FILE_NAMES, type ReportFileName } from './report-files';

const ACCOUNT_PATTERN = /^[a-z0-9-]+$/;

/** The object that switches a period to its current complete build (written last, conditionally). */
export const MANIFEST_FILE_NAME = 'manifest.json';

/** A name a signed link may carry: a report file or the manifest. */
export type ReportObjectName = ReportFileName | typeof MANIFEST_FILE_NAME;

/** The object beside a report that records its email delivery (the exactly-once claim). */
export const DELIVERY_RECORD_FILE_NAME = 'delivery.json';

/** The folder of a period that holds one folder per build. */
export const BUILDS_FOLDER = 'builds/';

/**
 * What may follow a period's prefix in a file key a manifest lists: `builds/<buildId>/<file>`, or
 * `<file>` alone for a report saved before builds had folders of their own. The file is any plain name,
 * so that a manifest listing a file this version does not know (or no longer makes) is still read.
 */
const FILE_KEY_REST = /^(?:builds\/([^/]+)\/)?[a-z0-9][a-z0-9.-]*$/;
const FILE_KEY = /^reports\/([^/]+)\/([^/]+)\/(.+)$/;

/** Whether `account` is a valid account name: lower-case letters, digits and hyphens. */
export function isValidAccount(account: unknown): account is string {
  return typeof account === 'string' && ACCOUNT_PATTERN.test(account);
}

/** Whether `name` is one of the report files or the manifest. */
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
 * Checks that `fileName` is a name a signed link may carry.
 * @throws InvalidReportKeyError naming the report files
 */
export function checkReportObjectName(fileName: unknown): asserts fileName is ReportObjectName {
  if (!isReportObjectName(fileName)) {
    throw new InvalidReportKeyError(
      `file name ${JSON.stringify(fileName)} is not a report file: use ${[...REPORT_FILE_NAMES, MANIFEST_FILE_NAME].join(', ')}`,
    );
  }
}

/** The S3 key of a period's manifest: `reports/<account>/<period>/manifest.json`. */
export function manifestKey(account: string, period: string): string {
  return `${reportPrefix(account, period)}${MANIFEST_FILE_NAME}`;
}

/** The S3 key of the period's delivery record: `reports/<account>/<period>/delivery.json`. */
export function deliveryRecordKey(account: string, period: string): string {
  return `${reportPrefix(account, period)}${DELIVERY_RECORD_FILE_NAME}`;
}

/**
 * The S3 key of one file of one build: `reports/<account>/<period>/builds/<buildId>/<fileName>`.
 * @example buildFileKey('acme', '2026-Q3', '20261001T060000000Z-3f9a0c1e2b4d', 'payments.csv')
 * // 'reports/acme/2026-Q3/builds/20261001T060000000Z-3f9a0c1e2b4d/payments.csv'
 * @throws InvalidReportKeyError for an invalid account, period, build id or file name
 */
export function buildFileKey(
  account: string,
  period: string,
  buildId: string,
  fileName: ReportFileName,
): string {
  const prefix = reportPrefix(account, period);
  if (!isBuildId(buildId))
    throw new InvalidReportKeyError(`build id ${JSON.stringify(buildId)} is not valid`);
  if (!isReportFileName(fileName)) {
    throw new InvalidReportKeyError(
      `file name ${JSON.stringify(fileName)} is not a report file: use ${REPORT_FILE_NAMES.join(', ')}`,
    );
  }
  return `${prefix}${BUILDS_FOLDER}${buildId}/${fileName}`;
}

/**
 * Whether `key` is the key of a report file of this account and period, in a build's folder (or, for a
 * report saved before builds, beside the manifest): never the manifest, the delivery record, or anything
 * outside the period. A manifest's keys are checked so, since its builds' files are served and deleted.
 */
export function isReportFileKeyOf(key: unknown, account: string, period: string): key is string {
  const prefix = reportPrefix(account, period);
  if (typeof key !== 'string' || !key.startsWith(prefix)) return false;
  const rest = key.slice(prefix.length);
  if (rest === MANIFEST_FILE_NAME || rest === DELIVERY_RECORD_FILE_NAME) return false;
  const match = FILE_KEY_REST.exec(rest);
  return match !== null && (match[1] === undefined || isBuildId(match[1]));
}

/** Whether `key` is the key of a report file of any account and period (see `isReportFileKeyOf`). */
export function isReportFileKey(key: unknown): key is string {
  const match = typeof key === 'string' ? FILE_KEY.exec(key) : null;
  if (!match) return false;
  const [, account = '', period = ''] = match;
  return isValidAccount(account) && isPeriodId(period) && isReportFileKeyOf(key, account, period);
}
