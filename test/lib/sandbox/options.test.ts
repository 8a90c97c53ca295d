import { describe, expect, it } from 'vitest';
import { resolveSandboxOptions, type SandboxOptions } from '../../../lib/sandbox/options';

describe('resolveSandboxOptions', () => {
  it('fills in the documented defaults', () => {
    const now = new Date('2026-11-15T12:00:00Z');
    const resolved = resolveSandboxOptions({ now, apiKey: 'k' });
    expect(resolved).toEqual({
      seed: 1,
      apiKey: 'k',
      latencyMs: 0,
      maxLimit: 1000,
      faultRate: 0,
      retryAfterSeconds: 1,
      paidPerMonth: 60,
      now,
      dateZone: 'UTC',
      endDate: 'inclusive',
      statsDayKeys: 'zone',
      order: 'newest',
      numbersAsStrings: false,
      unmatchedCases: false,
      statsExtraPaid: [],
      dataset: undefined,
      onPageServed: undefined,
    });
  });

  it.each([
    [{ seed: 1.5 }, 'seed must be a whole number'],
    [{ latencyMs: -1 }, 'latencyMs must be 0 or more'],
    [{ maxLimit: 0 }, 'maxLimit must be a whole number, 1 or more'],
    [{ faultRate: -0.1 }, 'faultRate must be between 0 and 1'],
    [{ faultRate: Number.NaN }, 'faultRate must be between 0 and 1'],
    [{ retryAfterSeconds: 0.5 }, 'retryAfterSeconds must be a whole number, 0 or more'],
    [{ paidPerMonth: 0 }, 'paidPerMonth must be a whole number from 1 to 500000'],
    [{ paidPerMonth: 500_001 }, 'paidPerMonth must be a whole number from 1 to 500000'],
    [{ now: new Date('not a date') }, 'now must be a valid Date'],
    [{ apiKey: '' }, 'apiKey must be'],
    [
      { dateZone: 'Mars/Olympus' },
      'dateZone must be an IANA time zone or an offset from -12:00 to +14:00, not "Mars/Olympus"',
    ],
    [{ dateZone: '+14:30' }, 'dateZone must be an IANA time zone or an offset from -12:00 to +14:00'],
    [{ dateZone: '-12:15' }, 'dateZone must be an IANA time zone or an offset from -12:00 to +14:00'],
    [{ endDate: 'open' }, 'endDate must be "inclusive" or "exclusive"'],
    [{ statsDayKeys: 'local' }, 'statsDayKeys must be "zone" or "utc"'],
    [{ order: 'alphabetical' }, 'order must be one of newest, oldest, random, reshuffled'],
    [{ numbersAsStrings: 'yes' }, 'numbersAsStrings must be true or false'],
    [{ unmatchedCases: 1 }, 'unmatchedCases must be true or false'],
    [
      { statsExtraPaid: [{ amountUSD: '10', createDatetime: '2026-10-15T12:00:00Z' }] },
      'statsExtraPaid[0].createDatetime: expected a datetime "Y-m-d H:i:s"',
    ],
    [
      { statsExtraPaid: [{ amountUSD: '1e1', createDatetime: '2026-10-15 12:00:00' }] },
      'statsExtraPaid[0].amountUSD: expected a decimal such as "10.00"',
    ],
    [
      { statsExtraPaid: [{ amountUSD: '10', createDatetime: '2026-10-15 12:00:00', currencyFiat: 'EUR' }] },
      'statsExtraPaid[0].amountFiat: is needed for a currency other than USD',
    ],
  ])('refuses %j', (options, message) => {
    expect(() => resolveSandboxOptions(options as SandboxOptions)).toThrow(RangeError);
    expect(() => resolveSandboxOptions(options as SandboxOptions)).toThrow(message);
  });
});
