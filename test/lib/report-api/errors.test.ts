import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../lib/config';
import { CorruptObjectError, SigningKeyError } from '../../../lib/delivery';
import { SecretError } from '../../../lib/delivery/secrets';
import {
  InvoicingApiError,
  InvoicingAuthenticationError,
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
import { errorResponse, refusalResponse } from '../../../lib/report-api/errors';

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
