import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CorruptObjectError,
  createS3Client,
  InvalidReportKeyError,
  listReportPeriods,
  readManifest,
} from '../../../lib/delivery';
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

describe('readManifest', () => {
  /** Stores `body` as the October 2026 manifest of `account`, then reads it back. */
  async function readStoredManifest(account: string, body: string) {
    await s3.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: `reports/${account}/2026-10/manifest.json`, Body: body }),
    );
    return readManifest({ s3, bucket: BUCKET, account, period: '2026-10' });
  }

  it('refuses a manifest that is not JSON', async () => {
    await expect(readStoredManifest('bad', '{')).rejects.toThrow(CorruptObjectError);
  });

  it('refuses a manifest of another period', async () => {
    const other = {
      account: 'moved',
      period: '2026-09',
      generatedAt: '2026-10-01T00:00:00.000Z',
      files: [],
      figures: {},
    };
    await expect(readStoredManifest('moved', JSON.stringify(other))).rejects.toThrow(
      'it describes moved 2026-09',
    );
  });

  it.each([
    ['a file', 'files'],
    ['a replaced build', 'superseded'],
  ])('refuses a manifest listing as %s a key outside its report files', async (_what, member) => {
    const stray = 'reports/stray/2026-10/delivery.json';
    const file = {
      name: 'report.html',
      key: stray,
      size: 1,
      sha256: 'a'.repeat(64),
      contentType: 'text/html',
    };
    const manifest = {
      account: 'stray',
      period: '2026-10',
      generatedAt: '2026-11-01T00:00:00.000Z',
      files: member === 'files' ? [file] : [],
      figures: {},
      superseded:
        member === 'superseded' ? [{ supersededAt: '2026-11-01T00:00:00.000Z', keys: [stray] }] : [],
    };
    await expect(readStoredManifest('stray', JSON.stringify(manifest))).rejects.toThrow(
      `it lists "${stray}", not a report file of stray 2026-10`,
    );
  });

  it('reads a manifest saved before quarters and years, which names its month `month`', async () => {
    const saved = {
      account: 'older',
      month: '2026-10',
      generatedAt: '2026-11-01T00:00:00.000Z',
      files: [],
      figures: { paidInvoices: 1 },
    };
    expect(await readStoredManifest('older', JSON.stringify(saved))).toEqual({
      account: 'older',
      period: '2026-10',
      generatedAt: '2026-11-01T00:00:00.000Z',
      files: [],
      figures: { paidInvoices: 1 },
      superseded: [],
    });
  });

  it('names the field of a manifest that does not match its schema', async () => {
    const broken = {
      account: 'broken',
      period: '2026-10',
      generatedAt: '2026-11-01T00:00:00.000Z',
      files: [{ name: 'report.html', key: 'reports/broken/2026-10/report.html', size: -1 }],
      figures: {},
    };
    await expect(readStoredManifest('broken', JSON.stringify(broken))).rejects.toThrow(
      'files[0].size: Too small: expected number to be >=0',
    );
  });
});
