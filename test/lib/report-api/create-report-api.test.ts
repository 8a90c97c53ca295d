import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../lib/config';
import { InMemorySecretSource } from '../../../lib/delivery/secrets';
import { createReportApi } from '../../../lib/report-api';
import { expectError, type ReportApiHarness, startReportApiHarness, TOKEN } from './report-api-harness';

/**
 * What secureHeaders is set up to send, plus the caching rule. The policy lets in one style sheet, by its
 * hash (the pages' tests check it is the one they carry), and nothing else.
 */
const SECURITY_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': expect.stringMatching(
    /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]{43}='; form-action 'self'; base-uri 'none'; frame-ancestors 'none'$/,
  ),
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

function captureError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('createReportApi', () => {
  let h: ReportApiHarness;

  beforeAll(async () => {
    h = await startReportApiHarness();
  });

  afterAll(async () => {
    await h.close();
  });

  it('answers GET /health without credentials', async () => {
    const response = await h.get('/health', { token: null });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown route with a JSON 404', async () => {
    const message = await expectError(await h.get('/reports'), 404, 'not_found');
    expect(message).toBe(
      'no such route; the routes are GET /, GET /health, GET /reports/:account, POST /reports/:account, GET /reports/:account/:period, GET /reports/:account/:period/:file',
    );
    await expectError(await h.get('/reports/demo/2026-10/payments.csv/more'), 404, 'not_found');
  });

  it('answers 405 with the methods a route takes to another method', async () => {
    const ask = (path: string, method: string, accept = 'application/json') =>
      h.app.request(path, { method, headers: { Authorization: `Bearer ${TOKEN}`, Accept: accept } });
    const post = await ask('/reports/demo/2026-10', 'POST');
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(await expectError(post, 405, 'method_not_allowed')).toBe(
      'POST is not answered here; this route answers GET, HEAD',
    );
    // The list of reports takes its form; the others are read only.
    const cases = [
      ['/reports/demo', 'DELETE', 'GET, HEAD, POST'],
      ['/reports/demo/2026-10/payments.csv', 'PUT', 'GET, HEAD'],
      ['/health', 'POST', 'GET, HEAD'],
      ['/', 'OPTIONS', 'GET, HEAD'],
    ] as const;
    for (const [path, method, allow] of cases) {
      const response = await ask(path, method);
      expect({ path, allow: response.headers.get('allow') }).toEqual({ path, allow });
      await expectError(response, 405, 'method_not_allowed');
    }
    // A browser gets a page saying so.
    const page = await ask('/reports/demo/2026-10', 'PUT', 'text/html');
    expect(page.status).toBe(405);
    expect(await page.text()).toContain('<h1 class="title">This address cannot be used this way</h1>');
    // A path no route has is still not found, whatever the method.
    await expectError(await ask('/invoices', 'POST'), 404, 'not_found');
  });

  it('sends a GET with a slash at the end of its path to the path without it, query and all', async () => {
    const link = await h.get('/reports/demo/?expires=1900000000&signature=abc', { token: null });
    expect(link.status).toBe(301);
    expect(link.headers.get('location')).toBe(
      'http://localhost/reports/demo?expires=1900000000&signature=abc',
    );
    const file = await h.get('/reports/demo/2026-10/summary.json//');
    expect(file.headers.get('location')).toBe('http://localhost/reports/demo/2026-10/summary.json');
    // To the public URL, when one is set, rather than to the address the request reached.
    const app = createReportApi({ ...h.options, publicUrl: 'https://reports.example.com/' });
    const behindDomain = await app.request('/reports/demo/2026-10/', { method: 'HEAD' });
    expect(behindDomain.status).toBe(301);
    expect(behindDomain.headers.get('location')).toBe('https://reports.example.com/reports/demo/2026-10');
  });

  it('keeps the percent-encoding of a path with a slash at its end, control characters and all', async () => {
    // Worked out by hand: the path as sent, less its last slash; decoded, CR LF cannot be a header's value
    // and a non-ASCII letter would go out as a Latin-1 byte.
    const crlf = await h.get('/reports/demo%0D%0AX-Extra:%201/', { token: null });
    expect(crlf.status).toBe(301);
    expect(crlf.headers.get('location')).toBe('http://localhost/reports/demo%0D%0AX-Extra:%201');
    expect(crlf.headers.get('cache-control')).toBe('no-store');
    const accented = await h.get('/reports/d%C3%A9mo/?expires=1', { token: null });
    expect(accented.headers.get('location')).toBe('http://localhost/reports/d%C3%A9mo?expires=1');
    expect(h.logs.filter((line) => line.level === 'error')).toEqual([]);
  });

  it('answers 404 to a POST with a slash at the end, and sends an unknown path on to its own 404', async () => {
    const post = await h.app.request('/reports/demo/', {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    await expectError(post, 404, 'not_found');
    const unknown = await h.get('/nothing-here/');
    expect(unknown.headers.get('location')).toBe('http://localhost/nothing-here');
    await expectError(await h.get('/nothing-here'), 404, 'not_found');
  });

  it('sends the security headers and no-store on every kind of answer', async () => {
    const answers = {
      health: await h.get('/health'),
      json: await h.get('/reports/demo/2026-10'),
      redirect: await h.get('/reports/demo/2026-10/summary.json'),
      unauthorized: await h.get('/reports/demo/2026-10', { token: null }),
      invalid: await h.get('/reports/demo/2026-13'),
      notFound: await h.get('/nothing-here'),
    };
    expect(answers.redirect.status).toBe(302);
    for (const [kind, response] of Object.entries(answers)) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        expect({ kind, name, value: response.headers.get(name) }).toEqual({ kind, name, value });
      }
      expect(response.headers.get('x-powered-by')).toBeNull();
    }
  });

  describe('without valid credentials', () => {
    it('answers 401 with a Bearer challenge when there is no token', async () => {
      const response = await h.get('/reports/demo/2026-10', { token: null });
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="invoice-reports"');
      const message = await expectError(response, 401, 'unauthorized');
      expect(message).toBe('send a report API token as "Authorization: Bearer <token>"');
    });

    it('answers 401 to a wrong token', async () => {
      const response = await h.get('/reports/demo/2026-10', { token: 'not-the-token' });
      expect(response.headers.get('www-authenticate')).toBe(
        'Bearer realm="invoice-reports", error="invalid_token"',
      );
      const message = await expectError(response, 401, 'unauthorized');
      expect(message).toBe(
        'the token is not valid: send the operator token, or an account\'s own token from "npm run account-token" (locally, "npm start" prints both)',
      );
    });

    it('answers 401 to the token with one character more or less', async () => {
      await expectError(await h.get('/reports/demo/2026-10', { token: `${TOKEN}0` }), 401, 'unauthorized');
      await expectError(
        await h.get('/reports/demo/2026-10', { token: TOKEN.slice(0, -1) }),
        401,
        'unauthorized',
      );
    });

    it.each([
      ['another scheme', `Basic ${Buffer.from(`user:${TOKEN}`).toString('base64')}`],
      ['the bare token', TOKEN],
      ['a token with spaces', `Bearer ${TOKEN} extra`],
    ])('answers 401 (not 400) to an Authorization header with %s', async (_kind, header) => {
      const response = await h.get('/reports/demo/2026-10', {
        token: null,
        headers: { Authorization: header },
      });
      expect(response.headers.get('www-authenticate')).toBe(
        'Bearer realm="invoice-reports", error="invalid_token"',
      );
      const message = await expectError(response, 401, 'unauthorized');
      expect(message).toBe('the Authorization header must be "Bearer <token>"');
    });

    it('accepts the scheme in any case', async () => {
      const response = await h.get('/reports/demo/2026-10', {
        token: null,
        headers: { Authorization: `bearer ${TOKEN}` },
      });
      expect(response.status).toBe(200);
    });

    it('answers 401 before telling whether an account exists or the input is valid', async () => {
      const requestsBefore = h.serviceRequests.length;
      for (const path of [
        '/reports/globex/2026-10',
        '/reports/demo/2026-13',
        '/reports/globex/2026-10/payments.csv',
        '/reports/demo/2026-10/secrets.txt',
      ]) {
        await expectError(await h.get(path, { token: null }), 401, 'unauthorized');
        await expectError(await h.get(path, { token: 'wrong' }), 401, 'unauthorized');
      }
      expect(h.serviceRequests.length).toBe(requestsBefore);
    });

    it('answers 403 to a link for an unknown account rather than 404', async () => {
      await expectError(
        await h.get(`/reports/globex/2026-10/payments.csv?expires=9999999999&signature=${'a'.repeat(64)}`, {
          token: null,
        }),
        403,
        'invalid_signature',
      );
    });
  });

  it('refuses invalid options when it is made, naming each', () => {
    const make = () =>
      createReportApi({
        ...h.options,
        linkLifetimeDays: 0,
        publicUrl: 'ftp://x',
      });
    expect(make).toThrow(ConfigError);
    const error = captureError(make) as ConfigError;
    expect(error.issues.map((issue) => issue.path).sort()).toEqual(['linkLifetimeDays', 'publicUrl']);
  });

  it('answers 500 with a general message when the token cannot be read', async () => {
    const app = createReportApi({
      ...h.options,
      publish: { ...h.options.publish, secrets: new InMemorySecretSource() },
    });
    const response = await app.request('/reports/demo/2026-10', {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    await expectError(response, 500, 'configuration_error');
  });
});
