import { describe, expect, it } from 'vitest';
import { parseDeploymentConfig } from '../../../lib/config';
import { ScheduledEventError, UnknownAccountError } from '../../../lib/pipeline';
import {
  accountNamed,
  parseScheduledEvent,
  scheduledReportEventSchema,
} from '../../../lib/pipeline/scheduled-event';

const config = parseDeploymentConfig({
  accounts: ['acme', 'globex'].map((name) => ({
    name,
    apiUrl: 'https://api.example.com',
    apiKeySecretName: `invoice-reports/${name}/api-key`,
    timezone: 'UTC',
    recipients: ['books@example.com'],
    sender: 'reports@example.com',
  })),
  alarmEmail: 'ops@example.com',
});

function problem(event: unknown): ScheduledEventError {
  try {
    parseScheduledEvent(event);
  } catch (error) {
    if (error instanceof ScheduledEventError) return error;
    throw error;
  }
  throw new Error('expected a ScheduledEventError');
}

describe('parseScheduledEvent', () => {
  it('reads what the schedule sends', () => {
    expect(parseScheduledEvent({ account: 'acme' })).toEqual({ account: 'acme' });
  });

  it('reads what an operator adds to re-run or resend a month', () => {
    expect(parseScheduledEvent({ account: 'acme', month: '2026-10', force: true })).toEqual({
      account: 'acme',
      month: '2026-10',
      force: true,
    });
  });

  it('names a missing account', () => {
    expect(problem({ month: '2026-10' }).message).toBe('Invalid scheduled report event: account is required');
  });

  it('reads a quarter or a year an operator asks for, and the kind a yearly schedule sends', () => {
    expect(parseScheduledEvent({ account: 'acme', period: '2026-Q3' })).toEqual({
      account: 'acme',
      period: '2026-Q3',
    });
    expect(parseScheduledEvent({ account: 'acme', period: '2026', force: true })).toMatchObject({
      period: '2026',
    });
    expect(parseScheduledEvent({ account: 'acme', periodKind: 'year' })).toEqual({
      account: 'acme',
      periodKind: 'year',
    });
  });

  it('names a malformed month without repeating its value', () => {
    const error = problem({ account: 'acme', month: '2026-13' });
    expect(error.message).toBe(
      'Invalid scheduled report event: month must be a month as YYYY-MM, from 2000 to 9999',
    );
    expect(error.issues).toEqual([
      { path: 'month', message: 'must be a month as YYYY-MM, from 2000 to 9999' },
    ]);
  });

  it.each(['2026-13', '2026-Q5', '0099-12', '0000-01', '1999', 'Q3'])(
    'names the period %j as malformed or out of range',
    (period) => {
      expect(problem({ account: 'acme', period }).issues).toEqual([
        {
          path: 'period',
          message: 'must be a month YYYY-MM, a quarter YYYY-Qn or a year YYYY, from 2000 to 9999',
        },
      ]);
    },
  );

  it('refuses a month given with a period, and a period kind given with either', () => {
    expect(problem({ account: 'acme', period: '2026-10', month: '2026-10' }).issues).toEqual([
      { path: 'month', message: 'cannot be given with period (it is its older name)' },
    ]);
    expect(problem({ account: 'acme', period: '2026', periodKind: 'year' }).issues).toEqual([
      { path: 'periodKind', message: 'is only for a run without period or month' },
    ]);
    expect(problem({ account: 'acme', periodKind: 'week' }).issues).toEqual([
      { path: 'periodKind', message: 'must be month, quarter or year' },
    ]);
  });

  it('names a force that is not a boolean', () => {
    expect(problem({ account: 'acme', force: 'yes' }).message).toBe(
      'Invalid scheduled report event: force must be a boolean',
    );
  });

  it('names an unknown field, such as a misspelt one', () => {
    expect(problem({ account: 'acme', froce: true }).message).toBe(
      'Invalid scheduled report event: froce is not a known field (check its spelling)',
    );
  });

  it('names every bad field at once', () => {
    expect(problem({ account: 'ACME!', month: 202610 }).issues.map((issue) => issue.path)).toEqual([
      'account',
      'month',
    ]);
  });

  it('refuses an event that is not an object', () => {
    for (const event of [null, 'acme', ['acme'], 42]) {
      expect(problem(event).message).toBe(
        'Invalid scheduled report event: the event must be a JSON object such as {"account":"acme"}',
      );
    }
  });
});

describe('accountNamed', () => {
  it('finds the configured account', () => {
    expect(accountNamed(config, 'globex').name).toBe('globex');
  });

  it('names the unknown account and the configured ones', () => {
    expect(() => accountNamed(config, 'initech')).toThrow(UnknownAccountError);
    expect(() => accountNamed(config, 'initech')).toThrow(
      'Unknown account "initech": the configured accounts are "acme", "globex"',
    );
  });
});

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
