import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDeploymentConfig } from '../../../lib/config';
import { runLocalMonthlyFanOut } from '../../../lib/local/local-fan-out';
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

  /** Two accounts reading the sandbox, `tokyo` with a key it refuses, each in the zone given. */
  const configIn = (zones: { berlin: string; tokyo: string }) =>
    parseDeploymentConfig({
      accounts: Object.entries(zones).map(([name, timezone]) => ({
        name,
        apiUrl: harness.sandbox.url,
        apiKeySecretName: `invoice-reports/accounts/${name}/api-key`,
        timezone,
        recipients: [`books@${name}.example`],
        sender: 'reports@example.com',
      })),
      alarmEmail: 'ops@example.com',
    });

  it('runs each slot through the fan-out and keeps one account failing from stopping the other', async () => {
    const config = configIn({ berlin: 'Europe/Berlin', tokyo: 'Asia/Tokyo' });
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

  it("runs at the stack's clock, not the machine's", async () => {
    // Checked against the machine's clock, these slot events would be years ahead and refused.
    const later = () => new Date('2031-03-15T12:00:00Z');
    const runs = await runLocalMonthlyFanOut({
      config: configIn({ berlin: 'Europe/Berlin', tokyo: 'Asia/Tokyo' }),
      context: harness.context({ now: later }),
      now: later,
      s3Directory: '/state/s3',
      log: () => {},
    });

    expect(runs.map((run) => [run.account, run.month, run.outcome.status])).toEqual([
      ['berlin', '2031-02', 'delivered'],
      ['tokyo', '2031-02', 'failed'],
    ]);
  });

  it('says a run the stack stopped stopped, rather than failed, and starts no further slot', async () => {
    // One slot for both (the same zone and schedule): `tokyo` is stopped while it runs, and fails.
    const controller = new AbortController();
    const context = harness.context();
    const secrets = {
      getSecret: (name: string) => {
        if (name.includes('/tokyo/')) controller.abort(new Error('stopped by a signal'));
        return context.secrets.getSecret(name);
      },
    };
    const lines: string[] = [];
    const runs = await runLocalMonthlyFanOut({
      config: configIn({ berlin: 'America/New_York', tokyo: 'America/New_York' }),
      context: { ...context, secrets },
      now: () => NOW,
      s3Directory: '/state/s3',
      log: (line) => lines.push(line),
      signal: controller.signal,
    });
    expect(runs.map((run) => [run.account, run.outcome.status])).toEqual([
      ['berlin', 'delivered'],
      ['tokyo', 'failed'],
    ]);
    expect(lines).toContain(
      'tokyo: October 2026 stopped (the next start builds it, and emails it unless it was emailed)',
    );
    expect(lines.join('\n')).not.toMatch(/tokyo: October 2026 failed/);

    // Stopped before a slot begins: nothing more is run.
    await expect(
      runLocalMonthlyFanOut({
        config: configIn({ berlin: 'Europe/Berlin', tokyo: 'Asia/Tokyo' }),
        context: harness.context(),
        now: () => NOW,
        s3Directory: '/state/s3',
        log: () => {},
        signal: controller.signal,
      }),
    ).rejects.toThrow('stopped by a signal');
  });
});
