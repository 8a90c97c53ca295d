import { Hono } from 'hono';
import { LosslessNumber } from 'lossless-json';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSandboxApp, startSandbox } from '../../../lib/sandbox';
import { answerText, latency } from '../../../lib/sandbox/app';
import { jsonOf, NOW } from './sandbox-fixtures';

const empty = { invoices: [], payments: [] };

describe('startSandbox', () => {
  it('refuses bad options before listening, without repeating the key', async () => {
    await expect(startSandbox({ faultRate: 1.5 })).rejects.toThrow(
      'sandbox: faultRate must be between 0 and 1',
    );
    await expect(startSandbox({ apiKey: 'has a secret space' })).rejects.toThrow(/^sandbox: apiKey must be/);
    await expect(startSandbox({ apiKey: 'has a secret space' })).rejects.not.toThrow(/secret/);
  });
});

describe('faults', () => {
  const request = { method: 'POST', headers: { Authorization: 'Token sandbox-key' } };
  /** An empty dataset answers at once: faults are about the answers' status. */
  function faultyApp(options: { seed: number; faultRate: number; retryAfterSeconds?: number }) {
    return createSandboxApp({ retryAfterSeconds: 0, ...options, dataset: empty, apiKey: 'sandbox-key' });
  }
  async function statuses(options: { seed: number; faultRate: number }, count: number): Promise<number[]> {
    const app = faultyApp(options);
    const seen: number[] = [];
    for (let index = 0; index < count; index++) {
      seen.push((await app.request('/invoices/list', request)).status);
    }
    return seen;
  }

  it('answers every request at a fault rate of 1 with 429 and Retry-After or 503, both kinds', async () => {
    const app = faultyApp({ seed: 3, faultRate: 1, retryAfterSeconds: 7 });
    const seen = new Set<string>();
    for (let index = 0; index < 40; index++) {
      const response = await app.request('/payments/list', request);
      const body = await jsonOf(response);
      expect(body.result).toBe('error');
      seen.add(`${response.status} ${body.error.code} ${response.headers.get('retry-after')}`);
    }
    expect(seen).toEqual(new Set(['429 rate_limited 7', '503 unavailable null']));
  });

  it('answers about the given share of requests with faults, the rest normally; none at 0', async () => {
    const seen = await statuses({ seed: 3, faultRate: 0.3 }, 200);
    const faults = seen.filter((status) => status !== 200).length;
    expect(faults).toBeGreaterThan(30);
    expect(faults).toBeLessThan(90);
    expect(seen.every((status) => [200, 429, 503].includes(status))).toBe(true);
    expect(await statuses({ seed: 3, faultRate: 0 }, 20)).toEqual(Array(20).fill(200));
  });

  it('repeats the same sequence of faults for the same seed, and another for another seed', async () => {
    const first = await statuses({ seed: 11, faultRate: 0.5 }, 40);
    expect(await statuses({ seed: 11, faultRate: 0.5 }, 40)).toEqual(first);
    expect(await statuses({ seed: 12, faultRate: 0.5 }, 40)).not.toEqual(first);
  });
});

describe('latency', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The times the answers of `app` to `requests` came, and their texts. */
  function timed(app: Hono, requests: [string, RequestInit?][]) {
    const answeredAt: number[] = [];
    const start = Date.now();
    const answers = requests.map(([path, init]) =>
      Promise.resolve(app.request(path, init)).then(async (response) => {
        answeredAt.push(Date.now() - start);
        return `${response.status} ${await response.text()}`;
      }),
    );
    return { answers: Promise.all(answers), answeredAt };
  }

  it('holds every answer, errors too, back for latencyMs', async () => {
    const app = createSandboxApp({ latencyMs: 40, now: NOW, apiKey: 'sandbox-key' });
    const statistics = {
      method: 'POST',
      headers: { Authorization: 'Token sandbox-key' },
      body: new URLSearchParams({ startDate: '2026-10-01', endDate: '2026-10-31' }),
    };
    const { answers, answeredAt } = timed(app, [['/statistics/invoices', statistics], ['/invoices/list']]);
    await vi.advanceTimersByTimeAsync(39);
    expect(answeredAt).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(answeredAt).toEqual([40, 40]);
    expect((await answers).map((answer) => answer.slice(0, 3))).toEqual(['200', '401']);
  });

  /** An app behind `latency(40)` whose one route takes `workMs`. */
  function appWithWork(workMs: number) {
    return new Hono().use(latency(40)).get('/', async (c) => {
      await new Promise((resolve) => setTimeout(resolve, workMs));
      return c.text(`page after ${workMs} ms`);
    });
  }

  it('answers latencyMs after the request arrived, the work done while it waits', async () => {
    // A route that takes 30 ms, as a page takes the sandbox's CPU: answered at 40 ms, not 70.
    const { answers, answeredAt } = timed(appWithWork(30), [['/'], ['/'], ['/']]);
    await vi.advanceTimersByTimeAsync(39);
    expect(answeredAt).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(answeredAt).toEqual([40, 40, 40]);
    expect(await answers).toEqual(Array(3).fill('200 page after 30 ms'));
  });

  it('answers as soon as work longer than latencyMs is done', async () => {
    const { answers, answeredAt } = timed(appWithWork(100), [['/']]);
    await vi.advanceTimersByTimeAsync(99);
    expect(answeredAt).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(answeredAt).toEqual([100]);
    expect(await answers).toEqual(['200 page after 100 ms']);
  });
});

describe('answerText', () => {
  const value = {
    count: 60,
    dust: 0.00000095,
    long: new LosslessNumber('98765432.987654321'),
    tiny: new LosslessNumber('1e-18'),
    text: 'kept',
    none: null,
  };

  it('writes doubles as JSON.stringify does and lossless numbers with their own digits', () => {
    expect(answerText(value, { numbersAsStrings: false, exact: true })).toBe(
      '{"count":60,"dust":9.5e-7,"long":98765432.987654321,"tiny":1e-18,"text":"kept","none":null}',
    );
  });

  it('writes every number as a string of its plain decimal digits', () => {
    expect(answerText(value, { numbersAsStrings: true, exact: true })).toBe(
      '{"count":"60","dust":"0.00000095","long":"98765432.987654321","tiny":"0.000000000000000001","text":"kept","none":null}',
    );
  });

  it('writes doubles alone through the native writer, identically', () => {
    const doubles = { data: [{ amount: 0.00000095, views: 3, amountFiatUSD: 1000.05 }] };
    expect(answerText(doubles, { numbersAsStrings: false, exact: false })).toBe(
      '{"data":[{"amount":9.5e-7,"views":3,"amountFiatUSD":1000.05}]}',
    );
  });
});
