import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeploymentConfig, parseDeploymentConfig } from '../../../lib/config';
import {
  dispatchSlot,
  type ReportDeliveryResult,
  runScheduledReport,
  runSlotLocally,
  type SlotDispatch,
  SlotEventError,
  slotIndex,
  UnknownSlotError,
} from '../../../lib/pipeline';
import type { AccountRunOutcome } from '../../../lib/pipeline/dispatch-slot';
import type { StructuredLogger } from '../../../lib/pipeline/logger';
import { slotEventSchema } from '../../../lib/pipeline/scheduled-event';
import { ALARM_EMAIL, accountIn } from '../config/support/config-input';
import { MONTH_FIGURES } from './support/acme-month';
import {
  NOW,
  type PipelineHarness,
  RECIPIENTS,
  SANDBOX_API_KEY,
  startPipelineHarness,
} from './support/pipeline-harness';

const config = parseDeploymentConfig({
  accounts: [
    accountIn('acme', 'Europe/Berlin', { yearly: true }),
    accountIn('globex', 'Asia/Tokyo'),
    accountIn('initech', 'Europe/Berlin'),
  ],
  alarmEmail: ALARM_EMAIL,
});
const slots = slotIndex(config);
const FIRED = '2026-01-01T05:00:00Z';

describe('dispatchSlot', () => {
  it("answers one run per account of a monthly slot, each asking for the previous month as of the slot's time", () => {
    expect(dispatchSlot({ slot: 'monthly 1 06:00 Europe/Berlin', scheduledTime: FIRED }, slots)).toEqual({
      slot: 'monthly 1 06:00 Europe/Berlin',
      runs: [
        { account: 'acme', periodKind: 'month', scheduledTime: FIRED },
        { account: 'initech', periodKind: 'month', scheduledTime: FIRED },
      ],
    });
  });

  it('asks for the previous year in a yearly slot, for the accounts that want one only', () => {
    expect(dispatchSlot({ slot: 'yearly 1 Jan 06:00 Europe/Berlin', scheduledTime: FIRED }, slots)).toEqual({
      slot: 'yearly 1 Jan 06:00 Europe/Berlin',
      runs: [{ account: 'acme', periodKind: 'year', scheduledTime: FIRED }],
    });
  });

  it('puts every account in exactly one monthly slot', () => {
    const monthly = [...slots.keys()].filter((id) => id.startsWith('monthly'));
    const dispatched = monthly.flatMap((slot) =>
      dispatchSlot({ slot, scheduledTime: FIRED }, slots).runs.map((run) => run.account),
    );
    expect(dispatched.sort()).toEqual(['acme', 'globex', 'initech']);
  });

  it('stamps a slot started by hand with the time it was dispatched, the same for all its accounts', () => {
    const dispatch = dispatchSlot({ slot: 'monthly 1 06:00 Europe/Berlin' }, slots, () => new Date(FIRED));
    expect(dispatch.runs.map((run) => run.scheduledTime)).toEqual([
      '2026-01-01T05:00:00.000Z',
      '2026-01-01T05:00:00.000Z',
    ]);
  });

  it('refuses a scheduledTime later than the time of dispatch, before any account runs', () => {
    // A slot re-run by hand on 24 November 2026 with 2027 typed for 2026: every account would report
    // October 2027, a month not begun.
    const dispatch = () =>
      dispatchSlot(
        { slot: 'monthly 1 06:00 Europe/Berlin', scheduledTime: '2027-11-01T05:00:00Z' },
        slots,
        () => new Date('2026-11-24T09:00:00Z'),
      );
    expect(dispatch).toThrow(SlotEventError);
    expect(dispatch).toThrow(
      'Invalid schedule slot event: scheduledTime 2027-11-01T05:00:00Z is later than now (2026-11-24T09:00:00.000Z)',
    );
  });

  it('refuses a slot without accounts, naming it', () => {
    const dispatch = () => dispatchSlot({ slot: 'monthly 2 06:00 Europe/Berlin' }, slots);
    expect(dispatch).toThrow(UnknownSlotError);
    expect(dispatch).toThrow('No account is scheduled in slot "monthly 2 06:00 Europe/Berlin"');
  });

  it('refuses an event that is not a slot event, naming each field', () => {
    expect(() => dispatchSlot({ account: 'acme' }, slots)).toThrow(SlotEventError);
    expect(() => dispatchSlot({ account: 'acme' }, slots)).toThrow(
      'Invalid schedule slot event: slot is required; account is not a known field (check its spelling)',
    );
    expect(() => dispatchSlot('monthly 1 06:00 Europe/Berlin', slots)).toThrow(
      'Invalid schedule slot event: the event must be a JSON object',
    );
  });
});

describe('slotEventSchema', () => {
  it('accepts what a slot schedule sends, and a slot alone for a run by hand', () => {
    const event = { slot: 'monthly 1 06:00 Europe/Berlin', scheduledTime: '2026-11-01T05:00:00Z' };
    expect(slotEventSchema.parse(event)).toEqual(event);
    expect(slotEventSchema.parse({ slot: 'monthly 1 06:00 UTC' })).toEqual({ slot: 'monthly 1 06:00 UTC' });
  });

  it('rejects an empty slot, a time the scheduler did not fill in, and unknown fields', () => {
    expect(slotEventSchema.safeParse({ slot: '' }).success).toBe(false);
    expect(
      slotEventSchema.safeParse({
        slot: 'monthly 1 06:00 UTC',
        scheduledTime: '<aws.scheduler.scheduled-time>',
      }).success,
    ).toBe(false);
    expect(slotEventSchema.safeParse({ slot: 'monthly 1 06:00 UTC', account: 'acme' }).success).toBe(false);
  });
});

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
