import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { parseDeploymentConfig, toRuntimeEnv } from '../../lib/config';
import { ALARM_EMAIL, accountIn } from '../lib/config/support/config-input';
import { type RuntimeConfigFile, writeRuntimeConfigFile } from '../support/runtime-config-file';

type Handler = (event: unknown, context: Context) => Promise<unknown>;

const lambdaContext = {
  functionName: 'invoice-reports-Dispatcher',
  awsRequestId: '0b6f2c1e-7a41-4d8e-9c3b-5e2f1a0d9c87',
} as Context;

describe('the slot dispatcher function', () => {
  let configFile: RuntimeConfigFile;
  let stdout: MockInstance<typeof process.stdout.write>;
  let stderr: MockInstance<typeof process.stderr.write>;
  const printed: string[] = [];
  let handler: Handler;

  beforeAll(async () => {
    const config = parseDeploymentConfig({
      accounts: [accountIn('acme', 'Europe/Berlin', { yearly: true }), accountIn('globex', 'Europe/Berlin')],
      alarmEmail: ALARM_EMAIL,
    });
    configFile = writeRuntimeConfigFile(config);
    // As the stack sets it: the configuration file only, beside the code.
    for (const [name, value] of Object.entries(toRuntimeEnv({}))) vi.stubEnv(name, value);
    vi.stubEnv('LAMBDA_TASK_ROOT', configFile.folder);
    vi.stubEnv('POWERTOOLS_DEV', 'false');
    const keep = (chunk: unknown) => {
      printed.push(String(chunk));
      return true;
    };
    stdout = vi.spyOn(process.stdout, 'write').mockImplementation(keep);
    stderr = vi.spyOn(process.stderr, 'write').mockImplementation(keep);
    ({ handler } = (await import('../../functions/dispatch-slot')) as { handler: Handler });
  });

  afterAll(() => {
    stdout?.mockRestore();
    stderr?.mockRestore();
    vi.unstubAllEnvs();
    configFile?.remove();
  });

  it("answers the slot's runs to the state machine, from the bundled configuration", async () => {
    const event = { slot: 'monthly 1 06:00 Europe/Berlin', scheduledTime: '2026-11-01T05:00:00Z' };
    expect(await handler(event, lambdaContext)).toEqual({
      slot: 'monthly 1 06:00 Europe/Berlin',
      runs: [
        { account: 'acme', periodKind: 'month', scheduledTime: '2026-11-01T05:00:00Z' },
        { account: 'globex', periodKind: 'month', scheduledTime: '2026-11-01T05:00:00Z' },
      ],
    });
    expect(JSON.parse(printed.at(-1)!)).toMatchObject({
      level: 'INFO',
      message: 'Schedule slot dispatched',
      slot: 'monthly 1 06:00 Europe/Berlin',
      accounts: 2,
      function_request_id: lambdaContext.awsRequestId,
    });
  });

  it('emits the yearly event in a yearly slot: the previous year, for the accounts that asked', async () => {
    const event = { slot: 'yearly 1 Jan 06:00 Europe/Berlin', scheduledTime: '2026-01-01T05:00:00Z' };
    expect(await handler(event, lambdaContext)).toEqual({
      slot: 'yearly 1 Jan 06:00 Europe/Berlin',
      runs: [{ account: 'acme', periodKind: 'year', scheduledTime: '2026-01-01T05:00:00Z' }],
    });
  });

  it('fails an unknown slot with an error line naming it, for the execution to fail and alarm', async () => {
    printed.length = 0;
    await expect(handler({ slot: 'monthly 9 06:00 Europe/Berlin' }, lambdaContext)).rejects.toMatchObject({
      name: 'UnknownSlotError',
    });
    expect(JSON.parse(printed.at(-1)!)).toMatchObject({
      level: 'ERROR',
      message: 'Schedule slot could not be dispatched',
      error: {
        name: 'UnknownSlotError',
        message: expect.stringContaining('"monthly 9 06:00 Europe/Berlin"'),
      },
    });
  });
});
