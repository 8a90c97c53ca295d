import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeploymentConfig, parseDeploymentConfig } from '../../../lib/config';
import {
  dispatchSlot,
  type ReportDeliveryResult,
  runScheduledReport,
  runSlotLocally,
  type SlotDispatch,
  slotIndex,
} from '../../../lib/pipeline';
import type { AccountRunOutcome } from '../../../lib/pipeline/dispatch-slot';
import type { StructuredLogger } from '../../../lib/pipeline/logger';
import { MONTH_FIGURES } from './support/acme-month';
import {
  NOW,
  type PipelineHarness,
  RECIPIENTS,
  SANDBOX_API_KEY,
  startPipelineHarness,
} from './support/pipeline-harness';

const SLOT = 'monthly 1 06:00 Europe/Berlin';
/** Five accounts of one slot; globex's key is one the service refuses. */
const ACCOUNTS = ['acme', 'globex', 'initech', 'umbrella', 'hooli'];
const DELIVERED = ['acme', 'initech', 'umbrella', 'hooli'];

const silent: StructuredLogger = { info: () => {}, warn: () => {}, error: () => {} };

/** What a run ended with, by account: the delivery status, or the name of the error. */
function statuses(outcomes: AccountRunOutcome<ReportDeliveryResult>[]): Record<string, string> {
  return Object.fromEntries(
    outcomes.map((outcome) => [
      outcome.account,
      outcome.status === 'done' ? outcome.result.status : (outcome.error as Error).name,
    ]),
  );
}

describe('runSlotLocally, running the real scheduled run for each account of a slot', () => {
  let harness: PipelineHarness;
  let config: DeploymentConfig;
  let dispatch: SlotDispatch;
  let inFlight = 0;
  let mostInFlight = 0;

  /** One slot run, as the fan-out runs it: each account through `runScheduledReport`, counting runs in flight. */
  const runTheSlot = (concurrency: number) =>
    runSlotLocally(dispatch, {
      concurrency,
      run: async (event) => {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        try {
          return await runScheduledReport(event, { config, context: harness.context(), logger: silent });
        } finally {
          inFlight -= 1;
        }
      },
    });

  beforeAll(async () => {
    harness = await startPipelineHarness();
    config = parseDeploymentConfig({
      accounts: ACCOUNTS.map((name) => ({
        name,
        displayName: `${name} Corp`,
        apiUrl: harness.sandbox.url,
        apiKeySecretName: `invoice-reports/accounts/${name}/api-key`,
        timezone: 'Europe/Berlin',
        recipients: RECIPIENTS,
        sender: 'reports@acme.example',
      })),
      alarmEmail: 'ops@example.com',
    });
    for (const name of ACCOUNTS) {
      harness.secrets.set(
        `invoice-reports/accounts/${name}/api-key`,
        name === 'globex' ? 'revoked-key-of-globex' : SANDBOX_API_KEY,
      );
    }
    // Scheduler fills in the time it fired: 06:00 on 1 November in Berlin, for October.
    dispatch = dispatchSlot({ slot: SLOT, scheduledTime: NOW.toISOString() }, slotIndex(config));
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('delivers every other account of the slot when one fails, and keeps the failure as its own outcome', async () => {
    const outcomes = await runTheSlot(2);
    expect(statuses(outcomes)).toEqual({
      acme: 'sent',
      globex: 'InvoicingAuthenticationError',
      initech: 'sent',
      umbrella: 'sent',
      hooli: 'sent',
    });
    for (const outcome of outcomes) {
      if (outcome.status === 'done')
        expect(outcome.result).toMatchObject({ period: '2026-10', figures: MONTH_FIGURES });
    }
    const subjects = (await harness.emails()).map((email) => email.subject.split(' · ')[0]);
    expect(subjects.sort()).toEqual(DELIVERED.map((name) => `${name} Corp`).sort());
    expect(await harness.objectKeys('globex', '2026-10')).toEqual([]);
    expect(await harness.objectKeys('umbrella', '2026-10')).toContain(
      'reports/umbrella/2026-10/manifest.json',
    );
  });

  it('never has more runs in flight than the bound, and does run that many side by side', () => {
    expect(mostInFlight).toBe(2);
  });

  it('sends nothing twice when the slot runs again: each account finds its month delivered', async () => {
    mostInFlight = 0;
    const outcomes = await runTheSlot(3);
    expect(statuses(outcomes)).toEqual({
      acme: 'already-sent',
      globex: 'InvoicingAuthenticationError',
      initech: 'already-sent',
      umbrella: 'already-sent',
      hooli: 'already-sent',
    });
    expect(await harness.emails()).toHaveLength(DELIVERED.length);
    expect(mostInFlight).toBe(3);
    expect(await harness.workDirEntries()).toEqual([]);
  });
});
