import { type Context, Hono } from 'hono';
import { defaultIsContentTypeBinary } from 'hono/aws-lambda';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import type { H } from 'hono/types';
import { verifyReportIndexLink, verifyReportLink } from '../delivery';
import { accessChecks, type ReportApiEnv } from './access';
import { errorResponse, ReportApiError, refusalResponse } from './errors';
import { pagesStyleSource, renderHomePage } from './pages';
import { type ReportApiOptions, routeContext } from './report-api-options';
import { answerReport, answerReportFile } from './report-route';
import { answerReportsIndex, buildFromForm } from './reports-index-route';

/**
 * The `isContentTypeBinary` for Hono's Lambda `handle`: the default plus CSV. The adapter sends text
 * through `Response.text()`, which drops a UTF-8 BOM; sent as base64, a CSV keeps the BOM Excel needs.
 */
export function isContentTypeBinary(contentType: string): boolean {
  return /^text\/csv\s*(?:;|$)/i.test(contentType) || defaultIsContentTypeBinary(contentType);
}

/** A form that asks for a period is a few dozen bytes. */
const MAX_FORM_BYTES = 4096;

/**
 * The report API as a Hono app, locally and on Lambda (routes in `docs/api.md`). Checks run credentials
 * (401; 403 for a link), path and query (400), account (404), then the period against the account's time
 * zone (400), so that without valid credentials a caller learns nothing about which accounts exist.
 */
export function createReportApi(options: ReportApiOptions): Hono<ReportApiEnv> {
  const routes = routeContext(options);
  const { settings } = routes;
  const refuse = (c: Context, refusal: ReportApiError) => refusalResponse(c, refusal, settings);
  const access = accessChecks(settings, refuse);
  const indexAccess = access.linkOrCredential(
    verifyReportIndexLink,
    'each report email brings a fresh one, and GET /reports/<account> with an API token answers',
  );
  const fileAccess = access.linkOrCredential(
    (query, c) =>
      verifyReportLink({ ...query, period: c.req.param('period'), fileName: c.req.param('file') }),
    'GET /reports/<account>/<period> with an API token answers with fresh links, as does the list of reports',
  );
  const formLimit = bodyLimit({
    maxSize: MAX_FORM_BYTES,
    onError: () => {
      throw new ReportApiError(413, 'invalid_request', 'the form is too large');
    },
  });
  /** Every route: its method, path and handlers; each `GET` answers `HEAD` too. */
  const table: Array<[method: 'GET' | 'POST', path: string, ...handlers: H<ReportApiEnv>[]]> = [
    ['GET', '/', (c) => c.html(renderHomePage())],
    ['GET', '/health', (c) => c.json({ status: 'ok' })],
    ['GET', '/reports/:account', indexAccess, (c) => answerReportsIndex(routes, c)],
    ['POST', '/reports/:account', indexAccess, formLimit, (c) => buildFromForm(routes, c)],
    ['GET', '/reports/:account/:period', access.credential, (c) => answerReport(routes, c)],
    ['GET', '/reports/:account/:period/:file', fileAccess, (c) => answerReportFile(routes, c)],
  ];
  // The routes as the 404 names them: `GET /, GET /health, GET /reports/:account, …`.
  const routeList = table.map(([method, path]) => `${method} ${path}`).join(', ');
  /** The methods the route at `path` answers, as `Allow` lists them (for a 405), or `undefined`. */
  const methodsAt = (path: string) => {
    // Each `:name` is one segment.
    const matches = (route: string) => new RegExp(`^${route.replaceAll(/:[a-z]+/g, '[^/]+')}$`).test(path);
    const methods = table.filter(([, route]) => matches(route)).map(([method]) => method);
    return methods.length === 0
      ? undefined
      : methods.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])).join(', ');
  };

  const app = new Hono<ReportApiEnv>();
  app.use(
    secureHeaders({
      // The pages' one style sheet, by its hash; nothing else loads, runs or frames them.
      contentSecurityPolicy: {
        defaultSrc: ["'none'"],
        styleSrc: [pagesStyleSource()],
        formAction: ["'self'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
      },
      xFrameOptions: 'DENY',
    }),
  );
  // Answers are per caller and links expire: nothing may be kept by a browser or a proxy.
  app.use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  for (const [method, path, ...handlers] of table) app.on(method, [path], ...handlers);

  app.notFound((c) => {
    // The path as sent, still percent-encoded: `c.req.path` is decoded, and a `%0D%0A` or a non-ASCII
    // letter in it cannot be a `Location` (a 500) or goes out as a Latin-1 byte.
    const { pathname: path, search } = new URL(c.req.url);
    // `/reports/demo/` is `/reports/demo`: a link pasted or typed with a slash at its end still opens.
    // Written here rather than with Hono's trimTrailingSlash, which redirects to the request's own host
    // (behind a custom domain, the function's address) where this keeps to the public one.
    if (path.length > 1 && path.endsWith('/') && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
      return c.redirect(`${routes.baseUrl(c)}${path.replace(/\/+$/, '')}${search}`, 301);
    }
    const allowed = methodsAt(path);
    if (allowed !== undefined) {
      const message = `${c.req.method} is not answered here; this route answers ${allowed}`;
      return refuse(c, new ReportApiError(405, 'method_not_allowed', message, { Allow: allowed }));
    }
    return refuse(c, new ReportApiError(404, 'not_found', `no such route; the routes are ${routeList}`));
  });
  app.onError((error, c) => errorResponse(error, c, settings.logger, refuse));
  return app;
}
