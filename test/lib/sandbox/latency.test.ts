import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSandboxApp } from '../../../lib/sandbox';
import { NOW } from './sandbox-fixtures';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout'] });
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
