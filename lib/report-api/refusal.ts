import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { errorBody, type ReportApiErrorCode } from './api-error';
import { wantsHtml } from './negotiation';
import { type ErrorPageContext, renderErrorPage } from './pages';

/** What the API answers when it refuses a request. */
export interface Refusal {
  status: ContentfulStatusCode;
  code: ReportApiErrorCode;
  /** For a program; a page says it in its own words. */
  message: string;
  /** Such as `Retry-After` or `WWW-Authenticate`. */
  headers?: Readonly<Record<string, string>>;
}

/** What a refusal's page needs to know beyond the refusal: how long links last, how often reports are rebuilt. */
export type RefusalPages = Pick<ErrorPageContext, 'linkLifetimeDays' | 'rebuildIntervalSeconds'>;

/** The context variable in which a route leaves the address of the list of reports the visitor came from. */
export const BACK_TO = 'backTo';

/**
 * A refusal as the caller wants it: an HTML page that says what happened and what to do for a browser
 * (`Accept: text/html`), `{"error":{"code","message"}}` for a program; the same status and headers
 * either way.
 */
export function refusalResponse(c: Context, refusal: Refusal, pages: RefusalPages): Response {
  const headers = { ...refusal.headers };
  if (!wantsHtml(c)) return c.json(errorBody(refusal.code, refusal.message), refusal.status, headers);
  const retryAfter = Number(headers['Retry-After']);
  const backTo = c.get(BACK_TO) as string | undefined;
  const html = renderErrorPage(refusal, {
    linkLifetimeDays: pages.linkLifetimeDays,
    rebuildIntervalSeconds: pages.rebuildIntervalSeconds,
    // The one form of the API posts to the list of reports.
    fromForm: c.req.method === 'POST',
    ...(Number.isInteger(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
    ...(backTo === undefined ? {} : { backTo }),
  });
  return c.html(html, refusal.status, headers);
}
