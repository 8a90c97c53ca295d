import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSandboxApp } from '../../../lib/sandbox';
import { latency } from '../../../lib/sandbox/app';
import { NOW } from './sandbox-fixtures';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('latency', () => {
  it('holds each answer back for latencyMs', async () => {
    const app = createSandboxApp({ latencyMs: 40, now: NOW, apiKey: 'sandbox-key' });
    let answered = false;
    const pending = Promise.resolve(
      app.request('/statistics/invoices', {
        method: 'POST',
        headers: { Authorization: 'Token sandbox-key' },
        body: new URLSearchParams({ startDate: '2026-10-01', endDate: '2026-10-31' }),
      }),
    ).then((response) => {
      answered = true;
      return response;
    });
    await vi.advanceTimersByTimeAsync(39);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).status).toBe(200);
    expect(answered).toBe(true);
  });

  it('holds back error answers too', async () => {
    const app = createSandboxApp({ latencyMs: 500, now: NOW, apiKey: 'sandbox-key' });
    let answered = false;
    const pending = Promise.resolve(app.request('/invoices/list', { method: 'POST' })).then((response) => {
      answered = true;
      return response;
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).status).toBe(401);
  });
});

/** An app behind `latency(40)` whose one route takes `workMs`, and the times its answers came. */
function appWithWork(workMs: number) {
  const app = new Hono();
  app.use(latency(40));
  app.get('/', async (c) => {
    await new Promise((resolve) => setTimeout(resolve, workMs));
    return c.text(`page after ${workMs} ms`);
  });
  const answeredAt: number[] = [];
  const start = Date.now();
  const ask = () =>
    Promise.resolve(app.request('/')).then(async (response) => {
      answeredAt.push(Date.now() - start);
      return response.text();
    });
  return { ask, answeredAt };
}

describe('latency, with work that takes time', () => {
  it('answers latencyMs after the request arrived, the work done while it waits', async () => {
    // A route that takes 30 ms, as a page takes the sandbox's CPU: answered at 40 ms, not 70.
    const { ask, answeredAt } = appWithWork(30);
    const pending = [ask(), ask(), ask()];
    await vi.advanceTimersByTimeAsync(39);
    expect(answeredAt).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(answeredAt).toEqual([40, 40, 40]);
    expect(await Promise.all(pending)).toEqual(['page after 30 ms', 'page after 30 ms', 'page after 30 ms']);
  });

  it('answers as soon as work longer than latencyMs is done', async () => {
    const { ask, answeredAt } = appWithWork(100);
    const pending = ask();
    await vi.advanceTimersByTimeAsync(99);
    expect(answeredAt).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(answeredAt).toEqual([100]);
    expect(await pending).toBe('page after 100 ms');
  });
});
