import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TZDate } from '@date-fns/tz';
import type { Context } from 'aws-lambda';
import { format } from 'date-fns';
import { afterAll, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { type DeploymentConfigInput, parseDeploymentConfig, toRuntimeEnv } from '../../lib/config';
import {
  type RunningEmulator,
  readSesStore,
  startS3Emulator,
  startSesEmulator,
} from '../../lib/local/emulators';
import { type RunningSandbox, startSandbox } from '../../lib/sandbox';
import {
  ACME_TIMEZONE,
  acmeMonthDataset,
  MONTH_FIGURES,
  MONTH_SUBJECT_FIGURES,
} from '../lib/pipeline/support/acme-month';
import { type RuntimeConfigFile, writeRuntimeConfigFile } from '../support/runtime-config-file';
import { type SecretsManagerStandIn, startSecretsManagerStandIn } from '../support/secrets-manager-stand-in';
import { clearSesStore } from '../support/ses-store';

const BUCKET = 'invoice-reports-lambda-test';
const API_KEY = 'acme-live-key-5b2e77c1';
const WRONG_API_KEY = 'globex-revoked-key-9d04';
const SIGNING_KEY = 'signing-key-of-the-scheduled-function-test-0123456789';

/**
 * The month before the current one in Berlin by the wall clock: what a run without `period` reports.
 * The handler reads the real clock. (Faking `Date` does not work here: Node's HTTP server stamps its
 * `Date` header with the real time, the SDK corrects its clock by it, and s3rver, which reads the faked
 * clock, then refuses every request as skewed.)
 */
function previousMonthInBerlin(): { month: string; title: string } {
  const now = new TZDate(Date.now(), ACME_TIMEZONE);
  const first = new TZDate(now.getFullYear(), now.getMonth() - 1, 1, ACME_TIMEZONE);
  return { month: format(first, 'yyyy-MM'), title: format(first, 'MMMM yyyy') };
}

type Handler = (event: unknown, context: Context) => Promise<{ status: string; period: string }>;

/** What the fan-out invokes the function with for an account of a monthly slot whose schedule fires now. */
function fanOutRun(): Record<string, string> {
  return { account: 'acme', periodKind: 'month', scheduledTime: new Date().toISOString() };
}

/** A Lambda context as the runtime passes it (the fields Powertools reads, and the rest of the type). */
const lambdaContext: Context = {
  callbackWaitsForEmptyEventLoop: true,
  functionName: 'invoice-reports-ScheduledReport',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:invoice-reports-ScheduledReport',
  memoryLimitInMB: '1024',
  awsRequestId: '6f1c1c7e-2a8b-4c41-9a51-0d1e5b8a7c21',
  logGroupName: '/aws/lambda/invoice-reports-ScheduledReport',
  logStreamName: '2026/11/01/[$LATEST]0123456789abcdef',
  getRemainingTimeInMillis: () => 900_000,
  done: () => {},
  fail: () => {},
  succeed: () => {},
};

function deploymentConfig(sandboxUrl: string) {
  const account = (name: string) => ({
    name,
    displayName: 'Acme Corp',
    apiUrl: sandboxUrl,
    apiKeySecretName: `invoice-reports/${name}/api-key`,
    timezone: 'Europe/Berlin',
    recipients: ['books@acme.example'],
    sender: 'reports@acme.example',
  });
  return parseDeploymentConfig({
    accounts: [account('acme'), account('globex')],
    alarmEmail: 'ops@example.com',
  } satisfies DeploymentConfigInput);
}

describe('the scheduled report function', () => {
  let root: string;
  let s3Emulator: RunningEmulator;
  let sesEmulator: RunningEmulator;
  let secretsManager: SecretsManagerStandIn;
  let sandbox: RunningSandbox;
  let configFile: RuntimeConfigFile;
  let stdout: MockInstance<typeof process.stdout.write>;
  let stderr: MockInstance<typeof process.stderr.write>;
  let handler: Handler;
  let expected: { month: string; title: string };
  /** What was printed, write by write: Powertools writes INFO lines to stdout and ERROR lines to stderr. */
  const printed: { stream: 'stdout' | 'stderr'; text: string }[] = [];

  /** Node's own warnings (a deprecation inside s3rver, say), which reach stderr from the test process. */
  const isNodeWarning = (write: { stream: string; text: string }) =>
    write.stream === 'stderr' && write.text.startsWith('(node:');

  /** The function's log lines printed since the last call, each parsed as JSON. */
  function logLines(): Record<string, unknown>[] {
    const writes = printed.splice(0).filter((write) => !isNodeWarning(write));
    const lines = writes.flatMap((write) => write.text.split('\n')).filter(Boolean);
    return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'scheduled-report-'));
    s3Emulator = await startS3Emulator({ port: 0, directory: join(root, 's3'), buckets: [BUCKET] });
    sesEmulator = await startSesEmulator({ port: 0 });
    secretsManager = await startSecretsManagerStandIn();
    expected = previousMonthInBerlin();
    sandbox = await startSandbox({ port: 0, apiKey: API_KEY, dataset: acmeMonthDataset(expected.month) });
    const config = deploymentConfig(sandbox.url);
    secretsManager.secrets.set('invoice-reports/acme/api-key', { string: API_KEY });
    secretsManager.secrets.set('invoice-reports/globex/api-key', { string: WRONG_API_KEY });
    secretsManager.secrets.set(config.linkSigningKeySecretName, { string: `${SIGNING_KEY}\n` });

    // The environment as the stack sets it, the configuration file in the function's folder and the
    // endpoints pointing at the local stand-ins.
    configFile = writeRuntimeConfigFile(config);
    const env: Record<string, string> = {
      ...toRuntimeEnv({ bucket: BUCKET, reportApiUrl: 'https://reports.example.com/' }),
      LAMBDA_TASK_ROOT: configFile.folder,
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'local-emulators-accept-any-secret',
      AWS_ENDPOINT_URL_S3: s3Emulator.endpoint,
      AWS_ENDPOINT_URL_SES: sesEmulator.endpoint,
      AWS_ENDPOINT_URL_SECRETS_MANAGER: secretsManager.endpoint,
      POWERTOOLS_DEV: 'false',
      TMPDIR: root,
    };
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);

    stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      printed.push({ stream: 'stdout', text: String(chunk) });
      return true;
    });
    stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      printed.push({ stream: 'stderr', text: String(chunk) });
      return true;
    });
    ({ handler } = (await import('../../functions/scheduled-report')) as { handler: Handler });
  });

  afterAll(async () => {
    stdout?.mockRestore();
    stderr?.mockRestore();
    vi.unstubAllEnvs();
    configFile?.remove();
    await sandbox?.close();
    await secretsManager?.close();
    await sesEmulator?.close();
    await s3Emulator?.close();
    await rm(root, { recursive: true, force: true });
  });

  beforeEach(() => {
    printed.length = 0;
  });

  it('emails the previous month once when the fan-out runs the account, and logs the figures as JSON', async () => {
    await clearSesStore(sesEmulator.endpoint);
    const result = await handler(fanOutRun(), lambdaContext);
    expect(result).toMatchObject({
      status: 'sent',
      account: 'acme',
      period: expected.month,
      figures: MONTH_FIGURES,
    });
    const emails = await readSesStore(sesEmulator.endpoint);
    expect(emails.map((email) => email.subject)).toEqual([
      `Acme Corp · ${expected.title} · ${MONTH_SUBJECT_FIGURES}`,
    ]);
    // The link points at the report API's URL from the environment, its trailing slash dropped.
    expect(emails[0]!.body.text).toContain(
      `Full report: https://reports.example.com/reports/acme/${expected.month}/report.html?`,
    );

    const lines = logLines();
    expect(lines[0]).toMatchObject({
      level: 'INFO',
      service: 'invoice-reports',
      message: 'Report run started',
      account: 'acme',
      period: expected.month,
      force: false,
      function_request_id: lambdaContext.awsRequestId,
    });
    expect(lines.at(-1)).toMatchObject({
      level: 'INFO',
      message: 'Report emailed',
      account: 'acme',
      period: expected.month,
      status: 'sent',
      messageId: emails[0]!.messageId,
      figures: MONTH_FIGURES,
    });
    // The report was built under TMPDIR (beside the emulator's files) and the folder removed.
    expect(await readdir(root)).toEqual(['s3']);
    // The API key and the signing key were read from Secrets Manager, once each.
    expect(secretsManager.requests.map((request) => request.split(' ')[1]).sort()).toEqual([
      'invoice-reports/acme/api-key',
      'invoice-reports/link-signing-key',
    ]);
  });

  it('sends nothing when the slot runs again for the same month', async () => {
    const result = await handler(fanOutRun(), lambdaContext);
    expect(result).toMatchObject({ status: 'already-sent', period: expected.month });
    expect(await readSesStore(sesEmulator.endpoint)).toHaveLength(1);
    expect(logLines().at(-1)).toMatchObject({
      message: 'Report was already emailed; nothing sent',
      status: 'already-sent',
    });
  });

  it('resends a month when an operator forces it, reusing the cached secrets', async () => {
    const result = await handler(
      { account: 'acme', period: expected.month, force: true },
      { ...lambdaContext, awsRequestId: '0b7e4f2a-5d1c-4e8b-9f3a-2c6d8e1f4a70' },
    );
    expect(result).toMatchObject({ status: 'sent', period: expected.month });
    expect(await readSesStore(sesEmulator.endpoint)).toHaveLength(2);
    expect(secretsManager.requests).toHaveLength(2);
    expect(logLines()[0]).toMatchObject({ period: expected.month, force: true });
  });

  it('throws for an unknown account, naming it and the configured accounts', async () => {
    await expect(handler({ account: 'initech' }, lambdaContext)).rejects.toThrow(
      'Unknown account "initech": the configured accounts are "acme", "globex"',
    );
    expect(logLines()).toEqual([
      expect.objectContaining({
        level: 'ERROR',
        message: 'Report run failed',
        account: 'initech',
        error: expect.objectContaining({ name: 'UnknownAccountError' }),
      }),
    ]);
  });

  it('throws for a malformed event, naming the field', async () => {
    await expect(handler({ account: 'acme', month: '10/2026' }, lambdaContext)).rejects.toThrow(
      'Invalid scheduled report event: month must be a month as YYYY-MM, from 2000 to 9999',
    );
    await expect(handler({ acount: 'acme' }, lambdaContext)).rejects.toThrow(
      'Invalid scheduled report event: account is required; acount is not a known field (check its spelling)',
    );
    expect(await readSesStore(sesEmulator.endpoint)).toHaveLength(2);
  });

  it('throws when the service refuses the key, logging the error without any secret', async () => {
    await expect(handler({ account: 'globex' }, lambdaContext)).rejects.toMatchObject({
      name: 'InvoicingAuthenticationError',
    });
    expect(logLines().at(-1)).toMatchObject({
      level: 'ERROR',
      account: 'globex',
      period: expected.month,
      error: { name: 'InvoicingAuthenticationError' },
    });
    expect(await readSesStore(sesEmulator.endpoint)).toHaveLength(2);
  });

  it('sends a forced resend once when Lambda hands its invocation to the function again', async () => {
    const invocation = { ...lambdaContext, awsRequestId: '9a3d6b1e-7c2f-4d5a-8e0b-1f4c7a2d9e63' };
    const event = { account: 'acme', period: expected.month, force: true };
    const sent = await handler(event, invocation);
    expect(sent).toMatchObject({ status: 'sent' });
    expect(await readSesStore(sesEmulator.endpoint)).toHaveLength(3);
    // The same invocation again (Lambda's retry of it, or a second delivery of its event): the request id
    // is the same, so the resend it asked for has been made.
    const again = await handler(event, invocation);
    expect(again).toMatchObject({
      status: 'already-sent',
      messageId: (sent as { messageId?: string }).messageId,
    });
    expect(await readSesStore(sesEmulator.endpoint)).toHaveLength(3);
  });

  it('throws and logs a configuration fault naming the variable, when a fresh instance lacks REPORT_API_URL', async () => {
    vi.stubEnv('REPORT_API_URL', '');
    vi.resetModules();
    const fresh = (await import('../../functions/scheduled-report')) as { handler: Handler };
    printed.length = 0;
    await expect(fresh.handler(fanOutRun(), lambdaContext)).rejects.toThrow(
      /REPORT_API_URL: environment variable is required but not set/,
    );
    expect(logLines()).toEqual([
      expect.objectContaining({ level: 'ERROR', error: expect.objectContaining({ name: 'ConfigError' }) }),
    ]);
  });

  it('printed, over all the runs above, only JSON log lines, none holding an API key or the signing key', () => {
    const writes = [
      ...stdout.mock.calls.map(([chunk]) => ({ stream: 'stdout', text: String(chunk) })),
      ...stderr.mock.calls.map(([chunk]) => ({ stream: 'stderr', text: String(chunk) })),
    ];
    const lines = writes
      .filter((write) => !isNodeWarning(write))
      .flatMap((write) => write.text.split('\n'))
      .filter(Boolean);
    // The start and the outcome of three runs, and the error lines of five failures.
    expect(lines.length).toBeGreaterThanOrEqual(11);
    for (const line of lines) {
      expect(JSON.parse(line)).toMatchObject({ service: 'invoice-reports', level: expect.any(String) });
    }
    const everything = writes.map((write) => write.text).join('');
    for (const secret of [API_KEY, WRONG_API_KEY, SIGNING_KEY]) expect(everything).not.toContain(secret);
  });
});
