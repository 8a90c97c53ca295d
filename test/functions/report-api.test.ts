import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toRuntimeEnv } from '../../lib/config';
import { signReportIndexLink } from '../../lib/delivery';
import { type RunningEmulator, startS3Emulator } from '../../lib/local/emulators';
import { localDemoConfig } from '../../lib/local/settings';
import { type RunningSandbox, startSandbox } from '../../lib/sandbox';
import { functionUrlEvent } from '../fixtures/function-url-event';
import fixture from '../fixtures/function-url-event.json';
import { type RuntimeConfigFile, writeRuntimeConfigFile } from '../support/runtime-config-file';
import { type SecretsManagerStandIn, startSecretsManagerStandIn } from '../support/secrets-manager-stand-in';

const BUCKET = 'invoice-reports-function-test';
const TOKEN = 'rpt_function_test_token_7c4e1a9b';
const SIGNING_KEY = 'function-test-signing-key-0123456789abcdef';
const ACCOUNT_TOKEN_KEY = 'function-test-account-token-key-0123456789';
const API_KEY = 'sandbox-key-function-test';
const ORIGIN = `https://${fixture.requestContext.domainName}`;

type Handler = typeof import('../../functions/report-api')['handler'];
type HandlerResult = Awaited<ReturnType<Handler>>;

/** The month before the current one in UTC: the sandbox has it in full, whatever today is. */
function previousMonth(now = new Date()): string {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return first.toISOString().slice(0, 7);
}

function bodyJson(result: HandlerResult): { [key: string]: unknown } {
  expect(result.isBase64Encoded).toBe(false);
  return JSON.parse(result.body) as { [key: string]: unknown };
}

function expectSecurityHeaders(result: HandlerResult): void {
  expect(result.headers).toMatchObject({
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'strict-transport-security': 'max-age=15552000; includeSubDomains',
    'content-security-policy': expect.stringMatching(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]{43}='; form-action 'self'; base-uri 'none'; frame-ancestors 'none'$/,
    ),
  });
}

function expectErrorResult(result: HandlerResult, status: number, code: string): void {
  expect(result.statusCode).toBe(status);
  expect(result.headers?.['content-type']).toMatch(/^application\/json/);
  expectSecurityHeaders(result);
  const body = bodyJson(result) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  for (const secret of [TOKEN, SIGNING_KEY, ACCOUNT_TOKEN_KEY, API_KEY])
    expect(result.body).not.toContain(secret);
  expect(result.body).not.toMatch(/\n\s+at /);
}

