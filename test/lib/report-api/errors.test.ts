import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../lib/config';
import { CorruptObjectError, SigningKeyError } from '../../../lib/delivery';
import { SecretError } from '../../../lib/delivery/secrets';
import {
  InvoicingAnswerTooLargeError,
  InvoicingApiError,
  InvoicingAuthenticationError,
  InvoicingListOrderError,
  InvoicingNetworkError,
  InvoicingParameterError,
  InvoicingProtocolError,
  InvoicingRateLimitError,
  InvoicingServerError,
  InvoicingTimeoutError,
  InvoicingValidationError,
} from '../../../lib/invoicing';
import { ReportRequestError } from '../../../lib/period';
import { ReportApiError, type ReportApiLogger } from '../../../lib/report-api';
import {
  describeInvoicingFailure,
  errorResponse,
  refusalResponse,
  wantsHtml,
} from '../../../lib/report-api/errors';

const KEY = 'ak_live_do_not_show_0123456789';
const CONFIGURATION_MESSAGE =
  'the report API is not configured correctly; its operator will find the details in its log';

/** Throws `error` from a route and answers through `errorResponse`, keeping what was logged. */
async function answerFor(error: Error) {
  const logged: { message: string; attributes: Record<string, unknown> }[] = [];
  const logger: ReportApiLogger = {
    info: () => {},
    error: (message, attributes) => logged.push({ message, attributes }),
  };
  const app = new Hono();
  app.get('/reports/:account/:month', () => {
    throw error;
  });
  app.onError((thrown, c) =>
    errorResponse(thrown, c, logger, (context, refusal) =>
      refusalResponse(context, refusal, { linkLifetimeDays: 30, rebuildIntervalSeconds: 60 }),
    ),
  );
  const response = await app.request('/reports/acme/2026-10?expires=1&signature=abc');
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as unknown, text, logged };
}

describe('errorResponse', () => {
  it.each<[string, Error, number, string, string]>([
    [
      'a refusal of the routes',
      new ReportApiError(404, 'unknown_account', 'there is no account "x"'),
      404,
      'unknown_account',
      'there is no account "x"',
    ],
    [
      'a bad report request',
      new ReportRequestError('2026-12 has not begun yet in UTC'),
      400,
      'invalid_request',
      '2026-12 has not begun yet in UTC',
    ],
    [
      'a refused API key',
      new InvoicingAuthenticationError(
        `The invoicing service refused the API key (HTTP 403 from /invoices/list): key ${KEY}`,
        {
          endpoint: '/invoices/list',
          status: 403,
          bodyExcerpt: `key ${KEY}`,
        },
      ),
      502,
      'invoicing_authentication_failed',
      "the invoicing service refused the account's API key (HTTP 403)",
    ],
    [
      'a server failure',
      new InvoicingServerError('The invoicing service failed (HTTP 503 from /payments/list): down', {
        endpoint: '/payments/list',
        status: 503,
        requestId: 'req-42',
      }),
      502,
      'invoicing_failed',
      'the invoicing service failed on /payments/list (HTTP 503); its request id was req-42',
    ],
    [
      'rate limiting',
      new InvoicingRateLimitError('rate limited', { endpoint: '/invoices/list', status: 429 }),
      502,
      'invoicing_failed',
      'the invoicing service kept rate limiting requests on /invoices/list; try again later',
    ],
    [
      'a timeout',
      new InvoicingTimeoutError('timed out', { endpoint: '/statistics/invoices', timeoutMs: 30000 }),
      502,
      'invoicing_failed',
      'the invoicing service did not answer on /statistics/invoices within 30000 ms',
    ],
    [
      'a network failure',
      new InvoicingNetworkError(`failed (connect ECONNREFUSED https://user:${KEY}@api.example.com)`, {
        endpoint: '/invoices/list',
      }),
      502,
      'invoicing_failed',
      'the invoicing service could not be reached on /invoices/list',
    ],
    [
      'an answer that breaks the protocol',
      new InvoicingProtocolError('unexpected', { endpoint: '/invoices/list', status: 302 }),
      502,
      'invoicing_failed',
      'the invoicing service answered something unexpected on /invoices/list (HTTP 302)',
    ],
    [
      'an answer that breaks the schema',
      new InvoicingValidationError('invalid', {
        endpoint: '/payments/list',
        issues: [
          'data[3].amount: expected number or numeric string',
          'data[4].hash: missing (expected string)',
        ],
      }),
      502,
      'invoicing_failed',
      'the invoicing service answered data that does not match its interface on /payments/list',
    ],
    [
      'any other failure of the client',
      new InvoicingApiError('odd'),
      502,
      'invoicing_failed',
      'the invoicing service failed',
    ],
    [
      'an unusable API key',
      new InvoicingParameterError('Invalid invoicing client options: apiKey: expected printable ASCII', {
        issues: ['apiKey: expected printable ASCII without spaces'],
      }),
      500,
      'configuration_error',
      CONFIGURATION_MESSAGE,
    ],
    [
      'a secret that cannot be read',
      new SecretError('invoice-reports/link-signing-key', 'AccessDeniedException'),
      500,
      'configuration_error',
      CONFIGURATION_MESSAGE,
    ],
    [
      'a bad configuration',
      new ConfigError('Invalid runtime environment', [{ path: 'REPORT_BUCKET', message: 'missing' }]),
      500,
      'configuration_error',
      CONFIGURATION_MESSAGE,
    ],
    [
      'a short signing key',
      new SigningKeyError('the link signing key is 8 bytes'),
      500,
      'configuration_error',
      CONFIGURATION_MESSAGE,
    ],
    [
      'a corrupt object',
      new CorruptObjectError('reports/acme/2026-10/manifest.json', 'not JSON'),
      500,
      'internal_error',
      'internal error',
    ],
    [
      'a plain error',
      new TypeError(`Cannot read properties of undefined; key ${KEY}`),
      500,
      'internal_error',
      'internal error',
    ],
  ])('answers %s', async (_kind, error, status, code, message) => {
    const answer = await answerFor(error);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ error: { code, message } });
    expect(answer.text).not.toContain(KEY);
    expect(answer.text).not.toContain('    at ');
  });

  it('logs a failure that is not the caller’s, with the error, the path and no query', async () => {
    const error = new SecretError('invoice-reports/link-signing-key', 'ResourceNotFoundException', {
      cause: new Error('Secrets Manager can’t find the specified secret.'),
    });
    const { logged } = await answerFor(error);
    expect(logged).toEqual([
      {
        message: 'report API request failed',
        attributes: {
          method: 'GET',
          path: '/reports/acme/2026-10',
          status: 500,
          code: 'configuration_error',
          error: {
            name: 'SecretError',
            message: 'cannot read secret "invoice-reports/link-signing-key": ResourceNotFoundException',
            cause: { name: 'Error', message: 'Secrets Manager can’t find the specified secret.' },
          },
        },
      },
    ]);
    expect(JSON.stringify(logged)).not.toContain('signature');
  });

  it('logs the stack of an unexpected error, which nothing else would log', async () => {
    const error = new TypeError('Cannot read properties of undefined');
    const { logged } = await answerFor(error);
    expect(logged[0]?.attributes.code).toBe('internal_error');
    expect(logged[0]?.attributes.stack).toBe(error.stack);
  });

  it('does not log a caller’s mistake', async () => {
    const { logged } = await answerFor(new ReportApiError(400, 'invalid_request', 'month must be YYYY-MM'));
    expect(logged).toEqual([]);
  });

  it('answers Hono’s own exceptions as JSON, hiding the message of a 5xx', async () => {
    const client = await answerFor(new HTTPException(413, { message: 'body too large' }));
    expect(client.status).toBe(413);
    expect(client.body).toEqual({ error: { code: 'invalid_request', message: 'body too large' } });
    const server = await answerFor(new HTTPException(503, { message: 'pool exhausted at db.internal:5432' }));
    expect(server.status).toBe(503);
    expect(server.body).toEqual({ error: { code: 'internal_error', message: 'internal error' } });
  });
});

