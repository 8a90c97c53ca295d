import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client, InvalidReportKeyError, listReportPeriods } from '../../../lib/delivery';
import { type RunningEmulator, startS3Emulator } from '../../../lib/local/emulators';

const BUCKET = 'report-periods';
let workDir: string;
let emulator: RunningEmulator;
let s3: S3Client;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'report-periods-'));
  emulator = await startS3Emulator({ port: 0, directory: join(workDir, 's3'), buckets: [BUCKET] });
  s3 = createS3Client({ endpoint: emulator.endpoint });
  for (const key of [
    'reports/acme/2026-10/manifest.json',
    'reports/acme/2026-10/builds/20261101T050000123Z-3f9a0c1e2b4d/report.html',
    'reports/acme/2026-10/builds/20261104T093012456Z-8be21a7c0d55/report.xlsx',
    // s3rver lists a folder only for an object directly inside it (S3 lists it for any key under it):
    // each period here has one, as a period with a report has its manifest.
    'reports/acme/2026-Q3/manifest.json',
    'reports/acme/2026-Q3/builds/20261001T050000000Z-0a1b2c3d4e5f/summary.json',
    'reports/acme/2026-Q2/summary.json',
    'reports/acme/2025/delivery.json',
    'reports/acme/rebuilds.json',
    'reports/acme/notes/readme.txt',
    'reports/acme-eu/2026-09/manifest.json',
    'reports/globex/2026-08/manifest.json',
  ]) {
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: '{}' }));
  }
});

afterAll(async () => {
  s3.destroy();
  await emulator.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('listReportPeriods', () => {
  it("lists each period folder of the account once, and nothing of another account's", async () => {
    const periods = await listReportPeriods({ s3, bucket: BUCKET, account: 'acme' });
    // Not rebuilds.json beside the periods, nor the builds inside them, nor a folder that is no period.
    expect(periods.sort()).toEqual(['2025', '2026-10', '2026-Q2', '2026-Q3']);
  });

  it('lists nothing for an account with no reports', async () => {
    expect(await listReportPeriods({ s3, bucket: BUCKET, account: 'initech' })).toEqual([]);
  });

  it('refuses an account that is not a name', async () => {
    await expect(listReportPeriods({ s3, bucket: BUCKET, account: '../acme' })).rejects.toThrow(
      InvalidReportKeyError,
    );
  });
});
