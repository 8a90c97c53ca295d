import { accountPrefix, isValidAccount } from './report-key';
import {
  hmacHex,
  type LinkVerdict,
  linkExpirySeconds,
  linkGenerationLines,
  linkVerdict,
  type SigningKey,
  signingKeyBytes,
} from './signed-link';

/** Options of `signReportIndexLink`. */
export interface SignReportIndexLinkOptions {
  /** The report API's base URL, such as `https://reports.example.com`; a trailing slash is ignored. */
  baseUrl: string;
  account: string;
  /** When the link stops working (rounded down to the second). */
  expiresAt: Date;
  /** The account's `tokenGeneration`, signed as a file link signs it. */
  generation: number;
  /** The key that signs file links too, at least 32 bytes. */
  signingKey: SigningKey;
}

/** Options of `verifyReportIndexLink`: the route's account and query values as received. */
export interface VerifyReportIndexLinkOptions {
  account: unknown;
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

/** Its own version tag, so an index link's signature never passes for a file link's, nor the reverse. */
function canonicalString(account: string, expires: string, generation: number): string {
  return ['report-index-v1', account, expires, ...linkGenerationLines(generation)].join('\n');
}

/**
 * A link to an account's list of reports that keeps working until `expiresAt`, for the email's
 * "All reports": the report API checks its HMAC-SHA256 signature, which also lets its holder ask for a
 * period of that account to be built (within the API's rebuild limit).
 * @example signReportIndexLink({ baseUrl, account: 'acme', expiresAt, signingKey })
 * // 'https://reports.example.com/reports/acme?expires=1795000000&signature=9c…'
 * @throws InvalidReportKeyError for an invalid account; SigningKeyError for a short key
 */
export function signReportIndexLink(options: SignReportIndexLinkOptions): string {
  const key = signingKeyBytes(options.signingKey);
  accountPrefix(options.account);
  const expires = String(linkExpirySeconds(options.expiresAt));
  const signature = hmacHex(key, canonicalString(options.account, expires, options.generation));
  const base = options.baseUrl.replace(/\/+$/, '');
  return `${base}/reports/${options.account}?expires=${expires}&signature=${signature}`;
}

/**
 * Checks a signed index link as `verifyReportLink` checks a file link: `invalid` for any malformed part
 * or a signature that does not match (before expiry is looked at), `expired` for a genuine link past its
 * time. Never throws on what a visitor sends.
 * @throws SigningKeyError when the configured key is too short
 */
export function verifyReportIndexLink(options: VerifyReportIndexLinkOptions): LinkVerdict {
  const key = signingKeyBytes(options.signingKey);
  const { account, generation } = options;
  if (!isValidAccount(account)) return 'invalid';
  return linkVerdict(key, (expires) => canonicalString(account, expires, generation), options, options.now);
}
