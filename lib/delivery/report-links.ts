import { millisecondsInDay } from 'date-fns/constants';
import type { ReportObjectName } from './report-key';
import { linkExpirySeconds, type SigningKey, signReportLink } from './signed-link';

/** When signed links stop working: a lifetime in whole days from `now`, or an instant. */
export type LinkExpiry =
  | {
      /** At least 1. */
      lifetimeDays: number;
      /** @default new Date() */
      now?: Date;
      expiresAt?: never;
    }
  | { expiresAt: Date; lifetimeDays?: never; now?: never };

/** Options of `signReportLinks`. */
export type SignReportLinksOptions<F extends ReportObjectName> = LinkExpiry & {
  /** The report API's base URL, such as `https://reports.example.com`; a trailing slash is ignored. */
  baseUrl: string;
  account: string;
  /** A month `2026-10`, a quarter `2026-Q3` or a year `2026`. */
  period: string;
  /** The files to link to. */
  files: readonly F[];
  /** The account's `tokenGeneration` (see `linkGenerationLines`). */
  generation: number;
  /** At least 32 bytes, from configuration. */
  signingKey: SigningKey;
};

/** Signed links to some files of one report, and the second they all stop working. */
export interface SignedReportLinks<F extends ReportObjectName> {
  /** A link per file, by file name. */
  links: Record<F, string>;
  /** The instant the links expire: the whole second they carry in `expires`. */
  expiresAt: Date;
}

function expiryInstant(expiry: LinkExpiry): Date {
  if (expiry.expiresAt) return expiry.expiresAt;
  const { lifetimeDays } = expiry;
  if (!Number.isInteger(lifetimeDays) || lifetimeDays < 1) {
    throw new RangeError(`a link lifetime must be a whole number of days, at least 1 (got ${lifetimeDays})`);
  }
  // A day of a link's lifetime is 24 hours, whatever the account's time zone does that day.
  return new Date((expiry.now ?? new Date()).getTime() + lifetimeDays * millisecondsInDay);
}

/**
 * Signs links to a report's files that all expire at the same second, for the email, the report API's
 * answer and the local stack's start.
 * @example
 * const { links, expiresAt } = signReportLinks({ baseUrl, account: 'acme', period: '2026-10',
 *   files: ['report.html'], lifetimeDays: 30, now, signingKey });
 * // links['report.html']: 'https://reports.example.com/reports/acme/2026-10/report.html?expires=…&signature=…'
 * @throws RangeError for a lifetime that is not a whole number of days from 1, or an invalid instant;
 * InvalidReportKeyError for an invalid account, period or file name; SigningKeyError for a short key
 */
export function signReportLinks<F extends ReportObjectName>(
  options: SignReportLinksOptions<F>,
): SignedReportLinks<F> {
  const expiresAt = new Date(linkExpirySeconds(expiryInstant(options)) * 1000);
  const { baseUrl, account, period, generation, signingKey } = options;
  const links = Object.fromEntries(
    options.files.map((fileName) => [
      fileName,
      signReportLink({ baseUrl, account, period, fileName, expiresAt, generation, signingKey }),
    ]),
  ) as Record<F, string>;
  return { links, expiresAt };
}
