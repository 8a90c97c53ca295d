import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { expect } from 'vitest';
import { parseDeploymentConfig } from '../../../lib/config';
import { createS3Client, signReportIndexLink } from '../../../lib/delivery';
import type { ReportFileName } from '../../../lib/delivery/report-files';
import { InMemorySecretSource } from '../../../lib/delivery/secrets';
import { type RunningEmulator, startS3Emulator } from '../../../lib/local/emulators';
import { createReportApi, type ReportApiLogger, type ReportApiOptions } from '../../../lib/report-api';
import { type RunningSandbox, startSandbox } from '../../../lib/sandbox';
import { servedFileKey } from '../../support/served-file-key';

type ReportApi = ReturnType<typeof createReportApi>;

/** The sandbox's present: its data covers September 2025 to October 2026 in full, and November so far. */
export const SANDBOX_NOW = new Date('2026-11-15T12:00:00Z');
export const BUCKET = 'invoice-reports-test';
export const TOKEN = 'rpt_test_token_5b1f0c7e9a2d4c68';
export const SIGNING_KEY = 'link-signing-key-0123456789abcdef-test-only';
export const SANDBOX_API_KEY = 'sandbox-key-for-report-api-tests';
export const WRONG_API_KEY = 'revoked-key-9f8e7d6c5b4a';
export const TOKEN_SECRET = 'invoice-reports/report-api-token';
export const SIGNING_KEY_SECRET = 'invoice-reports/link-signing-key';
export const ACCOUNT_TOKEN_KEY = 'account-token-key-fedcba9876543210-test-only';
export const ACCOUNT_TOKEN_KEY_SECRET = 'invoice-reports/account-token-key';
export const LINK_LIFETIME_DAYS = 30;

/** What Chromium and Firefox send as `Accept` when they open a page. */
export const BROWSER = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** The path and query of a link, for `app.request`. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** The path and query of an account's signed list of reports (the email's "All reports"). */
export function indexLink(account: string, expiresAt: Date, signingKey = SIGNING_KEY): string {
  return pathOf(
    signReportIndexLink({ generation: 1, baseUrl: 'http://localhost', account, expiresAt, signingKey }),
  );
}

/** Every value that must never appear in an answer or a log line. */
export const SECRET_VALUES = [TOKEN, SIGNING_KEY, ACCOUNT_TOKEN_KEY, SANDBOX_API_KEY, WRONG_API_KEY];

/**
 * An account's token as the README documents it, worked out here rather than by the code under test:
 * `acct_<account>_` and the base64url HMAC-SHA256 of `account-token-v1\n<account>\n<generation>`.
 */
export function accountTokenFor(account: string, generation = 1, key = ACCOUNT_TOKEN_KEY): string {
  const mac = createHmac('sha256', key).update(`account-token-v1\n${account}\n${generation}`).digest();
  return `acct_${account}_${mac.toString('base64url')}`;
}

/** A log line as the logger received it. */
export interface LogLine {
  level: 'info' | 'error';
  message: string;
  attributes: Record<string, unknown>;
}

export interface ReportApiHarness {
  app: ReportApi;
  sandbox: RunningSandbox;
  s3: S3Client;
  secrets: InMemorySecretSource;
  /** Paths of the requests the service was sent, in order. */
  serviceRequests: string[];
  logs: LogLine[];
  /** The API's clock; moves on one second each time it is read, so each build has its own `generatedAt`. */
  clock: { next: Date };
  /** The options the app was made with (for making another one on the same stores). */
  options: ReportApiOptions;
  /** `app.request` with the token unless `auth` says otherwise. */
  get(path: string, auth?: { token?: string | null; headers?: Record<string, string> }): Promise<Response>;
  /** The bytes of a stored object. */
  objectBytes(key: string): Promise<Buffer>;
  /** The key of a file of the build the period's manifest names (it fails when there is none). */
  servedKey(account: string, period: string, fileName: ReportFileName): Promise<string>;
  close(): Promise<void>;
}

/** A port on loopback with nothing listening: the address of a service that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function account(name: string, apiUrl: string, apiKeySecretName: string, timezone = 'UTC') {
  return {
    name,
    apiUrl,
    apiKeySecretName,
    timezone,
    recipients: ['accounting@example.com'],
    sender: 'reports@example.com',
  };
}

/**
 * The report API over s3rver (a temp folder) and the sandbox, with in-memory secrets. Accounts:
 * `demo` (UTC) and `kiritimati` (UTC+14) read the sandbox; `stale-key` holds a key the sandbox refuses;
 * `offline` points at a port where nothing listens.
 */
