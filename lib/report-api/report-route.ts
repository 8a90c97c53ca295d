import type { Context } from 'hono';
import { isReportFileName, presignReportFile, type ReportFileName, signReportLinks } from '../delivery';
import { isMonthId, resolveReportPeriod } from '../period';
import type { ReportApiEnv } from './access';
import { ReportApiError } from './errors';
import type { RouteContext } from './report-api-options';
import type { ReportProgress } from './report-store';
import {
  fileRouteParamsSchema,
  parseRouteInput,
  reportRouteParamsSchema,
  reportRouteQuerySchema,
} from './route-input';

/** How long the S3 URL a file link redirects to works (docs/api.md). */
const PRESIGNED_URL_SECONDS = 300;

/** The parts of the answer to `GET /reports/:account/:period`; `summaryJson` is `summary.json`'s text. */
export interface ReportAnswer extends ReportProgress {
  account: string;
  period: string;
  generatedAt: string;
  summaryJson: string;
  files: Partial<Record<ReportFileName, string>>;
  linksExpireAt: string;
}

/**
 * The answer's JSON text with `summary` spliced in as saved rather than parsed and re-serialised:
 * `JSON.parse` turns `0.00000095` into `9.5e-7` and rounds amounts past 17 digits, and Node 20 has no
 * `JSON.rawJSON`. A month's answer also carries `month`, the member it has always had.
 */
export function reportAnswerJson(answer: ReportAnswer): string {
  const { account, period, complete, asOf, generatedAt, files, linksExpireAt } = answer;
  const month = isMonthId(period) ? { month: period } : {};
  const head = JSON.stringify({ account, period, ...month, complete, asOf, generatedAt });
  const tail = JSON.stringify({ files, linksExpireAt });
  return `${head.slice(0, -1)},"summary":${answer.summaryJson.trim()},${tail.slice(1)}`;
}

/** `GET /reports/:account/:period`: the period's summary and a signed link per file, built if missing. */
export async function answerReport(routes: RouteContext, c: Context<ReportApiEnv>): Promise<Response> {
  const { now, linkLifetimeDays } = routes.settings;
  const params = parseRouteInput(reportRouteParamsSchema, c.req.param());
  const { refresh } = parseRouteInput(reportRouteQuerySchema, c.req.query());
  const account = routes.readableAccount(c, params.account);
  const period = resolveReportPeriod(account, params.period, now());
  // Read first: without it the answer cannot be made, so a build would be wasted.
  const signingKey = await routes.signingKey();
  // Only a rebuild asked for is limited: building a period S3 has none of, or an outdated one, is not.
  const beforeBuild = refresh ? routes.limitRebuilds(account.name) : undefined;
  const report = await routes.store.get(account, period, { refresh, beforeBuild });

  const { links, expiresAt } = signReportLinks({
    baseUrl: routes.baseUrl(c),
    account: account.name,
    period,
    // The files this build has: one built before a file was added has no link to it.
    files: report.manifest.files.map((file) => file.name).filter(isReportFileName),
    lifetimeDays: linkLifetimeDays,
    now: now(),
    generation: account.tokenGeneration,
    signingKey,
  });
  const body = reportAnswerJson({
    ...report,
    account: account.name,
    period,
    generatedAt: report.manifest.generatedAt,
    files: links,
    linksExpireAt: expiresAt.toISOString(),
  });
  return c.body(body, 200, { 'Content-Type': 'application/json' });
}

/** `GET /reports/:account/:period/:file`: a redirect to the file of the period's current build. */
export async function answerReportFile(routes: RouteContext, c: Context<ReportApiEnv>): Promise<Response> {
  const { now, publish } = routes.settings;
  const params = parseRouteInput(fileRouteParamsSchema, c.req.param());
  const account = routes.readableAccount(c, params.account);
  const period = resolveReportPeriod(account, params.period, now());
  // The file of the build the period is switched to now, whichever build the link was made for.
  const key = await routes.store.currentFileKey(account.name, period, params.file);
  if (!key) {
    throw new ReportApiError(
      404,
      'report_not_found',
      `there is no complete report for ${account.name} ${period} yet; GET /reports/${account.name}/${period} builds it`,
    );
  }
  const { s3, bucket } = publish;
  return c.redirect(
    await presignReportFile({ s3, bucket, key, expiresInSeconds: PRESIGNED_URL_SECONDS }),
    302,
  );
}
