import type { Context } from 'hono';
import pLimit from 'p-limit';
import * as z from 'zod';
import type { AccountConfig } from '../config';
import {
  CorruptObjectError,
  isReportFileName,
  listReportPeriods,
  type ReportManifest,
  readManifest,
  signReportIndexLink,
  signReportLinks,
} from '../delivery';
import {
  FIRST_YEAR,
  type Period,
  type PeriodKind,
  parsePeriod,
  periodAt,
  periodBounds,
  periodName,
  previousPeriod,
  resolveReportPeriod,
} from '../period';
import { periodTitle } from '../report';
import type { ReportApiEnv } from './access';
import { ReportApiError, wantsHtml } from './errors';
import { renderReportsIndexPage, reportAnchor } from './pages';
import type { RouteContext } from './report-api-options';
import { progressAt } from './report-store';
import { buildFormSchema, indexRouteParamsSchema, parseRouteInput } from './route-input';

/** Manifests read at once while listing: S3 answers each in tens of milliseconds. */
const MANIFEST_READS_AT_ONCE = 8;

/** How many of each kind of period, the current one included, the form offers. */
const OFFERED: Record<PeriodKind, number> = { month: 12, quarter: 4, year: 2 };

/** Periods the form offers (the current ones first), without those in `built`; any other can be typed in. */
export function recentPeriods(timezone: string, now: Date, built: ReadonlySet<string>): Period[] {
  const offered: Period[] = [];
  for (const kind of Object.keys(OFFERED) as PeriodKind[]) {
    let period: Period = periodAt(kind, timezone, now);
    for (let count = 0; count < OFFERED[kind] && period.year >= FIRST_YEAR; count += 1) {
      if (!built.has(period.id)) offered.push(period);
      period = previousPeriod(period);
    }
  }
  return offered;
}

const count = z.int().nonnegative().optional().catch(undefined);
const usd = z
  .string()
  .regex(/^-?\d+(?:\.\d+)?$/)
  .optional()
  .catch(undefined);
/** The manifest's figures that the list shows; one missing or malformed is shown as missing. */
const shownFiguresSchema = z.object({
  paidInvoices: count,
  paidTotalUSD: usd,
  payments: count,
  unmatchedPayments: count,
  unmatchedEstimatedUSD: usd,
  unmatchedWithLikelyInvoice: count,
  reconciliationOk: z.boolean().optional().catch(undefined),
});

/**
 * The account's complete reports in S3, newest first (of periods that end together, the shortest first),
 * links signed. A manifest that cannot be read is left out and logged rather than taking the list down;
 * so is a folder with no manifest (a build under way, or a delivery record only).
 */
async function listReports(routes: RouteContext, c: Context, account: AccountConfig, expiresAt: Date) {
  const { publish, logger, now } = routes.settings;
  const { s3, bucket } = publish;
  const [periods, signingKey] = await Promise.all([
    listReportPeriods({ s3, bucket, account: account.name }),
    routes.signingKey(),
  ]);
  const limit = pLimit(MANIFEST_READS_AT_ONCE);
  const read = (period: string) =>
    limit(async (): Promise<ReportManifest | null> => {
      try {
        return await readManifest({ s3, bucket, account: account.name, period });
      } catch (error) {
        if (!(error instanceof CorruptObjectError)) throw error;
        logger.error('report left out of the list', { account: account.name, period, key: error.key });
        return null;
      }
    });
  const manifests = (await Promise.all(periods.map(read))).filter((manifest) => manifest !== null);
  return manifests
    .map((manifest) => {
      const period = parsePeriod(manifest.period);
      const bounds = periodBounds(period, account.timezone);
      const { links } = signReportLinks({
        baseUrl: routes.baseUrl(c),
        account: account.name,
        period: period.id,
        files: manifest.files.map((file) => file.name).filter(isReportFileName),
        expiresAt,
        generation: account.tokenGeneration,
        signingKey,
      });
      const { generatedAt, figures } = manifest;
      const progress = progressAt(new Date(bounds.end).toISOString(), generatedAt);
      // Of its period so far while that period has ended since: nothing builds a quarter or a year again
      // on its own, so it would stay "so far" until someone asks for the period.
      const periodEndedSince = !progress.complete && now().getTime() >= bounds.end;
      return { period, ...progress, periodEndedSince, generatedAt, figures, bounds, links };
    })
    .sort((a, b) => b.bounds.end - a.bounds.end || b.bounds.start - a.bounds.start);
}

