import { millisecondsInDay } from 'date-fns/constants';
import type { Context } from 'hono';
import * as z from 'zod';
import { type AccountConfig, ConfigError, type DeploymentConfig, fieldIssues, findAccount } from '../config';
import { claimRebuild } from '../delivery';
import { createLogger, type PublishContext, type StructuredLogger } from '../pipeline';
import { type Caller, mayRead, type ReportApiEnv } from './access';
import { ReportApiError } from './errors';
import { type BuildCause, ReportStore } from './report-store';

/** Where the report API writes its log lines: the functions' structured logger, or a terminal's lines locally. */
export type ReportApiLogger = Pick<StructuredLogger, 'info' | 'error'>;

/** The options a deployment's configuration decides; where the app runs adds `publicUrl` and `logger`. */
export function reportApiOptionsFor(config: DeploymentConfig, publish: PublishContext): ReportApiOptions {
  // Named, so that a configuration field that shares a setting's name cannot become that setting unseen.
  const { accounts, reportApiTokenSecretName, accountTokenKeySecretName, linkSigningKeySecretName } = config;
  const secrets = { reportApiTokenSecretName, accountTokenKeySecretName, linkSigningKeySecretName };
  return { accounts, ...secrets, linkLifetimeDays: config.linkLifetimeDays, publish };
}

const secretName = z.string().min(1, 'must name a secret');
/** What `createReportApi` takes, and what it checks once, when the app is made. */
const settingsSchema = z.object({
  /** The accounts it serves; any other name in a path is answered 404. */
  accounts: z.custom<AccountConfig[]>(),
  /** S3, the bucket and the secret store; its `now` is the API's clock too. */
  publish: z.custom<PublishContext>(),
  /** Without it, a Powertools `Logger` (JSON lines on stdout). */
  logger: z.custom<ReportApiLogger>().optional(),
  /** The secrets of the operator token, the key of accounts' tokens and that of links (see `DeploymentConfig`). */
  reportApiTokenSecretName: secretName,
  accountTokenKeySecretName: secretName,
  linkSigningKeySecretName: secretName,
  /** How long the links in an answer keep working. */
  linkLifetimeDays: z.int('must be a whole number of days').min(1, 'must be at least 1').max(3650),
  /** Base URL for the links in answers; without it, the origin of the request. */
  publicUrl: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  /** At most one build on request per account in this many seconds, across every instance (held in S3). */
  rebuildIntervalSeconds: z
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1')
    .max(86_400, 'must be at most 86400 (a day)')
    .default(60),
});

export type ReportApiOptions = z.input<typeof settingsSchema>;

/** The options with defaults filled in. */
export type ReportApiSettings = z.output<typeof settingsSchema> & {
  logger: ReportApiLogger;
  now: () => Date;
};

/** What every route works with: the settings, the reports, and the rules for accounts and links. */
export type RouteContext = ReturnType<typeof routeContext>;

/** Checks the options when the app is made: a bad deployment fails at start (`ConfigError`), not later. */
export function routeContext(options: ReportApiOptions) {
  const parsed = settingsSchema.safeParse(options);
  if (!parsed.success) {
    throw new ConfigError('Invalid report API options', fieldIssues(parsed.error.issues));
  }
  const { publish } = parsed.data;
  const logger = parsed.data.logger ?? createLogger();
  const now = () => publish.now?.() ?? new Date();
  const settings: ReportApiSettings = { ...parsed.data, logger, now };
  const store = new ReportStore(settings);
  return {
    settings,
    store,
    /**
     * The account a path names, when the caller may read it; 404 alike for an account that does not
     * exist and one the caller may not read, so that a token learns nothing about other accounts.
     */
    readableAccount(c: Context<ReportApiEnv>, name: string): AccountConfig {
      const account = findAccount(settings, name);
      if (!account || !mayRead(c.get('caller'), account.name)) {
        throw new ReportApiError(
          404,
          'unknown_account',
          'there is no such account, or this token may not read it',
        );
      }
      return account;
    },
    signingKey: () => publish.secrets.getSecret(settings.linkSigningKeySecretName),
    /** The base of the links in answers: the public URL, or the request's origin. */
    baseUrl: (c: Context) => settings.publicUrl ?? new URL(c.req.url).origin,
    /** When an answer's links stop working: `linkLifetimeDays` from now, never after the caller's own link. */
    linksExpireAt(caller: Caller): Date {
      const lifetime = new Date(now().getTime() + settings.linkLifetimeDays * millisecondsInDay);
      return caller.kind === 'link' && caller.expiresAt < lifetime ? caller.expiresAt : lifetime;
    },
    /**
     * The `beforeBuild` of a build asked for on request (`?refresh=true`, the list's form): claims the
     * account's one rebuild of the interval (`claimRebuild`, held in S3 across instances) or refuses with
     * 429 and `Retry-After`. An outdated report of a period not ended is rebuilt uncounted: refusing would
     * leave only a stale report, and the store's age rule already bounds it.
     */
    limitRebuilds(account: string): (cause: BuildCause) => Promise<void> {
      const { s3, bucket } = publish;
      const interval = settings.rebuildIntervalSeconds;
      return async (cause) => {
        if (cause === 'outdated') return;
        const claim = await claimRebuild({ s3, bucket, account, intervalSeconds: interval, now: now() });
        if (claim.granted) return;
        const wait = claim.retryAfterSeconds;
        throw new ReportApiError(
          429,
          'too_many_rebuilds',
          `a report of ${account} was asked to be built less than ${interval} seconds ago, and its reports are built on request at most once in ${interval} seconds; try again in ${wait} ${wait === 1 ? 'second' : 'seconds'}`,
          { 'Retry-After': String(wait) },
        );
      };
    },
  };
}
