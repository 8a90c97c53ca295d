import { randomBytes } from 'node:crypto';
import { ACCOUNT_NAME_PATTERN } from '../config';
import { isPeriodId } from '../period';
import { InvalidReportKeyError } from './errors';
import { isReportFileName, REPORT_FILE_NAMES, type ReportFileName } from './report-files';

/**
 * The bucket's layout: `reports/<account>/` holds `rebuilds.json` and a folder per period; a period's holds
 * `manifest.json` (switching it to its current complete build, written last), `delivery.json` (the
 * exactly-once claim of its email) and `builds/<buildId>/<file>`. Every part is checked, so that no key
 * can leave its prefix: @throws InvalidReportKeyError naming the part that is not valid.
 */
export const MANIFEST_FILE_NAME = 'manifest.json';
/** When one of the account's reports was last rebuilt on request (`claimRebuild`). */
export const REBUILD_RECORD_FILE_NAME = 'rebuilds.json';
const DELIVERY_RECORD_FILE_NAME = 'delivery.json';
export const BUILDS_FOLDER = 'builds/';

/** A name a signed link may carry: a report file or the manifest. */
export type ReportObjectName = ReportFileName | typeof MANIFEST_FILE_NAME;

const BUILD_ID_PATTERN = /^\d{8}T\d{9}Z-[0-9a-f]{12}$/;

/**
 * A new build id, the UTC instant and 48 random bits (`20261101T060000123Z-3f9a0c1e2b4d`): sorted by time
 * as text and, unlike a ULID, readable to whoever lists the bucket. @throws RangeError past the year 9999
 */
export function newBuildId(now: Date): string {
  const id = `${now.toISOString().replace(/[-:.]/g, '')}-${randomBytes(6).toString('hex')}`;
  if (!isBuildId(id)) throw new RangeError(`a build cannot begin at ${now.toISOString()}`);
  return id;
}

export function isBuildId(value: unknown): value is string {
  return typeof value === 'string' && BUILD_ID_PATTERN.test(value);
}

export function isValidAccount(account: unknown): account is string {
  return typeof account === 'string' && ACCOUNT_NAME_PATTERN.test(account);
}

export function isReportObjectName(name: unknown): name is ReportObjectName {
  return isReportFileName(name) || name === MANIFEST_FILE_NAME;
}

/** The checked parts of a key, and what to say of a value that is not valid. */
const KEY_PARTS: Record<string, [(value: unknown) => boolean, string]> = {
  account: [isValidAccount, 'is not valid: use lower-case letters, digits and hyphens'],
  period: [isPeriodId, 'is not valid: use YYYY-MM, YYYY-Qn or YYYY, from 2000 to 9999'],
  'build id': [isBuildId, 'is not valid'],
};

function checkPart(part: string, value: unknown, [valid, problem] = KEY_PARTS[part]!): void {
  if (!valid(value)) throw new InvalidReportKeyError(`${part} ${JSON.stringify(value)} ${problem}`);
}

function checkFileName(fileName: unknown, names: readonly string[]): void {
  const isName = (name: unknown) => names.includes(name as string);
  checkPart('file name', fileName, [isName, `is not a report file: use ${names.join(', ')}`]);
}

/** `reports/<account>/` */
export function accountPrefix(account: string): string {
  checkPart('account', account);
  return `reports/${account}/`;
}

/** `reports/<account>/<period>/` */
export function reportPrefix(account: string, period: string): string {
  checkPart('account', account);
  checkPart('period', period);
  return `reports/${account}/${period}/`;
}

/** @throws InvalidReportKeyError unless `fileName` is a name a signed link may carry */
export function checkReportObjectName(fileName: unknown): asserts fileName is ReportObjectName {
  checkFileName(fileName, [...REPORT_FILE_NAMES, MANIFEST_FILE_NAME]);
}

export function rebuildRecordKey(account: string): string {
  return `${accountPrefix(account)}${REBUILD_RECORD_FILE_NAME}`;
}

export function manifestKey(account: string, period: string): string {
  return `${reportPrefix(account, period)}${MANIFEST_FILE_NAME}`;
}

export function deliveryRecordKey(account: string, period: string): string {
  return `${reportPrefix(account, period)}${DELIVERY_RECORD_FILE_NAME}`;
}

export function buildFileKey(
  account: string,
  period: string,
  buildId: string,
  fileName: ReportFileName,
): string {
  const prefix = reportPrefix(account, period);
  checkPart('build id', buildId);
  checkFileName(fileName, REPORT_FILE_NAMES);
  return `${prefix}${BUILDS_FOLDER}${buildId}/${fileName}`;
}

/**
 * Whether `key` is a report file of this account and period (as a manifest's keys must be, since they are
 * served and deleted): `builds/<buildId>/<file>`, or `<file>` alone from before builds had folders. Any
 * plain file name, so a manifest listing a file this version does not make is still read.
 */
export function isReportFileKeyOf(key: unknown, account: string, period: string): key is string {
  const prefix = reportPrefix(account, period);
  if (typeof key !== 'string' || !key.startsWith(prefix)) return false;
  const rest = key.slice(prefix.length);
  if (rest === MANIFEST_FILE_NAME || rest === DELIVERY_RECORD_FILE_NAME) return false;
  const match = /^(?:builds\/([^/]+)\/)?[a-z0-9][a-z0-9.-]*$/.exec(rest);
  return match !== null && (match[1] === undefined || isBuildId(match[1]));
}

/** Whether `key` is a report file of any account and period (see `isReportFileKeyOf`). */
export function isReportFileKey(key: unknown): key is string {
  const match = typeof key === 'string' ? /^reports\/([^/]+)\/([^/]+)\/(.+)$/.exec(key) : null;
  if (!match) return false;
  const [, account = '', period = ''] = match;
  return isValidAccount(account) && isPeriodId(period) && isReportFileKeyOf(key, account, period);
}
