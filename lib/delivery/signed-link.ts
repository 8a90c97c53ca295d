import { createHmac, timingSafeEqual } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { millisecondsInDay } from 'date-fns/constants';
import { isPeriodId } from '../period';
import { InvalidReportKeyError, SigningKeyError } from './errors';
import {
  accountPrefix,
  checkReportObjectName,
  isReportFileKey,
  isReportObjectName,
  isValidAccount,
  type ReportObjectName,
  reportPrefix,
} from './report-key';
import type { Bucket } from './s3-objects';
import { SUPERSEDED_BUILD_KEEP_MS } from './save-report';

/** The shortest signing key accepted, in bytes: HMAC-SHA256's own output size. */
export const MIN_SIGNING_KEY_BYTES = 32;

/** A key given as text is used as its UTF-8 bytes. */
export type SigningKey = string | Uint8Array;

export type LinkVerdict = 'valid' | 'expired' | 'invalid';

/** What an index link is signed with; a file link names `period` and `fileName` too. */
interface SignReportIndexLinkOptions {
  /** The report API's base URL (`https://reports.example.com`); a trailing slash is ignored. */
  baseUrl: string;
  account: string;
  /** When the link stops working (rounded down to the second). */
  expiresAt: Date;
  /** The account's `tokenGeneration` (see `signatureOf`). */
  generation: number;
  signingKey: SigningKey;
}

/** The route's parts and query as received, and the generation of the account named (1 if unknown). */
interface VerifyReportIndexLinkOptions {
  account: unknown;
  expires: unknown;
  signature: unknown;
  generation: number;
  signingKey: SigningKey;
  /** @default new Date() */
  now?: Date;
}

/** @throws SigningKeyError when it is shorter than 32 bytes (the error gives the length only, never the key) */
function signingKeyBytes(signingKey: SigningKey): Buffer {
  const bytes = typeof signingKey === 'string' ? Buffer.from(signingKey, 'utf8') : Buffer.from(signingKey);
  if (bytes.length < MIN_SIGNING_KEY_BYTES) {
    throw new SigningKeyError(
      `the link signing key is ${bytes.length} bytes; it must be at least ${MIN_SIGNING_KEY_BYTES} bytes of random data`,
    );
  }
  return bytes;
}

/**
 * The HMAC-SHA256 of a version tag, then every part on its own line, so no two different links share a
 * string, and file links never pass for index links. The account's token generation is signed too, so
 * that raising it (to revoke a token) ends the links its holder could have made; generation 1 adds no
 * line, so links signed before generations existed keep working.
 * @throws RangeError for a generation that is not a whole number from 1
 */
function signatureOf(signingKey: SigningKey, parts: string[], expires: string, generation: number): string {
  if (!Number.isSafeInteger(generation) || generation < 1) {
    throw new RangeError(`a token generation must be a whole number from 1 (got ${generation})`);
  }
  const tag = parts.length === 1 ? 'report-index-v1' : 'report-link-v1';
  const text = [tag, ...parts, expires, ...(generation === 1 ? [] : [`generation ${generation}`])].join('\n');
  return createHmac('sha256', signingKeyBytes(signingKey)).update(text, 'utf8').digest('hex');
}

/** @throws RangeError for an invalid date or one before 1970 */
function linkExpirySeconds(expiresAt: Date): number {
  const time = expiresAt.getTime();
  if (!Number.isFinite(time) || time < 0) throw new RangeError('expiresAt must be a valid date');
  // Rounded down, so a link never outlives the instant asked for.
  return Math.floor(time / 1000);
}

/** The instant a link's `expires` value (unix seconds) stands for. */
export function linkExpiryInstant(expires: string): Date {
  return new Date(Number(expires) * 1000);
}

function signedUrl(options: SignReportIndexLinkOptions, parts: string[]): string {
  const expires = String(linkExpirySeconds(options.expiresAt));
  const signature = signatureOf(options.signingKey, parts, expires, options.generation);
  return `${options.baseUrl.replace(/\/+$/, '')}/reports/${parts.join('/')}?expires=${expires}&signature=${signature}`;
}

/**
 * `invalid` for a malformed part or a signature that does not match (checked in constant time and before
 * expiry, so a forged link learns nothing more); `expired` for a genuine link past its time.
 * @throws SigningKeyError for a short configured key, never for what a visitor sends
 */