describe('functions/report-api handler (Function URL events)', () => {
  const month = previousMonth();
  let workDir: string;
  let s3: RunningEmulator;
  let sandbox: RunningSandbox;
  let secretsManager: SecretsManagerStandIn;
  let configFile: RuntimeConfigFile;
  let handler: Handler;
  let files: Record<string, string>;
  /** What the function printed through `console.log`: its EMF metric lines. */
  let emfLines: string[];

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'report-api-function-'));
    s3 = await startS3Emulator({ port: 0, directory: join(workDir, 's3'), buckets: [BUCKET] });
    sandbox = await startSandbox({ port: 0, apiKey: API_KEY });
    secretsManager = await startSecretsManagerStandIn();
    const config = localDemoConfig({ apiUrl: sandbox.url });
    secretsManager.secrets.set(config.reportApiTokenSecretName, { string: TOKEN });
    secretsManager.secrets.set(config.linkSigningKeySecretName, { string: SIGNING_KEY });
    secretsManager.secrets.set(config.accountTokenKeySecretName, { string: ACCOUNT_TOKEN_KEY });
    secretsManager.secrets.set(config.accounts[0]!.apiKeySecretName, { string: `${API_KEY}\n` });

    // As the stack sets the function's environment, its configuration file in the function's folder,
    // with the endpoints pointed at the local stand-ins.
    configFile = writeRuntimeConfigFile(config);
    for (const [name, value] of Object.entries(toRuntimeEnv({ bucket: BUCKET }))) vi.stubEnv(name, value);
    vi.stubEnv('LAMBDA_TASK_ROOT', configFile.folder);
    vi.stubEnv('AWS_REGION', 'eu-west-1');
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDLOCALTEST');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'local-test-secret');
    vi.stubEnv('AWS_SESSION_TOKEN', '');
    vi.stubEnv('AWS_ENDPOINT_URL_S3', s3.endpoint);
    vi.stubEnv('AWS_ENDPOINT_URL_SECRETS_MANAGER', secretsManager.endpoint);
    vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'SILENT');
    // Metrics on, written through the global console (Powertools' dev mode), where a spy keeps them
    // out of the test's output and a test reads them.
    emfLines = [];
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => {
      emfLines.push(String(line));
    });
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
    vi.stubEnv('POWERTOOLS_DEV', 'true');
    vi.stubEnv('TMPDIR', workDir);
    ({ handler } = await import('../../functions/report-api'));
  });

  afterAll(async () => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    configFile?.remove();
    await secretsManager?.close();
    await sandbox?.close();
    await s3?.close();
    await rm(workDir, { recursive: true, force: true });
  });

  it('counts each answer by its status class, as an EMF metric', async () => {
    emfLines.length = 0;
    await handler(functionUrlEvent({ path: '/health' }));
    await handler(functionUrlEvent({ path: '/reports/demo' }));
    const answers = emfLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.ReportApiAnswers !== undefined);
    expect(answers.map((line) => [line.statusClass, line.ReportApiAnswers])).toEqual([
      ['2xx', 1],
      ['4xx', 1],
    ]);
  });

  it('answers GET /health', async () => {
    const result = await handler(functionUrlEvent({ path: '/health' }));
    expect(result.statusCode).toBe(200);
    expect(result.headers?.['content-type']).toMatch(/^application\/json/);
    expectSecurityHeaders(result);
    expect(bodyJson(result)).toEqual({ status: 'ok' });
  });

  it('builds the month’s report and answers JSON with links on the function’s own URL', async () => {
    const result = await handler(
      functionUrlEvent({ path: `/reports/demo/${month}`, headers: { authorization: `Bearer ${TOKEN}` } }),
    );
    expect(result.statusCode).toBe(200);
    expect(result.headers?.['content-type']).toBe('application/json');
    expectSecurityHeaders(result);
    const answer = bodyJson(result) as {
      account: string;
      period: string;
      month: string;
      summary: { period: { month: string; timezone: string }; source: { apiUrl: string } };
      files: Record<string, string>;
    };
    expect(answer.account).toBe('demo');
    expect(answer.period).toBe(month);
    expect(answer.month).toBe(month);
    expect(answer.summary.period).toMatchObject({ month, timezone: 'UTC' });
    expect(answer.summary.source).toEqual({ apiUrl: sandbox.url });
    expect(Object.keys(answer.files).sort()).toEqual([
      'paid-invoices.csv',
      'payments.csv',
      'report.html',
      'report.xlsx',
      'summary.json',
      'unmatched-payments.csv',
    ]);
    for (const [fileName, link] of Object.entries(answer.files)) {
      expect(link).toMatch(
        new RegExp(
          `^${ORIGIN.replaceAll('.', '\\.')}/reports/demo/${month}/${fileName.replace('.', '\\.')}\\?expires=\\d+&signature=[0-9a-f]{64}$`,
        ),
      );
    }
    files = answer.files;
  });

  it('redirects a signed link to a presigned S3 URL whose CSV keeps its BOM', async () => {
    const link = new URL(files['paid-invoices.csv']!);
    const result = await handler(functionUrlEvent({ path: `${link.pathname}${link.search}` }));
    expect(result.statusCode).toBe(302);
    expectSecurityHeaders(result);
    const location = String(result.headers?.location);
    // The file of the build the month's manifest names.
    const builds = `${s3.endpoint}/${BUCKET}/reports/demo/${month}/builds/`;
    expect(location.startsWith(builds)).toBe(true);
    expect(location.slice(builds.length)).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{12}\/paid-invoices\.csv\?/);
    const file = await fetch(location);
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(
      bytes.subarray(3).toString('utf8').startsWith('invoice_id,invoice_uid,project_id,created_at,'),
    ).toBe(true);
  });

  // Which periods are refused is the route's to test (report-route.test.ts); here, the handler's 400.
  it.each(['2026-13', '0099-12', '2999-01'])(
    'answers 400 to the malformed, out-of-range or not yet begun period %s',
    async (period) => {
      const result = await handler(
        functionUrlEvent({ path: `/reports/demo/${period}`, headers: { authorization: `Bearer ${TOKEN}` } }),
      );
      expectErrorResult(result, 400, 'invalid_request');
    },
  );

  it('answers 401 with a challenge to a request without a token', async () => {
    const result = await handler(functionUrlEvent({ path: `/reports/demo/${month}` }));
    expectErrorResult(result, 401, 'unauthorized');
    expect(result.headers?.['www-authenticate']).toBe('Bearer realm="invoice-reports"');
  });

  it('answers 403 to a link whose signature was changed', async () => {
    const link = new URL(files['payments.csv']!);
    const signature = link.searchParams.get('signature')!;
    link.searchParams.set('signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
    const result = await handler(functionUrlEvent({ path: `${link.pathname}${link.search}` }));
    expectErrorResult(result, 403, 'invalid_signature');
    expect(result.body).not.toContain(signature);
  });

  it('answers 404 to an unknown account', async () => {
    const result = await handler(
      functionUrlEvent({ path: `/reports/globex/${month}`, headers: { authorization: `Bearer ${TOKEN}` } }),
    );
    expectErrorResult(result, 404, 'unknown_account');
  });

  it('answers GET / with a page about the service', async () => {
    const result = await handler(functionUrlEvent({ path: '/' }));
    expect(result.statusCode).toBe(200);
    expect(result.headers?.['content-type']).toBe('text/html; charset=UTF-8');
    expectSecurityHeaders(result);
    expect(result.body).toContain('<h1 class="title">Invoice and payment reports</h1>');
  });

  it("lists an account's reports to its own token, and answers another account as an unknown one", async () => {
    const token = `acct_demo_${createHmac('sha256', ACCOUNT_TOKEN_KEY).update('account-token-v1\ndemo\n1').digest('base64url')}`;
    const own = await handler(
      functionUrlEvent({ path: '/reports/demo', headers: { authorization: `Bearer ${token}` } }),
    );
    expect(own.statusCode).toBe(200);
    const answer = bodyJson(own) as { reports: Array<{ period: string }> };
    expect(answer.reports.map((report) => report.period)).toEqual([month]);
    const other = await handler(
      functionUrlEvent({ path: '/reports/demo-tokyo', headers: { authorization: `Bearer ${token}` } }),
    );
    const unknown = await handler(
      functionUrlEvent({ path: '/reports/globex', headers: { authorization: `Bearer ${token}` } }),
    );
    expectErrorResult(other, 404, 'unknown_account');
    expect(other.body).toBe(unknown.body);
  });

  it('builds a period asked for on the list of reports, posted through the Function URL', async () => {
    const link = new URL(
      signReportIndexLink({
        generation: 1,
        baseUrl: ORIGIN,
        account: 'demo',
        expiresAt: new Date(Date.now() + 86_400_000),
        signingKey: SIGNING_KEY,
      }),
    );
    const year = month.slice(0, 4);
    const result = await handler(
      functionUrlEvent({
        method: 'POST',
        path: `${link.pathname}${link.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        body: `period=${year}`,
      }),
    );
    expect(result.statusCode).toBe(303);
    // Back to the list it was posted from, at the year's row.
    expect(result.headers?.location).toBe(`${ORIGIN}${link.pathname}${link.search}#report-${year}`);
  });

  it('reads each secret from Secrets Manager once and reuses it across invocations', () => {
    const reads = secretsManager.requests.map((request) => request.split(' ')[1]);
    expect(reads.sort()).toEqual([
      'invoice-reports/account-token-key',
      'invoice-reports/accounts/demo/api-key',
      'invoice-reports/link-signing-key',
      'invoice-reports/report-api-token',
    ]);
  });
});
