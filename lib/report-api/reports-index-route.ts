import type { Context } from 'hono';
import type { AccountConfig } from '../config';
import { signReportIndexLink, signReportLinks } from '../delivery';
import { periodName } from '../period';
import { resolveReportPeriod } from '../pipeline';
import { periodTitle } from '../report';
import { ReportApiError } from './api-error';
import type { ReportApiEnv } from './credentials';
import { wantsHtml } from './negotiation';
import { type IndexEntry, renderReportsIndexPage, reportAnchor } from './pages';
import { limitRebuilds } from './rebuild-limit';
import { offeredPeriod, recentPeriods } from './recent-periods';
import { BACK_TO } from './refusal';
import { type ListedReport, listReports, shownFigures } from './report-list';
import type { RouteContext } from './route-context';
import { buildFormSchema, indexRouteParamsSchema, parseRouteInput } from './route-input';

/** A listed report with its links signed, for either answer. */
interface LinkedReport {
  report: ListedReport;
  links: Record<string, string>;
}

async function linkedReports(
  routes: RouteContext,
  c: Context<ReportApiEnv>,
  account: AccountConfig,
  expiresAt: Date,
): Promise<LinkedReport[]> {
  const [reports, signingKey] = await Promise.all([
    listReports(routes.settings.publish, account, routes.settings.logger),
    routes.signingKey(),
  ]);
  const baseUrl = routes.baseUrl(c);
  return reports.map((report) => ({
    report,
    links: signReportLinks({
      baseUrl,
      account: account.name,
      period: report.period.id,
      files: report.files,
      expiresAt,
      generation: account.tokenGeneration,
      signingKey,
    }).links,
  }));
}

/** `{"account", "reports": [...], "linksExpireAt"}`: each report's figures as its manifest stores them. */
function indexJson(account: AccountConfig, reports: LinkedReport[], expiresAt: Date): unknown {
  return {
    account: account.name,
    reports: reports.map(({ report, links }) => ({
      period: report.period.id,
      kind: report.period.kind,
      complete: report.complete,
      asOf: report.asOf,
      generatedAt: report.generatedAt,
      figures: report.figures,
      files: links,
    })),
    linksExpireAt: expiresAt.toISOString(),
  };
}

/**
 * Whether a report is of its period so far while that period has ended since: nothing builds a quarter or
 * a year again on its own, so such a report would stay "so far" until someone asks for the period.
 */
function overtakenByPeriodEnd(report: ListedReport, now: Date): boolean {
  return !report.complete && now.getTime() >= report.bounds.end;
}

function indexEntry({ report, links }: LinkedReport, now: Date): IndexEntry {
  const { period } = report;
  return {
    period,
    title: periodTitle({ id: period.id, complete: report.complete }, periodName(period)),
    complete: report.complete,
    periodEndedSince: overtakenByPeriodEnd(report, now),
    asOf: report.asOf,
    generatedAt: report.generatedAt,
    figures: shownFigures(report.figures),
    reportLink: links['report.html'] ?? '',
    downloads: Object.entries(links)
      .filter(([name]) => name !== 'report.html')
      .map(([name, link]) => ({ name, link })),
  };
}

/**
 * `GET /reports/:account`: the account's complete reports, newest first, with links signed to last as
 * long as the caller's own link (or `linkLifetimeDays` for a token). A browser gets the page, with the
 * form that asks for another period; a program gets JSON.
 */
export async function answerReportsIndex(routes: RouteContext, c: Context<ReportApiEnv>): Promise<Response> {
  const { account: name } = parseRouteInput(indexRouteParamsSchema, c.req.param());
  const account = routes.readableAccount(c, name);
  const expiresAt = routes.linksExpireAt(c.get('caller'));
  const reports = await linkedReports(routes, c, account, expiresAt);
  if (!wantsHtml(c)) return c.json(indexJson(account, reports, expiresAt));

  const now = routes.settings.now();
  // A period whose report stopped short of its end is offered again, to be built whole.
  const built = new Set(
    reports.filter(({ report }) => !overtakenByPeriodEnd(report, now)).map(({ report }) => report.period.id),
  );
  const html = renderReportsIndexPage({
    displayName: account.displayName,
    timezone: account.timezone,
    entries: reports.map((linked) => indexEntry(linked, now)),
    formAction: signReportIndexLink({
      baseUrl: routes.baseUrl(c),
      account: account.name,
      expiresAt,
      generation: account.tokenGeneration,
      signingKey: await routes.signingKey(),
    }),
    suggestions: recentPeriods(account.timezone, now, built).map(offeredPeriod),
    linksExpireAt: expiresAt,
  });
  return c.html(html);
}

/**
 * `POST /reports/:account` with `period=<id>`, the form of the list of reports: the period's report,
 * built first when S3 has none (within the account's rebuild limit) or an outdated one of a period not
 * ended (outside it, see `limitRebuilds`); then a 303 back to the list, at the period's row. A complete
 * report already saved costs nothing and no rebuild.
 */
export async function buildFromForm(routes: RouteContext, c: Context<ReportApiEnv>): Promise<Response> {
  const { settings } = routes;
  const { account: name } = parseRouteInput(indexRouteParamsSchema, c.req.param());
  const account = routes.readableAccount(c, name);
  // From here on, a refusal's page leads back to the list the form was on.
  if (c.get('caller').kind === 'link') {
    const { pathname, search } = new URL(c.req.url);
    c.set(BACK_TO, `${pathname}${search}`);
  }
  // A body that is not a form (a broken multipart one) is the caller's mistake, not the API's failure.
  const body = await c.req.parseBody().catch(() => {
    throw new ReportApiError(400, 'invalid_request', 'the form could not be read');
  });
  const form = parseRouteInput(buildFormSchema, body);
  const period = resolveReportPeriod(account, form.period, settings.now());
  await routes.store.get(account, period, {
    refresh: false,
    beforeBuild: limitRebuilds(settings, account.name),
  });
  // Back to the list the form was on, not on to the report: a browser holds the redirects that follow a
  // form to the page's `form-action 'self'`, and the report's link ends at S3, another origin.
  const { pathname, search } = new URL(c.req.url);
  return c.redirect(`${routes.baseUrl(c)}${pathname}${search}#${reportAnchor(period)}`, 303);
}
