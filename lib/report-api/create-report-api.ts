import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { type AccountConfig, findAccount } from '../config';
import { presignReportFile, signReportLinks } from '../delivery';
import { resolveReportPeriod } from '../pipeline';
import { REPORT_FILE_NAMES } from '../report-files';
import { errorBody, ReportApiError } from './api-error';
import { requireBearerToken } from './bearer-token';
import { errorResponse } from './error-response';
import { requireFileAccess } from './file-access';
import { reportAnswerJson } from './report-answer';
import { type ReportApiOptions, readReportApiOptions } from './report-api-options';
import { ReportStore } from './report-store';
import {
  fileRouteParamsSchema,
  parseRouteInput,
  reportRouteParamsSchema,
  reportRouteQuerySchema,
} from './route-input';

const ROUTES = 'GET /health, GET /reports/:account/:period, GET /reports/:account/:period/:file';

/**
 * The report API as a Hono app, the same locally (`@hono/node-server`) and on Lambda (`handle`):
 *
 * - `GET /health`: `{"status":"ok"}`, no credentials.
 * - `GET /reports/:account/:period[?refresh=true]` with `Authorization: Bearer <token>`, where the
 *   period is a month `YYYY-MM`, a quarter `YYYY-Qn` or a year `YYYY`: the period's `summary.json`,
 *   whether it is complete and how far it runs, and a signed link per file, building the report first
 *   when S3 has none (or when it holds a report of a period not ended older than
 *   `incompleteReportMaxAgeSeconds`).
 * - `GET /reports/:account/:period/:file` with the token or a signed link (`expires`, `signature`):
 *   302 to an S3 URL presigned for `presignedUrlSeconds`.
 *
 * Checks run in this order: credentials (401, or 403 for a link), then the path and query (400, a
 * period before 2000 or after 9999 included), then the account (404), then the period against the
 * account's time zone (400 for one not begun). Without valid
 * credentials a caller therefore learns nothing about which accounts exist.
 * Every answer carries security headers and `Cache-Control: no-store`; errors are
 * `{"error":{"code","message"}}` (see `ReportApiErrorCode`).
 * @throws ConfigError for invalid options
 */
export function createReportApi(options: ReportApiOptions): Hono {
  const settings = readReportApiOptions(options);
  const { publish, logger, now } = settings;
  const store = new ReportStore(publish, {
    incompleteMaxAgeMs: settings.incompleteReportMaxAgeSeconds * 1000,
    events: {
      built: (account, period, manifest) =>
        logger.info('report built', { account, period, generatedAt: manifest.generatedAt }),
    },
  });

  function accountNamed(name: string): AccountConfig {
    const account = findAccount(settings, name);
    if (!account)
      throw new ReportApiError(404, 'unknown_account', `there is no account ${JSON.stringify(name)}`);
    return account;
  }

  const app = new Hono();
  app.use(
    secureHeaders({
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      xFrameOptions: 'DENY',
    }),
  );
  // Answers are per caller and links expire: nothing may be kept by a browser or a proxy.
  app.use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  app.get('/health', (c) => c.json({ status: 'ok' }));

  app.get(
    '/reports/:account/:period',
    requireBearerToken({ secrets: publish.secrets, tokenSecretName: settings.reportApiTokenSecretName }),
    async (c) => {
      const params = parseRouteInput(reportRouteParamsSchema, c.req.param());
      const { refresh } = parseRouteInput(reportRouteQuerySchema, c.req.query());
      const account = accountNamed(params.account);
      const period = resolveReportPeriod(account, params.period, now());
      // Read first: without it the answer cannot be made, so a build would be wasted.
      const signingKey = await publish.secrets.getSecret(settings.linkSigningKeySecretName);
      const report = await store.get(account, period, { refresh });

      const { links, expiresAt } = signReportLinks({
        baseUrl: settings.publicUrl ?? new URL(c.req.url).origin,
        account: account.name,
        period,
        files: REPORT_FILE_NAMES,
        lifetimeDays: settings.linkLifetimeDays,
        now: now(),
        signingKey,
      });
      const body = reportAnswerJson({
        account: account.name,
        period,
        complete: report.complete,
        asOf: report.asOf,
        generatedAt: report.manifest.generatedAt,
        summaryJson: report.summaryJson,
        files: links,
        linksExpireAt: expiresAt.toISOString(),
      });
      return c.body(body, 200, { 'Content-Type': 'application/json' });
    },
  );

  app.get(
    '/reports/:account/:period/:file',
    requireFileAccess({
      secrets: publish.secrets,
      tokenSecretName: settings.reportApiTokenSecretName,
      linkSigningKeySecretName: settings.linkSigningKeySecretName,
      now,
    }),
    async (c) => {
      const params = parseRouteInput(fileRouteParamsSchema, c.req.param());
      const account = accountNamed(params.account);
      const period = resolveReportPeriod(account, params.period, now());
      // The file of the build the period is switched to now, whichever build the link was made for.
      const key = await store.currentFileKey(account.name, period, params.file);
      if (!key) {
        throw new ReportApiError(
          404,
          'report_not_found',
          `there is no complete report for ${account.name} ${period} yet; GET /reports/${account.name}/${period} builds it`,
        );
      }
      const url = await presignReportFile({
        s3: publish.s3,
        bucket: publish.bucket,
        key,
        expiresInSeconds: settings.presignedUrlSeconds,
      });
      return c.redirect(url, 302);
    },
  );

  app.notFound((c) => c.json(errorBody('not_found', `no such route; the routes are ${ROUTES}`), 404));
  app.onError((error, c) => errorResponse(error, c, logger));
  return app;
}
