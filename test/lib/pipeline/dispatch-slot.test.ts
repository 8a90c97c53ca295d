import { describe, expect, it } from 'vitest';
import { parseDeploymentConfig } from '../../../lib/config';
import { dispatchSlot, SlotEventError, slotIndex, UnknownSlotError } from '../../../lib/pipeline';
import { slotEventSchema } from '../../../lib/pipeline/scheduled-event';
import { ALARM_EMAIL, accountIn } from '../config/support/config-input';

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
