import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client, createSesClient } from '../../../lib/delivery';
import { InMemorySecretSource } from '../../../lib/delivery/secrets';
import { readSesStore } from '../../../lib/local/emulators';
import { localDemoConfig } from '../../../lib/local/settings';
import { type LocalStack, startLocalStack } from '../../../lib/local/stack';
import { type DeliveryContext, deliverReport } from '../../../lib/pipeline';

/** Early November: the stack emails October at start; August and July are left for the tests. */
const NOW = new Date('2026-11-05T10:00:00Z');
const TOKEN = 'exactly-once-token';
const SIGNING_KEY_SECRET = 'exactly-once/link-signing-key';

describe('the local stack, exactly once against the S3 emulator over HTTP', () => {
  let stateDir: string;
  let stack: LocalStack;

  beforeAll(async () => {
    stateDir = await mkdtemp(join(tmpdir(), 'exactly-once-'));
    stack = await startLocalStack({
      ports: { reportApi: 0, sandbox: 0, s3Emulator: 0, sesEmulator: 0 },
      stateDir,
      now: () => NOW,
      reportApiToken: TOKEN,
      sandboxApiKey: 'exactly-once-key',
    });
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
    await rm(stateDir, { recursive: true, force: true });
  });

  it('sends one email when two deliveries of the same period run at once', async () => {
    const config = localDemoConfig({ apiUrl: stack.sandboxUrl, timezone: 'UTC' });
    const demo = config.accounts.find((account) => account.name === 'demo')!;
    const s3 = createS3Client({ endpoint: stack.s3Endpoint });
    const ses = createSesClient({ endpoint: stack.sesEndpoint });
    const context: DeliveryContext = {
      s3,
      ses,
      bucket: stack.bucket,
      secrets: new InMemorySecretSource({
        [demo.apiKeySecretName]: stack.sandboxApiKey,
        [SIGNING_KEY_SECRET]: 'exactly-once-signing-key-0123456789abcdef',
      }),
      now: () => NOW,
      workDir: await mkdtemp(join(stateDir, 'work-')),
      reportApiUrl: stack.reportApiUrl,
      linkSigningKeySecretName: SIGNING_KEY_SECRET,
      linkLifetimeDays: 30,
    };
    const august = async () =>
      (await readSesStore(stack.sesEndpoint)).filter(
        (email) =>
          email.subject.includes('August 2026') &&
          email.body.html?.includes(`${stack.reportApiUrl}/reports/demo/`),
      );
    expect(await august()).toHaveLength(0);

    const outcomes = await Promise.allSettled([
      deliverReport(context, demo, { period: '2026-08' }),
      deliverReport(context, demo, { period: '2026-08' }),
    ]);

    expect(await august()).toHaveLength(1);
    const sent = outcomes.filter(
      (outcome) => outcome.status === 'fulfilled' && outcome.value.status === 'sent',
    );
    expect(sent).toHaveLength(1);
    // The other found the email claimed (in progress) or sent, and sent nothing.
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected')
        expect((outcome.reason as Error).name).toBe('DeliveryInProgressError');
      else expect(['sent', 'already-sent']).toContain(outcome.value.status);
    }
    s3.destroy();
    ses.destroy();
  }, 120_000);

  it('answers one of four refreshes at once with 200 and the other three with 429', async () => {
    const refresh = () =>
      fetch(`${stack.reportApiUrl}/reports/demo/2026-07?refresh=true`, {
        headers: { Authorization: `Bearer ${TOKEN}`, Accept: 'application/json' },
      });

    const responses = await Promise.all([refresh(), refresh(), refresh(), refresh()]);

    expect(responses.map((response) => response.status).sort()).toEqual([200, 429, 429, 429]);
    for (const response of responses) {
      if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      await response.body?.cancel();
    }
  }, 120_000);
});
