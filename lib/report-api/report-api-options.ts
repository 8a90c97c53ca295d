import * as z from 'zod';
import { type AccountConfig, ConfigError, type DeploymentConfig, fieldIssues } from '../config';
import { MAX_PRESIGN_SECONDS } from '../delivery';
import type { PublishContext } from '../pipeline';
import { createLogger, type StructuredLogger } from '../pipeline';
import { REBUILD_INTERVAL_SECONDS } from './rebuild-limit';
import { INCOMPLETE_REPORT_MAX_AGE_MS } from './report-store';

/** Where the report API writes its log lines: the functions' structured logger, or a terminal's lines locally. */
export type ReportApiLogger = Pick<StructuredLogger, 'info' | 'error'>;

/** What `createReportApi` needs. */
export interface ReportApiOptions {
  /** The accounts it serves; any other name in a path is answered 404. */
  accounts: AccountConfig[];
  /** S3, the bucket and the secret store (API keys, the token, the signing key); `now` is the API's clock too. */
  publish: PublishContext;
  /** The secret holding the operator token, which reads every account. */
  reportApiTokenSecretName: string;
  /** The secret holding the key every account's own token is derived from (`accountToken`). */
  accountTokenKeySecretName: string;
  /** The secret holding the key that signs and checks file links. */
  linkSigningKeySecretName: string;
  /** How long the links in an answer keep working, in days. */
  linkLifetimeDays: number;
  /** Base URL for the links in answers. @default the origin of the request */
  publicUrl?: string;
  /** Lifetime of the presigned S3 URL a file link redirects to, at most an hour. @default 300 */
  presignedUrlSeconds?: number;
  /**
   * How old a stored report of a period not ended (`complete: false`) may be before a request for it
   * builds it again, in seconds. @default 300 (5 minutes)
   */
  incompleteReportMaxAgeSeconds?: number;
  /**
   * At most one build on request per account in this many seconds: a `refresh=true`, or a period asked
   * for on the list of reports. Held across every instance (the record is in S3). @default 60
   */
  rebuildIntervalSeconds?: number;
  /** @default a Powertools `Logger` (JSON lines on stdout), service `invoice-reports` */
  logger?: ReportApiLogger;
}

/**
 * The options a deployment's configuration decides; where the app runs adds the rest (`publicUrl`,
 * `logger`). The Lambda entry and the local stack both start from here.
 */
export function reportApiOptionsFor(
  config: Pick<
    DeploymentConfig,
    | 'accounts'
    | 'reportApiTokenSecretName'
    | 'accountTokenKeySecretName'
    | 'linkSigningKeySecretName'
    | 'linkLifetimeDays'
  >,
  publish: PublishContext,
): ReportApiOptions {
  return {
    accounts: config.accounts,
    publish,
    reportApiTokenSecretName: config.reportApiTokenSecretName,
    accountTokenKeySecretName: config.accountTokenKeySecretName,
    linkSigningKeySecretName: config.linkSigningKeySecretName,
    linkLifetimeDays: config.linkLifetimeDays,
  };
}

const settingsSchema = z.object({
  reportApiTokenSecretName: z.string().min(1, 'must name a secret'),
  accountTokenKeySecretName: z.string().min(1, 'must name a secret'),
  linkSigningKeySecretName: z.string().min(1, 'must name a secret'),
  linkLifetimeDays: z.int('must be a whole number of days').min(1, 'must be at least 1').max(3650),
  publicUrl: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  presignedUrlSeconds: z
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1')
    .max(
      MAX_PRESIGN_SECONDS,
      `must be at most ${MAX_PRESIGN_SECONDS} (an hour: how long a replaced report is kept)`,
    )
    .default(300),
  incompleteReportMaxAgeSeconds: z
    .int('must be a whole number of seconds')
    .min(0, 'must be 0 or more')
    .default(INCOMPLETE_REPORT_MAX_AGE_MS / 1000),
  rebuildIntervalSeconds: z
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1')
    .max(86_400, 'must be at most 86400 (a day)')
    .default(REBUILD_INTERVAL_SECONDS),
});

/** The options with defaults filled in. */
export type ReportApiSettings = Omit<
  ReportApiOptions,
  'publicUrl' | 'presignedUrlSeconds' | 'incompleteReportMaxAgeSeconds' | 'rebuildIntervalSeconds' | 'logger'
> & {
  publicUrl: string | undefined;
  presignedUrlSeconds: number;
  incompleteReportMaxAgeSeconds: number;
  rebuildIntervalSeconds: number;
  logger: ReportApiLogger;
  now: () => Date;
};

/**
 * Checks the options once, when the app is made, so a bad deployment fails at start rather than on
 * some request.
 * @throws ConfigError naming each bad option
 */
export function readReportApiOptions(options: ReportApiOptions): ReportApiSettings {
  const parsed = settingsSchema.safeParse(options);
  if (!parsed.success) {
    throw new ConfigError('Invalid report API options', fieldIssues(parsed.error.issues));
  }
  const { publish } = options;
  return {
    ...options,
    ...parsed.data,
    publicUrl: parsed.data.publicUrl,
    logger: options.logger ?? createLogger(),
    now: () => publish.now?.() ?? new Date(),
  };
}
