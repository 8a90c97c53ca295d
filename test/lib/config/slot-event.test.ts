import { describe, expect, it } from 'vitest';
import { slotEventSchema } from '../../../lib/config';

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
