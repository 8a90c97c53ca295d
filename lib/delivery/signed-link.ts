import { createHmac, timingSafeEqual } from 'node:crypto';
import { isPeriodId } from '../period';
import { SigningKeyError } from './errors';
import {
  checkReportObjectName,
  isReportObjectName,
  isValidAccount,
  type ReportObjectName,
  reportPrefix,
} from './report-key';

/** The shortest signing key accepted, in bytes: HMAC-SHA256's own output size. */
export const MIN_SIGNING_KEY_BYTES = 32;

/** A key given as text is used as its UTF-8 bytes. */
export type SigningKey = string | Uint8Array;

/** Options of `signReportLink`. */
export interface SignReportLinkOptions {
  /** The report API's base URL, such as `https://reports.example.com`; a trailing slash is ignored. */
  baseUrl: string;
  account: string;
  /** A month `2026-10`, a quarter `2026-Q3` or a year `2026`. */
  period: string;
  fileName: ReportObjectName;
  /** When the link stops working (rounded down to the second). */
  expiresAt: Date;
  /** The account's `tokenGeneration`: raising it ends every link signed before (see `linkGenerationLines`). */
  generation: number;
  /** At least 32 bytes, from configuration. */
  signingKey: SigningKey;
}

/** What `verifyReportLink` makes of a link. */
export type LinkVerdict = 'valid' | 'expired' | 'invalid';

/** Options of `verifyReportLink`: the route's path parts and query values as received. */
export interface VerifyReportLinkOptions {
  account: unknown;
  period: unknown;
  fileName: unknown;
  /** The `expires` query value: unix seconds. */
  expires: unknown;
  /** The `signature` query value: 64 hex digits. */
  signature: unknown;
  /** The `tokenGeneration` of the account the path names (1 for an account not configured). */
  generation: number;
  signingKey: SigningKey;
  /** @default new Date() */
  now?: Date;
}

const EXPIRES_PATTERN = /^\d{1,12}$/;
const SIGNATURE_PATTERN = /^[0-9a-f]{64}$/;

/**
 * The key's bytes.
 * @throws SigningKeyError when it is shorter than 32 bytes
 */
export function signingKeyBytes(signingKey: SigningKey): Buffer {
  const bytes = typeof signingKey === 'string' ? Buffer.from(signingKey, 'utf8') : Buffer.from(signingKey);
  if (bytes.length < MIN_SIGNING_KEY_BYTES) {
    // The length only: the key itself never appears in an error.
    throw new SigningKeyError(
      `the link signing key is ${bytes.length} bytes; it must be at least ${MIN_SIGNING_KEY_BYTES} bytes of random data`,
    );
  }
  return bytes;
}

/**
 * What a link signs besides its own parts: the account's token generation, so that raising it (to revoke
 * an account token) also ends the links a holder of the old token could have made from the answers and
 * the list of reports, emailed links included. Generation 1 adds nothing, so that links signed before
 * generations were signed keep working until they expire; a higher one adds a line of its own, so the
 * string never equals one of generation 1.
 * @throws RangeError for a generation that is not a whole number from 1
 */
export function linkGenerationLines(generation: number): string[] {
  if (!Number.isSafeInteger(generation) || generation < 1) {
    throw new RangeError(`a token generation must be a whole number from 1 (got ${generation})`);
  }
  return generation === 1 ? [] : [`generation ${generation}`];
}

/** Every signed part on its own line, after a version tag, so no two different links share a string. */
function canonicalString(
  account: string,
  period: string,
  fileName: string,
  expires: string,
  generation: number,
): string {
  return ['report-link-v1', account, period, fileName, expires, ...linkGenerationLines(generation)].join(
    '\n',
  );
}

/** The hex HMAC-SHA256 of a link's canonical string: the `signature` a link carries. */
export function hmacHex(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text, 'utf8').digest('hex');
}

/**
 * What a link whose signed parts make `canonical` is worth, given its `expires` and `signature` query
 * values: `invalid` for a malformed value or a signature that does not match (compared in constant time),
 * `expired` for a genuine one whose time has passed, else `valid`.
 */
export function linkVerdict(
  key: Buffer,
  canonical: (expires: string) => string,
  query: { expires: unknown; signature: unknown },
  now: Date = new Date(),
): LinkVerdict {
  const { expires, signature } = query;
  if (typeof expires !== 'string' || !EXPIRES_PATTERN.test(expires)) return 'invalid';
  if (typeof signature !== 'string' || !SIGNATURE_PATTERN.test(signature)) return 'invalid';

  const expected = Buffer.from(hmacHex(key, canonical(expires)), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  // timingSafeEqual throws on different lengths; the pattern above already fixed the length at 64.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return now.getTime() >= Number(expires) * 1000 ? 'expired' : 'valid';
}

/**
 * The unix second a link signed to expire at `expiresAt` carries: rounded down, so a link never
 * outlives the instant asked for.
 * @throws RangeError for an invalid date or one before 1970
 */
export function linkExpirySeconds(expiresAt: Date): number {
  const time = expiresAt.getTime();
  if (!Number.isFinite(time) || time < 0) {
    throw new RangeError('expiresAt must be a valid date');
  }
  return Math.floor(time / 1000);
}

/** The instant a link's `expires` value (unix seconds, as `linkVerdict` accepts it) stands for. */
export function linkExpiryInstant(expires: string): Date {
  return new Date(Number(expires) * 1000);
}

/**
 * A link to a report file that keeps working until `expiresAt`: the report API checks its HMAC-SHA256
 * signature and answers with a redirect to a freshly presigned S3 URL.
 * @example signReportLink({ baseUrl, account: 'acme', period: '2026-10', fileName: 'report.html', expiresAt, signingKey })
 * // 'https://reports.example.com/reports/acme/2026-10/report.html?expires=1795000000&signature=3f…'
 * @throws InvalidReportKeyError for an invalid account, period or file name; SigningKeyError for a short key
 */
export function signReportLink(options: SignReportLinkOptions): string {
  const key = signingKeyBytes(options.signingKey);
  reportPrefix(options.account, options.period);
  checkReportObjectName(options.fileName);
  const expires = String(linkExpirySeconds(options.expiresAt));
  const signature = hmacHex(
    key,
    canonicalString(options.account, options.period, options.fileName, expires, options.generation),
  );
  const base = options.baseUrl.replace(/\/+$/, '');
  return `${base}/reports/${options.account}/${options.period}/${options.fileName}?expires=${expires}&signature=${signature}`;
}

/**
 * Checks a signed link. `invalid` when any part is malformed or the signature does not match them
 * (checked before expiry, so a forged link never learns more than `invalid`); `expired` when the
 * signature matches but the time has passed. Never throws on what a visitor sends; the comparison takes
 * the same time wherever the signatures differ.
 * @throws SigningKeyError when the configured key is too short (a configuration fault, not the visitor's)
 */
export function verifyReportLink(options: VerifyReportLinkOptions): LinkVerdict {
  const key = signingKeyBytes(options.signingKey);
  const { account, period, fileName, expires, signature, generation } = options;
  if (!isValidAccount(account) || !isPeriodId(period) || !isReportObjectName(fileName)) return 'invalid';
  return linkVerdict(
    key,
    (expires) => canonicalString(account, period, fileName, expires, generation),
    { expires, signature },
    options.now,
  );
}
