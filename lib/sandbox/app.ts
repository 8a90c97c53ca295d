import type { Context } from 'hono';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZoneDays } from '../period';
import { DatasetSource } from './dataset-source';
import { errorBody, SandboxRequestError } from './error-body';
import { countedExtraPaid } from './extra-paid';
import { faults } from './faults';
import { GeneratedSource } from './generated-source';
import { answerText } from './json-answer';
import { latency } from './latency';
import { resolveSandboxOptions, type SandboxOptions } from './options';
import { SandboxQueries } from './queries';
import { arrangeForRequest } from './record-order';
import {
  invoiceListParamsSchema,
  paymentListParamsSchema,
  readParams,
  statisticsParamsSchema,
} from './request-params';
import { tokenAuth } from './token-auth';

const ROUTES = ['/statistics/invoices', '/invoices/list', '/payments/list'];
const JSON_CONTENT_TYPE = { 'Content-Type': 'application/json' };

/**
 * The sandbox as a Hono app, routes at the root: `POST /statistics/invoices`, `POST /invoices/list`,
 * `POST /payments/list`. Every answer waits `latencyMs`; then a share of requests gets a fault; then the
 * key is checked; then the form fields. All three endpoints read `startDate`/`endDate` one way (the
 * options' date zone and `endDate` reading), so the statistics cover exactly what the lists return.
 * @example const res = await createSandboxApp({ now: new Date('2026-11-15T12:00:00Z') })
 *   .request('/invoices/list', { method: 'POST', headers: { Authorization: 'Token sandbox-key' } });
 */
export function createSandboxApp(options: SandboxOptions = {}): Hono {
  const settings = resolveSandboxOptions(options);
  const dateDays = new ZoneDays(settings.dateZone);
  const statisticsDays = settings.statsDayKeys === 'utc' ? new ZoneDays('UTC') : dateDays;
  const source = settings.dataset
    ? new DatasetSource(settings.dataset, statisticsDays)
    : new GeneratedSource({
        seed: settings.seed,
        paidPerMonth: settings.paidPerMonth,
        now: settings.now,
        unmatchedCases: settings.unmatchedCases,
        statisticsDays,
      });
  const queries = new SandboxQueries(source, {
    dates: { days: dateDays, endDate: settings.endDate },
    statisticsDays,
    order: settings.order,
    seed: settings.seed,
    extraPaid: countedExtraPaid(settings.statsExtraPaid, source.mainProjectId),
  });
  let listRequests = 0;
  const page = <T>(list: readonly T[], offset: number, limit: number): T[] =>
    arrangeForRequest(list, settings.order, settings.seed, ++listRequests).slice(
      offset,
      offset + Math.min(limit, settings.maxLimit),
    );
  // `exact`: statistics are small and may hold sums of any length; a dataset may hold lossless numbers.
  const success = (c: Context, data: unknown, exact: boolean) => {
    const text = answerText(
      { result: 'success', data },
      { numbersAsStrings: settings.numbersAsStrings, exact },
    );
    return c.body(text, 200, JSON_CONTENT_TYPE);
  };
  const exactLists = settings.dataset !== undefined;

  const app = new Hono();
  if (settings.latencyMs > 0) app.use(latency(settings.latencyMs));
  if (settings.faultRate > 0) {
    app.use(
      faults({
        rate: settings.faultRate,
        seed: settings.seed,
        retryAfterSeconds: settings.retryAfterSeconds,
      }),
    );
  }
  app.use(tokenAuth(settings.apiKey));

  app.post('/statistics/invoices', async (c) => {
    const params = await readParams(c, statisticsParamsSchema);
    return success(c, queries.statistics(params), true);
  });
  app.post('/invoices/list', async (c) => {
    const { offset, limit, ...filter } = await readParams(c, invoiceListParamsSchema);
    const data = page(queries.invoices(filter), offset, limit);
    settings.onPageServed?.({ endpoint: '/invoices/list', filter, offset, records: data.length });
    return success(c, data, exactLists);
  });
  app.post('/payments/list', async (c) => {
    const { offset, limit, ...filter } = await readParams(c, paymentListParamsSchema);
    const data = page(queries.payments(filter), offset, limit);
    settings.onPageServed?.({ endpoint: '/payments/list', filter, offset, records: data.length });
    return success(c, data, exactLists);
  });
  for (const route of ROUTES) {
    app.all(route, (c) =>
      c.json(errorBody('method_not_allowed', `use POST ${route}`), 405, { Allow: 'POST' }),
    );
  }

  app.notFound((c) =>
    c.json(errorBody('not_found', `no such endpoint; the endpoints are POST ${ROUTES.join(', ')}`), 404),
  );
  app.onError((error, c) => {
    if (error instanceof SandboxRequestError)
      return c.json(errorBody(error.code, error.message), error.status);
    if (error instanceof HTTPException) return error.getResponse();
    // The details go to the sandbox's own stderr, never into the answer.
    console.error('sandbox: failed to answer', c.req.path, error);
    return c.json(errorBody('internal_error', 'the sandbox failed to answer'), 500);
  });
  return app;
}
