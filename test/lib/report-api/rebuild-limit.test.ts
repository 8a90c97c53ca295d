import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportApi } from '../../../lib/report-api';
import { expectError, type ReportApiHarness, startReportApiHarness, TOKEN } from './report-api-harness';

describe('the rebuild limit', () => {
  let h: ReportApiHarness;
  /** The clock of the apps made here: it moves only when a test moves it. */
  let now: Date;
  const at = (time: string) => {
    now = new Date(time);
  };
  const makeApp = (rebuildIntervalSeconds?: number) =>
    createReportApi({
      ...h.options,
      publish: { ...h.options.publish, now: () => now },
      ...(rebuildIntervalSeconds === undefined ? {} : { rebuildIntervalSeconds }),
    });
  const ask = (app: ReturnType<typeof makeApp>, path: string, headers: Record<string, string> = {}) =>
    app.request(path, { headers: { Authorization: `Bearer ${TOKEN}`, ...headers } });

  beforeAll(async () => {
    h = await startReportApiHarness();
  });

  afterAll(async () => {
    await h.close();
  });

  it('answers a second refresh=true within the minute with 429 and Retry-After, asking the service nothing', async () => {
    const app = makeApp();
    at('2026-11-15T12:00:00Z');
    expect((await ask(app, '/reports/demo/2026-10?refresh=true')).status).toBe(200);
    const requestsBefore = h.serviceRequests.length;

    at('2026-11-15T12:00:20Z');
    const response = await ask(app, '/reports/demo/2026-10?refresh=true');
    expect(response.headers.get('retry-after')).toBe('40');
    const message = await expectError(response, 429, 'too_many_rebuilds');
    expect(message).toBe(
      'a report of demo was asked to be built less than 60 seconds ago, and its reports are built on request at most once in 60 seconds; try again in 40 seconds',
    );
    expect(h.serviceRequests.length).toBe(requestsBefore);
  });

  it('holds across instances of the API, since the record of the last rebuild is in S3', async () => {
    const first = makeApp();
    const second = makeApp();
    at('2026-11-15T13:00:00Z');
    expect((await ask(first, '/reports/demo/2026-09?refresh=true')).status).toBe(200);
    at('2026-11-15T13:00:59Z');
    const response = await ask(second, '/reports/demo/2026-09?refresh=true');
    expect(response.headers.get('retry-after')).toBe('1');
    await expectError(response, 429, 'too_many_rebuilds');
  });

  it('lets the next rebuild through once the interval has passed', async () => {
    const app = makeApp();
    at('2026-11-15T14:00:00Z');
    expect((await ask(app, '/reports/demo/2026-10?refresh=true')).status).toBe(200);
    at('2026-11-15T14:01:00Z');
    const response = await ask(app, '/reports/demo/2026-10?refresh=true');
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { generatedAt: string };
    expect(answer.generatedAt).toBe('2026-11-15T14:01:00.000Z');
  });

  it('limits each account on its own', async () => {
    const app = makeApp();
    at('2026-11-15T15:00:00Z');
    expect((await ask(app, '/reports/demo/2026-10?refresh=true')).status).toBe(200);
    expect((await ask(app, '/reports/kiritimati/2026-10?refresh=true')).status).toBe(200);
  });

  it('never limits a request that reads what S3 holds', async () => {
    const app = makeApp();
    at('2026-11-15T16:00:00Z');
    expect((await ask(app, '/reports/demo/2026-10?refresh=true')).status).toBe(200);
    for (const path of ['/reports/demo/2026-10', '/reports/demo/2026-10?refresh=false', '/reports/demo']) {
      expect({ path, status: (await ask(app, path)).status }).toEqual({ path, status: 200 });
    }
  });

  it('takes its interval from the options', async () => {
    const app = makeApp(300);
    at('2026-11-15T17:00:00Z');
    expect((await ask(app, '/reports/demo/2026-10?refresh=true')).status).toBe(200);
    at('2026-11-15T17:04:00Z');
    const response = await ask(app, '/reports/demo/2026-10?refresh=true');
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('60');
  });

  it('tells a browser when to try again, on a page with the same status and Retry-After', async () => {
    const app = makeApp();
    at('2026-11-15T18:00:00Z');
    expect((await ask(app, '/reports/demo/2026-10?refresh=true')).status).toBe(200);
    at('2026-11-15T18:00:15Z');
    const response = await ask(app, '/reports/demo/2026-10?refresh=true', { Accept: 'text/html' });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('45');
    expect(response.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    const page = await response.text();
    expect(page).toContain('<h1 class="title">Please wait a moment</h1>');
    expect(page).toContain('Try again in 45 seconds.');
  });

  it('never refuses the rebuild of an outdated report of a period not ended, nor counts it', async () => {
    const app = makeApp(600);
    at('2026-11-15T19:00:00Z');
    expect((await ask(app, '/reports/demo/2026-11?refresh=true')).status).toBe(200);
    // Six minutes on, within the ten-minute limit: the report of November so far is older than five
    // minutes, so the next request builds it again rather than serve figures that stopped at 19:00.
    at('2026-11-15T19:06:00Z');
    const response = await ask(app, '/reports/demo/2026-11');
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { complete: boolean; asOf: string; generatedAt: string };
    expect(answer).toMatchObject({ complete: false, generatedAt: '2026-11-15T19:06:00.000Z' });
    expect(answer.asOf).toBe('2026-11-15T19:06:00.000Z');
    // The limit still runs from 19:00, not from the rebuild at 19:06.
    at('2026-11-15T19:07:00Z');
    const refused = await ask(app, '/reports/demo/2026-11?refresh=true');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('180');
  });
});