/** Text a hostile service could send back; none of it may reach an answer of the report API. */
const SERVICE_TEXT = '<script>alert(1)</script> sk_live\\/AbC+123';

describe('describeInvoicingFailure', () => {
  it.each<[string, InvoicingApiError, string]>([
    [
      'data that does not match, without the field the service named',
      new InvoicingValidationError(`invalid: ${SERVICE_TEXT}`, {
        endpoint: '/statistics/invoices',
        status: 200,
        bodyExcerpt: SERVICE_TEXT,
        requestId: 'req-7',
        issues: [`data.invoicesByProjects["${SERVICE_TEXT}"]: expected a number`],
      }),
      'the invoicing service answered data that does not match its interface on /statistics/invoices; its request id was req-7',
    ],
    [
      'an answer past the size limit',
      new InvoicingAnswerTooLargeError(`too large: ${SERVICE_TEXT}`, {
        endpoint: '/invoices/list',
        status: 200,
        maxBytes: 16 * 1024 * 1024,
      }),
      'the invoicing service answered more than the 16 MiB read at once on /invoices/list',
    ],
    [
      'an answer that is not JSON',
      new InvoicingProtocolError(`not JSON: ${SERVICE_TEXT}`, {
        endpoint: '/payments/list',
        status: 200,
        bodyExcerpt: SERVICE_TEXT,
      }),
      'the invoicing service answered something unexpected on /payments/list (HTTP 200)',
    ],
    [
      'a list read in a different order at each request',
      new InvoicingListOrderError(`listed in a different order: ${SERVICE_TEXT}`, {
        endpoint: '/payments/list',
      }),
      'the invoicing service listed records in a different order at each request on /payments/list, so the list could not be read whole; try again later',
    ],
    [
      'a server failure with an excerpt',
      new InvoicingServerError(`failed: ${SERVICE_TEXT}`, {
        endpoint: '/payments/list',
        status: 500,
        bodyExcerpt: SERVICE_TEXT,
      }),
      'the invoicing service failed on /payments/list (HTTP 500)',
    ],
  ])('names %s in its own words', (_, error, expected) => {
    const message = describeInvoicingFailure(error);

    expect(message).toBe(expected);
    expect(message).not.toContain('AbC');
  });
});

const app = new Hono().get('/', (c) => c.text(wantsHtml(c) ? 'html' : 'json'));
const answerTo = async (accept?: string) =>
  (await app.request('/', { headers: accept === undefined ? {} : { Accept: accept } })).text();

describe('wantsHtml', () => {
  it.each([
    ['Chromium and Firefox', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'html'],
    ['an image request', 'image/avif,image/webp,*/*;q=0.8', 'json'],
    ['a program asking for JSON', 'application/json', 'json'],
    ['curl', '*/*', 'json'],
    ['a client preferring JSON', 'text/html;q=0.5, application/json', 'json'],
    ['a client preferring HTML', 'application/json;q=0.5, text/html', 'html'],
    ['any text', 'text/*', 'html'],
  ])('answers %s (%s) with %s', async (_client, accept, expected) => {
    expect(await answerTo(accept)).toBe(expected);
  });

  it('answers JSON to a request without Accept', async () => {
    expect(await answerTo()).toBe('json');
  });
});
