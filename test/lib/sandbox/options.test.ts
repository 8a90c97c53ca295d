import { describe, expect, it } from 'vitest';
import { resolveSandboxOptions } from '../../../lib/sandbox/options';

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
      dataset: undefined,
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
  ])('refuses %j', (options, message) => {
    expect(() => resolveSandboxOptions(options)).toThrow(RangeError);
    expect(() => resolveSandboxOptions(options)).toThrow(message);
  });
});