function linkVerdict(options: VerifyReportIndexLinkOptions, parts: unknown[], partsValid = true) {
  signingKeyBytes(options.signingKey);
  const { expires, signature } = options;
  if (!partsValid || !isValidAccount(options.account)) return 'invalid';
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires)) return 'invalid';
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) return 'invalid';
  const expected = signatureOf(options.signingKey, parts as string[], expires, options.generation);
  // The pattern fixed the length at 64, which timingSafeEqual requires.
  if (!timingSafeEqual(Buffer.from(signature, 'utf8'), Buffer.from(expected, 'utf8'))) return 'invalid';
  return (options.now ?? new Date()).getTime() >= Number(expires) * 1000 ? 'expired' : 'valid';
}

/**
 * A link to a report file until `expiresAt`: the report API checks it and redirects to a presigned S3 URL.
 * @throws InvalidReportKeyError for an invalid account, period or file name; SigningKeyError for a short key
 */
export function signReportLink(
  options: SignReportIndexLinkOptions & { period: string; fileName: ReportObjectName },
): string {
  signingKeyBytes(options.signingKey);
  const { account, period, fileName } = options;
  reportPrefix(account, period);
  checkReportObjectName(fileName);
  return signedUrl(options, [account, period, fileName]);
}

export function verifyReportLink(
  options: VerifyReportIndexLinkOptions & { period: unknown; fileName: unknown },
): LinkVerdict {
  const { account, period, fileName } = options;
  const partsValid = isPeriodId(period) && isReportObjectName(fileName);
  return linkVerdict(options, [account, period, fileName], partsValid);
}

/**
 * A link to an account's list of reports (the email's "All reports"), whose holder may also have a
 * period built. @throws InvalidReportKeyError for an invalid account; SigningKeyError for a short key
 */
export function signReportIndexLink(options: SignReportIndexLinkOptions): string {
  signingKeyBytes(options.signingKey);
  accountPrefix(options.account);
  return signedUrl(options, [options.account]);
}

export function verifyReportIndexLink(options: VerifyReportIndexLinkOptions): LinkVerdict {
  return linkVerdict(options, [options.account]);
}

/** When signed links stop working: a lifetime in whole days (at least 1) from `now`, or an instant. */
type LinkExpiry =
  | { lifetimeDays: number; now?: Date; expiresAt?: never }
  | { expiresAt: Date; lifetimeDays?: never; now?: never };

function expiryInstant(expiry: LinkExpiry): Date {
  if (expiry.expiresAt) return expiry.expiresAt;
  const { lifetimeDays } = expiry;
  if (!Number.isInteger(lifetimeDays) || lifetimeDays < 1) {
    throw new RangeError(`a link lifetime must be a whole number of days, at least 1 (got ${lifetimeDays})`);
  }
  // A day of a link's lifetime is 24 hours, whatever the account's time zone does that day.
  return new Date((expiry.now ?? new Date()).getTime() + lifetimeDays * millisecondsInDay);
}

/** Links to a report's files, all expiring at the same second. @throws RangeError; see `signReportLink` */
export function signReportLinks<F extends ReportObjectName>(
  options: LinkExpiry &
    Omit<SignReportIndexLinkOptions, 'expiresAt'> & { period: string; files: readonly F[] },
): { links: Record<F, string>; expiresAt: Date } {
  const expiresAt = new Date(linkExpirySeconds(expiryInstant(options)) * 1000);
  const links = Object.fromEntries(
    options.files.map((fileName) => [fileName, signReportLink({ ...options, fileName, expiresAt })]),
  ) as Record<F, string>;
  return { links, expiresAt };
}

/** No longer than a replaced build's files are kept (`SUPERSEDED_BUILD_KEEP_MS`). */
export const MAX_PRESIGN_SECONDS = SUPERSEDED_BUILD_KEEP_MS / 1000;

/**
 * A presigned `GET` URL for a report file, valid for minutes (300 s by default): it dies with the signing
 * credentials (a Lambda role's last hours) whatever its lifetime says, so it is made when a reader asks.
 * @throws InvalidReportKeyError for a key that is not a report file's; RangeError for a bad lifetime
 */
export async function presignReportFile(
  options: Bucket & { key: string; expiresInSeconds?: number },
): Promise<string> {
  const expiresIn = options.expiresInSeconds ?? 300;
  if (!Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > MAX_PRESIGN_SECONDS) {
    throw new RangeError(`expiresInSeconds must be a whole number from 1 to ${MAX_PRESIGN_SECONDS}`);
  }
  if (!isReportFileKey(options.key)) {
    throw new InvalidReportKeyError(`${JSON.stringify(options.key)} is not the key of a report file`);
  }
  // A merchant's figures: without Cache-Control, a browser or a proxy could keep the file by heuristic.
  const { s3, bucket: Bucket, key: Key } = options;
  return getSignedUrl(s3, new GetObjectCommand({ Bucket, Key, ResponseCacheControl: 'no-store' }), {
    expiresIn,
  });
}
