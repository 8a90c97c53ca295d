import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDeploymentConfig } from '../../../lib/config';
import { runLocalMonthlyFanOut } from '../../../lib/local';
import {
  NOW,
  type PipelineHarness,
  SANDBOX_API_KEY,
  startPipelineHarness,
} from '../pipeline/support/pipeline-harness';

describe('runLocalMonthlyFanOut', () => {
  let harness: PipelineHarness;

  beforeAll(async () => {
    harness = await startPipelineHarness();
    harness.secrets.set('invoice-reports/accounts/berlin/api-key', SANDBOX_API_KEY);
    harness.secrets.set('invoice-reports/accounts/tokyo/api-key', 'a-key-the-sandbox-refuses');
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('runs each slot through the fan-out and keeps one account failing from stopping the other', async () => {
    const config = parseDeploymentConfig({
      accounts: [
        ['berlin', 'Europe/Berlin'],
        ['tokyo', 'Asia/Tokyo'],
      ].map(([name, timezone]) => ({
        name,
        apiUrl: harness.sandbox.url,
        apiKeySecretName: `invoice-reports/accounts/${name}/api-key`,
        timezone,
        recipients: [`books@${name}.example`],
        sender: 'reports@example.com',
      })),
      alarmEmail: 'ops@example.com',
    });
    const lines: string[] = [];
    const runs = await runLocalMonthlyFanOut({
      config,
      context: harness.context(),
      now: () => NOW,
      s3Directory: '/state/s3',
      log: (line) => lines.push(line),
    });

    expect(runs.map((run) => [run.account, run.month, run.outcome.status])).toEqual([
      ['berlin', '2026-10', 'delivered'],
      ['tokyo', '2026-10', 'failed'],
    ]);
    expect(runs[0]).toMatchObject({
      s3Location: 's3://invoice-reports-test/reports/berlin/2026-10/',
      s3Folder: '/state/s3/invoice-reports-test/reports/berlin/2026-10/',
      outcome: { delivery: { status: 'sent' } },
    });
    expect(runs[1]!.outcome).toEqual({
      status: 'failed',
      error: expect.stringMatching(/^InvoicingAuthenticationError/),
    });
    expect(lines).toContainEqual(
      expect.stringMatching(/^tokyo: October 2026 failed: InvoicingAuthenticationError/),
    );
    expect((await harness.emails()).map((email) => email.destination.to)).toEqual([['books@berlin.example']]);
  });
});
