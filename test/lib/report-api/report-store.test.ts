import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest } from '../../../lib/delivery';
import { BUCKET, type ReportApiHarness, SANDBOX_NOW, startReportApiHarness } from './report-api-harness';

interface Answer {
  period: string;
  complete: boolean;
  asOf: string;
  generatedAt: string;
  summary: { period: { complete: boolean; asOf: string } };
}

const MINUTE = 60_000;

describe('ReportStore, through GET /reports/:account/:period', () => {
  let h: ReportApiHarness;

  beforeAll(async () => {
    h = await startReportApiHarness();
  });

  afterAll(async () => {
    await h.close();
  });

  /** Moves the API's clock (it moves on a second at each reading besides). */
  const setClock = (at: Date) => {
    h.clock.next = at;
  };
  const answerFor = async (path: string) => {
    const response = await h.get(path);
    expect(response.status).toBe(200);
    return (await response.json()) as Answer;
  };
  const builds = (period: string) =>
    h.logs.filter((line) => line.message === 'report built' && line.attributes.period === period).length;

  it('serves a report of a month not ended as not final, and keeps it while it is fresh', async () => {
    setClock(SANDBOX_NOW);
    const first = await answerFor('/reports/demo/2026-11');
    expect(first).toMatchObject({ period: '2026-11', complete: false });
    expect(first.summary.period).toMatchObject({ complete: false, asOf: first.asOf });
    expect(Date.parse(first.asOf)).toBeGreaterThanOrEqual(SANDBOX_NOW.getTime());
    expect(builds('2026-11')).toBe(1);

    // Four minutes later: younger than five, served as saved, and still said to be so far.
    setClock(new Date(Date.parse(first.generatedAt) + 4 * MINUTE));
    const requestsBefore = h.serviceRequests.length;
    const again = await answerFor('/reports/demo/2026-11');
    expect(h.serviceRequests.length).toBe(requestsBefore);
    expect(again).toMatchObject({ complete: false, asOf: first.asOf, generatedAt: first.generatedAt });
    expect(builds('2026-11')).toBe(1);
  });

  it('rebuilds a report of a month not ended once it is older than five minutes', async () => {
    const saved = await readManifest({ s3: h.s3, bucket: BUCKET, account: 'demo', period: '2026-11' });
    const later = new Date(Date.parse(saved!.generatedAt) + 5 * MINUTE + 2000);
    setClock(later);
    const requestsBefore = h.serviceRequests.length;
    const rebuilt = await answerFor('/reports/demo/2026-11');
    expect(h.serviceRequests.slice(requestsBefore)).toContain('/statistics/invoices');
    expect(builds('2026-11')).toBe(2);
    expect(rebuilt.complete).toBe(false);
    // The new figures run to the moment of the rebuild, not to the old one.
    expect(Date.parse(rebuilt.asOf)).toBeGreaterThanOrEqual(later.getTime());
    expect(Date.parse(rebuilt.generatedAt)).toBeGreaterThan(Date.parse(saved!.generatedAt));
  });

  it('never rebuilds a complete report on its own, however old', async () => {
    setClock(SANDBOX_NOW);
    const first = await answerFor('/reports/demo/2026-Q3');
    expect(first).toMatchObject({ period: '2026-Q3', complete: true, asOf: '2026-10-01T00:00:00.000Z' });
    setClock(new Date(SANDBOX_NOW.getTime() + 90 * 86_400_000));
    const requestsBefore = h.serviceRequests.length;
    const later = await answerFor('/reports/demo/2026-Q3');
    expect(h.serviceRequests.length).toBe(requestsBefore);
    expect(later.generatedAt).toBe(first.generatedAt);
    expect(builds('2026-Q3')).toBe(1);
  });

  it('rebuilds a month that ended after its report was made, which then says it is complete', async () => {
    // The November report above was made in November; on 2 December it is old and not final.
    setClock(new Date('2026-12-02T08:00:00Z'));
    const answer = await answerFor('/reports/demo/2026-11');
    expect(answer).toMatchObject({ complete: true, asOf: '2026-12-01T00:00:00.000Z' });
    expect(builds('2026-11')).toBe(3);
  });

  it('reads a summary saved before periods had complete and asOf by its end and generatedAt', async () => {
    setClock(SANDBOX_NOW);
    await answerFor('/reports/demo/2026-08');
    // What a report of August saved in August would look like: no complete, no asOf.
    const older = {
      period: {
        month: '2026-08',
        timezone: 'UTC',
        start: '2026-08-01T00:00:00.000Z',
        end: '2026-09-01T00:00:00.000Z',
      },
      generatedAt: '2026-08-20T10:00:00.000Z',
    };
    await h.s3.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'reports/demo/2026-08/summary.json',
        Body: JSON.stringify(older),
      }),
    );
    // Its manifest is fresh (just built), so it is served, and said not final as of when it was made.
    const answer = await answerFor('/reports/demo/2026-08');
    expect(answer).toMatchObject({ complete: false, asOf: '2026-08-20T10:00:00.000Z' });
    expect(builds('2026-08')).toBe(1);
  });
});