/** A listed report as the page shows it: titled, its figures checked, its page apart from the downloads. */
export function indexEntry({
  bounds: _bounds,
  links,
  figures,
  ...report
}: Awaited<ReturnType<typeof listReports>>[number]) {
  return {
    ...report,
    title: periodTitle({ id: report.period.id, complete: report.complete }, periodName(report.period)),
    figures: shownFiguresSchema.parse(figures),
    reportLink: links['report.html'] ?? '',
    downloads: Object.entries(links)
      .filter(([file]) => file !== 'report.html')
      .map(([name, link]) => ({ name, link })),
  };
}

/**
 * `GET /reports/:account`: the account's complete reports, newest first, links lasting as long as the
 * caller's own (`linkLifetimeDays` for a token): a page with the form for a browser, JSON for a program.
 */
export async function answerReportsIndex(routes: RouteContext, c: Context<ReportApiEnv>): Promise<Response> {
  const { account: name } = parseRouteInput(indexRouteParamsSchema, c.req.param());
  const account = routes.readableAccount(c, name);
  const expiresAt = routes.linksExpireAt(c.get('caller'));
  const reports = await listReports(routes, c, account, expiresAt);
  if (!wantsHtml(c)) {
    return c.json({
      account: account.name,
      reports: reports.map(({ period, complete, asOf, generatedAt, figures, links }) => ({
        period: period.id,
        kind: period.kind,
        complete,
        asOf,
        generatedAt,
        figures,
        files: links,
      })),
      linksExpireAt: expiresAt.toISOString(),
    });
  }

  // A period whose report stopped short of its end is offered again, to be built whole.
  const built = new Set(
    reports.filter((report) => !report.periodEndedSince).map((report) => report.period.id),
  );
  const html = renderReportsIndexPage({
    displayName: account.displayName,
    timezone: account.timezone,
    entries: reports.map(indexEntry),
    formAction: signReportIndexLink({
      baseUrl: routes.baseUrl(c),
      account: account.name,
      expiresAt,
      generation: account.tokenGeneration,
      signingKey: await routes.signingKey(),
    }),
    suggestions: recentPeriods(account.timezone, routes.settings.now(), built).map((period) => ({
      id: period.id,
      name: periodName(period),
    })),
    linksExpireAt: expiresAt,
  });
  return c.html(html);
}

/**
 * `POST /reports/:account` with `period=<id>`, the list's form: builds the period's report when S3 has
 * none (within the rebuild limit) or an outdated one, then a 303 back to the list at the period's row.
 */
export async function buildFromForm(routes: RouteContext, c: Context<ReportApiEnv>): Promise<Response> {
  const { settings } = routes;
  const { account: name } = parseRouteInput(indexRouteParamsSchema, c.req.param());
  const account = routes.readableAccount(c, name);
  const { pathname, search } = new URL(c.req.url);
  // From here on, a refusal's page leads back to the list the form was on.
  if (c.get('caller').kind === 'link') c.set('backTo', `${pathname}${search}`);
  // A body that is not a form (a broken multipart one) is the caller's mistake, not the API's failure.
  const body = await c.req.parseBody().catch(() => {
    throw new ReportApiError(400, 'invalid_request', 'the form could not be read');
  });
  const form = parseRouteInput(buildFormSchema, body);
  const period = resolveReportPeriod(account, form.period, settings.now());
  await routes.store.get(account, period, {
    refresh: false,
    beforeBuild: routes.limitRebuilds(account.name),
  });
  // Back to the list, not on to the report: a browser holds a form's redirects to `form-action 'self'`,
  // and the report's link ends at S3, another origin.
  return c.redirect(`${routes.baseUrl(c)}${pathname}${search}#${reportAnchor(period)}`, 303);
}
