import { describe, expect, it } from 'vitest';
import { scheduledReportEventSchema } from '../../../lib/config';

describe('scheduledReportEventSchema', () => {
  it('accepts what the schedule sends and what an operator sends to re-run a month', () => {
    expect(scheduledReportEventSchema.parse({ account: 'acme' })).toEqual({ account: 'acme' });
    expect(scheduledReportEventSchema.parse({ account: 'acme', month: '2026-10', force: true })).toEqual({
      account: 'acme',
      month: '2026-10',
      force: true,
    });
  });

  it('accepts a quarter or a year as the period, and the kind of period a schedule reports', () => {
    expect(scheduledReportEventSchema.parse({ account: 'acme', period: '2026-Q3' })).toEqual({
      account: 'acme',
      period: '2026-Q3',
    });
    expect(scheduledReportEventSchema.parse({ account: 'acme', periodKind: 'year' })).toEqual({
      account: 'acme',
      periodKind: 'year',
    });
  });

  it('accepts what the fan-out sends: the account, the period kind of its slot and when it fired', () => {
    const run = { account: 'acme', periodKind: 'year', scheduledTime: '2027-01-01T05:00:00Z' };
    expect(scheduledReportEventSchema.parse(run)).toEqual(run);
    expect(scheduledReportEventSchema.safeParse({ account: 'acme', periodKind: 'week' }).success).toBe(false);
  });

  it('rejects a month that is not YYYY-MM and a misspelt option', () => {
    expect(scheduledReportEventSchema.safeParse({ account: 'acme', month: '2026-13' }).success).toBe(false);
    expect(scheduledReportEventSchema.safeParse({ account: 'acme', month: '2026-Q3' }).success).toBe(false);
    expect(scheduledReportEventSchema.safeParse({ account: 'acme', period: '0099-12' }).success).toBe(false);
    expect(scheduledReportEventSchema.safeParse({ account: 'acme', forse: true }).success).toBe(false);
  });

  it('accepts the time the schedule fired, and refuses one that is not an ISO date and time', () => {
    expect(
      scheduledReportEventSchema.parse({ account: 'acme', scheduledTime: '2026-11-01T05:00:00Z' }),
    ).toEqual({ account: 'acme', scheduledTime: '2026-11-01T05:00:00Z' });
    const unfilled = { account: 'acme', scheduledTime: '<aws.scheduler.scheduled-time>' };
    expect(scheduledReportEventSchema.safeParse(unfilled).success).toBe(false);
  });
});
