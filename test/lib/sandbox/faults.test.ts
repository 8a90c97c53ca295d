import { describe, expect, it } from 'vitest';
import { createSandboxApp } from '../../../lib/sandbox';
import { jsonOf } from './sandbox-fixtures';

const request = { method: 'POST', headers: { Authorization: 'Token sandbox-key' } };
/** No records: faults are about the answers' status, and an empty dataset answers at once. */
const empty = { invoices: [], payments: [] };

async function statuses(options: { seed: number; faultRate: number }, count: number): Promise<number[]> {
  const app = createSandboxApp({ ...options, dataset: empty, apiKey: 'sandbox-key', retryAfterSeconds: 0 });
  const seen: number[] = [];
  for (let index = 0; index < count; index++) {
    seen.push((await app.request('/invoices/list', request)).status);
  }
  return seen;
}

describe('faults', () => {
  it('answers every request with 429 or 503 at a fault rate of 1, both kinds', async () => {
    const seen = await statuses({ seed: 3, faultRate: 1 }, 40);
    expect(seen.every((status) => status === 429 || status === 503)).toBe(true);
    expect(seen).toContain(429);
    expect(seen).toContain(503);
  });

  it('answers about the given share of requests with faults, the rest normally', async () => {
    const seen = await statuses({ seed: 3, faultRate: 0.3 }, 200);
    const faults = seen.filter((status) => status !== 200).length;
    expect(faults).toBeGreaterThan(30);
    expect(faults).toBeLessThan(90);
    expect(seen.every((status) => [200, 429, 503].includes(status))).toBe(true);
  });

  it('repeats the same sequence of faults for the same seed, and another for another seed', async () => {
    const first = await statuses({ seed: 11, faultRate: 0.5 }, 40);
    expect(await statuses({ seed: 11, faultRate: 0.5 }, 40)).toEqual(first);
    expect(await statuses({ seed: 12, faultRate: 0.5 }, 40)).not.toEqual(first);
  });

  it('sends Retry-After with a 429 and an error body with both kinds', async () => {
    const app = createSandboxApp({
      seed: 3,
      faultRate: 1,
      retryAfterSeconds: 7,
      dataset: empty,
      apiKey: 'sandbox-key',
    });
    const seenCodes = new Set<string>();
    for (let index = 0; index < 20; index++) {
      const response = await app.request('/payments/list', request);
      const body = await jsonOf(response);
      expect(body.result).toBe('error');
      seenCodes.add(body.error.code);
      if (response.status === 429) expect(response.headers.get('retry-after')).toBe('7');
      else expect(response.headers.get('retry-after')).toBeNull();
    }
    expect(seenCodes).toEqual(new Set(['rate_limited', 'unavailable']));
  });

  it('answers normally at the default fault rate of 0', async () => {
    const seen = await statuses({ seed: 3, faultRate: 0 }, 20);
    expect(seen.every((status) => status === 200)).toBe(true);
  });
});
