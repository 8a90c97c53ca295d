import { type Context, Hono } from 'hono';
import { defaultIsContentTypeBinary } from 'hono/aws-lambda';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { verifyReportIndexLink, verifyReportLink } from '../delivery';
import {
  type CredentialOptions,
  type ReportApiEnv,
  requireCredential,
  requireLinkOrCredential,
} from './access';
import { errorResponse, ReportApiError, refusalResponse } from './errors';
import { pagesStyleSource, renderHomePage } from './pages';
import { type ReportApiOptions, readReportApiOptions, routeContext } from './report-api-options';
import { answerReport, answerReportFile } from './report-route';
import { answerReportsIndex, buildFromForm } from './reports-index-route';

/**
 * The `isContentTypeBinary` for Hono's Lambda `handle`: the default plus CSV. The adapter sends text
 * through `Response.text()`, which drops a UTF-8 BOM; sent as base64, a CSV keeps the BOM Excel needs.
 */
export function isContentTypeBinary(contentType: string): boolean {
  return /^text\/csv\s*(?:;|$)/i.test(contentType) || defaultIsContentTypeBinary(contentType);
}

/** Every route's path and the methods it takes; each `GET` answers `HEAD` too. */
const ROUTE_TABLE = [
  ['/', ['GET']],
  ['/health', ['GET']],
  ['/reports/:account', ['GET', 'POST']],
  ['/reports/:account/:period', ['GET']],
  ['/reports/:account/:period/:file', ['GET']],
] as const;

/** The routes as the 404 names them: `GET /, GET /health, GET /reports/:account, …`. */
const ROUTES = ROUTE_TABLE.flatMap(([path, methods]) => methods.map((method) => `${method} ${path}`)).join(
  ', ',
);

/** The methods the route at `path` answers, as `Allow` lists them (for a 405), or `undefined`. */
function methodsAt(path: string): string | undefined {
  // Each `:name` is one segment.
  const route = ROUTE_TABLE.find(([route]) =>
    new RegExp(`^${route.replaceAll(/:[a-z]+/g, '[^/]+')}$`).test(path),
  );
  return route?.[1].flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method])).join(', ');
}

/** A form that asks for a period is a few dozen bytes. */
const MAX_FORM_BYTES = 4096;

/**
 * The report API as a Hono app, the same locally (`@hono/node-server`) and on Lambda (`handle`); its
 * routes are DESIGN.md's (`docs/api.md`), plus `POST /reports/:account` with `period=<id>`, the list's
 * form, which builds a period and redirects back to the list at its row.
 * Checks run in this order: credentials (401, or 403 for a link), then the path and query (400), then the
 * account (404), then the period against the account's time zone (400 for one not begun), so that
 * without valid credentials a caller learns nothing about which accounts exist. Every answer carries
 * security headers and `Cache-Control: no-store`.
 * @throws ConfigError for invalid options
 */
export function createReportApi(options: ReportApiOptions): Hono<ReportApiEnv> {
  const settings = readReportApiOptions(options);
  const { publish, logger, now } = settings;
  const routes = routeContext(settings);
  // Looked up by name for every token and link a caller sends: a map takes as long whichever account a
  // forged one names, where a search through the list would say how far down the list the account is.
  const generations = new Map(settings.accounts.map((account) => [account.name, account.tokenGeneration]));
  /** The generation a link to the account its path names is checked with (see `linkGenerationLines`). */
  const linkGeneration = (c: Context) => generations.get(c.req.param('account') ?? '') ?? 1;
  const refuse = (c: Context, refusal: ReportApiError) => refusalResponse(c, refusal, settings);
  const credentials: CredentialOptions = {
    secrets: publish.secrets,
    operatorTokenSecretName: settings.reportApiTokenSecretName,
    accountTokenKeySecretName: settings.accountTokenKeySecretName,
    generationOf: (name) => generations.get(name),
    refuse,
  };
  const linkAccess = {
    ...credentials,
    linkSigningKeySecretName: settings.linkSigningKeySecretName,
    now,
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

  app.get('/', (c) => c.html(renderHomePage()));
  app.get('/health', (c) => c.json({ status: 'ok' }));

  const indexAccess = requireLinkOrCredential({
    ...linkAccess,
    verify: (c, query) =>
      verifyReportIndexLink({ account: c.req.param('account'), generation: linkGeneration(c), ...query }),
    freshLinks: 'each report email brings a fresh one, and GET /reports/<account> with an API token answers',
  });
  app.get('/reports/:account', indexAccess, (c) => answerReportsIndex(routes, c));
  app.post(
    '/reports/:account',
    indexAccess,
    bodyLimit({
      maxSize: MAX_FORM_BYTES,
      onError: () => {
        throw new ReportApiError(413, 'invalid_request', 'the form is too large');
      },
    }),
    (c) => buildFromForm(routes, c),
  );

  app.get('/reports/:account/:period', requireCredential(credentials), (c) => answerReport(routes, c));

  app.get(
    '/reports/:account/:period/:file',
    requireLinkOrCredential({
      ...linkAccess,
      verify: (c, query) =>
        verifyReportLink({
          account: c.req.param('account'),
          period: c.req.param('period'),
          fileName: c.req.param('file'),
          generation: linkGeneration(c),
          ...query,
        }),
      freshLinks:
        'GET /reports/<account>/<period> with an API token answers with fresh links, as does the list of reports',
    }),
    (c) => answerReportFile(routes, c),
  );

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
    return refuse(c, new ReportApiError(404, 'not_found', `no such route; the routes are ${ROUTES}`));
  });
  app.onError((error, c) => errorResponse(error, c, logger, refuse));
  return app;
}
