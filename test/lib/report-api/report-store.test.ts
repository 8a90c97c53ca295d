import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest } from '../../../lib/delivery';
import { createReportApi } from '../../../lib/report-api';
import { conditionalBucket } from '../delivery/conditional-bucket';
import {
  BUCKET,
  type ReportApiHarness,
  SANDBOX_NOW,
  startReportApiHarness,
  TOKEN,
} from './report-api-harness';

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
        Key: await h.servedKey('demo', '2026-08', 'summary.json'),
        Body: JSON.stringify(older),
      }),
    );
    // Its manifest is fresh (just built), so it is served, and said not final as of when it was made.
    const answer = await answerFor('/reports/demo/2026-08');
    expect(answer).toMatchObject({ complete: false, asOf: '2026-08-20T10:00:00.000Z' });
    expect(builds('2026-08')).toBe(1);
  });
  it('answers with the report of a build that switched the period first, and keeps none of its own', async () => {
    // s3rver ignores conditional writes: S3's 412 comes from an in-memory bucket behind a client of its own.
    const s3 = new S3Client({ region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'y' } });
    const bucket = conditionalBucket(s3);
    try {
      const app = createReportApi({ ...h.options, publish: { ...h.options.publish, s3 } });
      const other = 'reports/demo/2026-10/builds/20261115T115900000Z-0123456789ab/summary.json';
      const otherSummary = {
        period: {
          id: '2026-10',
          end: '2026-11-01T00:00:00.000Z',
          complete: true,
          asOf: '2026-11-01T00:00:00.000Z',
        },
        generatedAt: '2026-11-15T11:59:00.000Z',
      };
      // Another build (the scheduled run, or another instance) switches the period just before this one.
      bucket.beforeNext(
        'put',
        () => {
          bucket.put(other, otherSummary);
          bucket.put('reports/demo/2026-10/manifest.json', {
            account: 'demo',
            period: '2026-10',
            buildId: '20261115T115900000Z-0123456789ab',
            generatedAt: '2026-11-15T11:59:00.000Z',
            files: [
              {
                name: 'summary.json',
                key: other,
                size: 1,
                sha256: 'a'.repeat(64),
                contentType: 'application/json',
              },
            ],
            figures: {},
          });
        },
        'reports/demo/2026-10/manifest.json',
      );
      const response = await app.request('/reports/demo/2026-10', {
        headers: { Authorization: `Bearer ${TOKEN}` },
      });
      expect(response.status).toBe(200);
      const answer = (await response.json()) as Answer;
      expect(answer).toMatchObject({ generatedAt: '2026-11-15T11:59:00.000Z', summary: otherSummary });
      expect([...bucket.objects.keys()].sort()).toEqual([other, 'reports/demo/2026-10/manifest.json']);
    } finally {
      bucket.mock.restore();
    }
  });
  it("serves a saved report to a request asking for no rebuild while another request's rebuild runs and fails", async () => {
    setClock(SANDBOX_NOW);
    const saved = await answerFor('/reports/demo/2026-07');
    // A second app on the same stores whose service fails once a rebuild has begun asking it.
    let asked!: () => void;
    const rebuildAsking = new Promise<void>((resolve) => {
      asked = resolve;
    });
    let release!: () => void;
    const failing = new Promise<void>((resolve) => {
      release = resolve;
    });
    const downFetch: typeof fetch = async () => {
      asked();
      await failing;
      throw new TypeError('fetch failed');
    };
    const app = createReportApi({
      ...h.options,
      publish: { ...h.options.publish, client: { fetch: downFetch, maxRetries: 0 } },
    });
    const request = (path: string) => app.request(path, { headers: { Authorization: `Bearer ${TOKEN}` } });

    const refresh = request('/reports/demo/2026-07?refresh=true');
    await rebuildAsking;
    // Answered while the rebuild still runs: the rebuild fails only once the plain request has its answer
    // (a plain request that waited for the rebuild would never be answered, and the test would time out).
    const answer = await request('/reports/demo/2026-07');
    release();
    expect((await refresh).status).toBe(502);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as Answer).generatedAt).toBe(saved.generatedAt);
  });

  it("serves a saved report to a request asking for no rebuild while another request's rebuild is refused", async () => {
    setClock(SANDBOX_NOW);
    const saved = await answerFor('/reports/kiritimati/2026-06');
    // The account's rebuild of the minute is taken.
    expect((await h.get('/reports/kiritimati/2026-06?refresh=true')).status).toBe(200);

    const [refresh, plain] = await Promise.all([
      h.get('/reports/kiritimati/2026-06?refresh=true'),
      h.get('/reports/kiritimati/2026-06'),
    ]);
    expect(refresh.status).toBe(429);
    expect(plain.status).toBe(200);
    const answer = (await plain.json()) as Answer;
    expect(answer.period).toBe('2026-06');
    expect(answer.generatedAt).not.toBe(saved.generatedAt);
    expect(builds('2026-06')).toBe(2);
  });
});