export async function startReportApiHarness(): Promise<ReportApiHarness> {
  const workDir = await mkdtemp(join(tmpdir(), 'report-api-'));
  const emulator: RunningEmulator = await startS3Emulator({
    port: 0,
    directory: join(workDir, 's3'),
    buckets: [BUCKET],
  });
  const sandbox = await startSandbox({ port: 0, now: SANDBOX_NOW, apiKey: SANDBOX_API_KEY });
  const offlineUrl = `http://127.0.0.1:${await closedPort()}`;
  const config = parseDeploymentConfig({
    accounts: [
      account('demo', sandbox.url, 'invoice-reports/demo/api-key'),
      account('kiritimati', sandbox.url, 'invoice-reports/kiritimati/api-key', 'Pacific/Kiritimati'),
      account('stale-key', sandbox.url, 'invoice-reports/stale-key/api-key'),
      account('offline', offlineUrl, 'invoice-reports/offline/api-key'),
    ],
    alarmEmail: 'ops@example.com',
  });
  const secrets = new InMemorySecretSource({
    [TOKEN_SECRET]: TOKEN,
    [SIGNING_KEY_SECRET]: SIGNING_KEY,
    [ACCOUNT_TOKEN_KEY_SECRET]: ACCOUNT_TOKEN_KEY,
    'invoice-reports/demo/api-key': SANDBOX_API_KEY,
    'invoice-reports/kiritimati/api-key': SANDBOX_API_KEY,
    'invoice-reports/stale-key/api-key': WRONG_API_KEY,
    'invoice-reports/offline/api-key': SANDBOX_API_KEY,
  });
  const s3 = createS3Client({ endpoint: emulator.endpoint });
  const serviceRequests: string[] = [];
  const countingFetch: typeof fetch = (input, init) => {
    serviceRequests.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
    return fetch(input, init);
  };
  const clock = { next: SANDBOX_NOW };
  const now = () => {
    const current = clock.next;
    clock.next = new Date(current.getTime() + 1000);
    return current;
  };
  const logs: LogLine[] = [];
  const logger: ReportApiLogger = {
    info: (message, attributes) => logs.push({ level: 'info', message, attributes }),
    error: (message, attributes) => logs.push({ level: 'error', message, attributes }),
  };
  const options: ReportApiOptions = {
    accounts: config.accounts,
    publish: {
      s3,
      bucket: BUCKET,
      secrets,
      now,
      workDir,
      // No retries: a service that is down fails the request at once.
      client: { fetch: countingFetch, maxRetries: 0 },
    },
    reportApiTokenSecretName: TOKEN_SECRET,
    accountTokenKeySecretName: ACCOUNT_TOKEN_KEY_SECRET,
    linkSigningKeySecretName: SIGNING_KEY_SECRET,
    linkLifetimeDays: LINK_LIFETIME_DAYS,
    logger,
  };
  const app = createReportApi(options);

  return {
    app,
    sandbox,
    s3,
    secrets,
    serviceRequests,
    logs,
    clock,
    options,
    get: async (path, auth = {}) => {
      const token = auth.token === undefined ? TOKEN : auth.token;
      const headers: Record<string, string> = {
        ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
      };
      return app.request(path, { headers: { ...headers, ...auth.headers } });
    },
    objectBytes: async (key) => {
      const answer = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    },
    servedKey: (account, period, fileName) => servedFileKey(s3, BUCKET, account, period, fileName),
    close: async () => {
      s3.destroy();
      await sandbox.close();
      await emulator.close();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}

/** Checks an error answer's status, code and JSON shape, and that it gives nothing away. */
export async function expectError(
  response: Response,
  status: number,
  code: string,
  alsoNever: string[] = [],
): Promise<string> {
  const text = await response.text();
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = JSON.parse(text) as { error: { code: string; message: string } };
  expect(Object.keys(body)).toEqual(['error']);
  expect(Object.keys(body.error).sort()).toEqual(['code', 'message']);
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(0);
  expectNothingSecret(text, alsoNever);
  return body.error.message;
}

/** No secret value, given signature or stack frame in a text. */
export function expectNothingSecret(text: string, alsoNever: string[] = []): void {
  for (const value of [...SECRET_VALUES, ...alsoNever]) expect(text).not.toContain(value);
  expect(text).not.toMatch(/\n\s+at /);
  expect(text).not.toMatch(/\.ts:\d+/);
}
