import { createHash } from 'node:crypto';
import { mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CorruptObjectError,
  createS3Client,
  InvalidReportFolderError,
  InvalidReportKeyError,
  presignReportFile,
  readManifest,
  saveReport,
} from '../../../lib/delivery';
import { type RunningEmulator, startS3Emulator } from '../../../lib/local/emulators';
import { REPORT_FIXTURE, writeReportFolder } from './report-fixture';

const BUCKET = 'reports-bucket';
const GENERATED_AT = new Date(Date.UTC(2026, 10, 1, 6, 0, 0));
const FIGURES = { paidInvoices: 2, paidTotalUSD: '10.50' };

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

// One S3 emulator for the file: each test uses its own account or month, so none sees another's objects.
let workDir: string;
let emulator: RunningEmulator;
let s3: S3Client;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'save-report-'));
  emulator = await startS3Emulator({ port: 0, directory: join(workDir, 's3'), buckets: [BUCKET] });
  s3 = createS3Client({ endpoint: emulator.endpoint });
});

afterAll(async () => {
  await emulator.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('saveReport', () => {
  let folder: string;

  beforeAll(async () => {
    folder = await writeReportFolder();
  });

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  async function getObject(key: string) {
    const answer = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    return {
      bytes: Buffer.from(await answer.Body!.transformToByteArray()),
      contentType: answer.ContentType,
      contentDisposition: answer.ContentDisposition,
    };
  }

  async function keysUnder(prefix: string): Promise<string[]> {
    const listing = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
    return (listing.Contents ?? []).map((object) => object.Key ?? '').sort();
  }

  /** Records the key of every object write (and delete) the client makes, in order. */
  function recordWrites(client: S3Client): string[] {
    const writes: string[] = [];
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { Key?: string };
        if (context.commandName !== 'GetObjectCommand' && input.Key)
          writes.push(`${context.commandName} ${input.Key}`);
        return next(args);
      },
      { step: 'initialize' },
    );
    return writes;
  }

  it('stores the five files byte for byte with their types and download names', async () => {
    await saveReport({ s3, bucket: BUCKET, account: 'acme', period: '2026-10', folder, figures: FIGURES });
    const csv = await getObject('reports/acme/2026-10/paid-invoices.csv');
    expect(csv.bytes.equals(REPORT_FIXTURE['paid-invoices.csv'])).toBe(true);
    expect(csv.contentType).toBe('text/csv; charset=utf-8');
    expect(csv.contentDisposition).toBe('attachment; filename="acme-2026-10-paid-invoices.csv"');

    const payments = await getObject('reports/acme/2026-10/payments.csv');
    expect(payments.bytes.equals(REPORT_FIXTURE['payments.csv'])).toBe(true);
    expect(payments.contentDisposition).toBe('attachment; filename="acme-2026-10-payments.csv"');

    const html = await getObject('reports/acme/2026-10/report.html');
    expect(html.bytes.equals(REPORT_FIXTURE['report.html'])).toBe(true);
    expect(html.contentType).toBe('text/html; charset=utf-8');
    expect(html.contentDisposition).toBe('inline; filename="acme-2026-10-report.html"');

    const summary = await getObject('reports/acme/2026-10/summary.json');
    expect(summary.bytes.equals(REPORT_FIXTURE['summary.json'])).toBe(true);
    expect(summary.contentType).toBe('application/json');

    const workbook = await getObject('reports/acme/2026-10/report.xlsx');
    expect(workbook.bytes.equals(REPORT_FIXTURE['report.xlsx'])).toBe(true);
    expect(workbook.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(workbook.contentDisposition).toBe('attachment; filename="acme-2026-10-report.xlsx"');
  });

  it('writes a manifest listing sizes and checksums, and returns it', async () => {
    const manifest = await saveReport({
      s3,
      bucket: BUCKET,
      account: 'acme',
      period: '2026-09',
      folder,
      figures: FIGURES,
      now: () => GENERATED_AT,
    });
    const expected = {
      account: 'acme',
      period: '2026-09',
      generatedAt: '2026-11-01T06:00:00.000Z',
      files: (
        ['report.html', 'report.xlsx', 'paid-invoices.csv', 'payments.csv', 'summary.json'] as const
      ).map((name) => ({
        name,
        key: `reports/acme/2026-09/${name}`,
        size: REPORT_FIXTURE[name].length,
        sha256: sha256(REPORT_FIXTURE[name]),
        contentType: {
          csv: 'text/csv; charset=utf-8',
          html: 'text/html; charset=utf-8',
          xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          json: 'application/json',
        }[name.split('.')[1]!],
      })),
      figures: { paidInvoices: 2, paidTotalUSD: '10.50' },
    };
    expect(manifest).toEqual(expected);
    const stored = await getObject('reports/acme/2026-09/manifest.json');
    expect(stored.contentType).toBe('application/json');
    expect(JSON.parse(stored.bytes.toString('utf8'))).toEqual(expected);
    expect(await readManifest({ s3, bucket: BUCKET, account: 'acme', period: '2026-09' })).toEqual(expected);
  });

  it('writes the manifest last, after removing the one of an earlier save', async () => {
    const client = createS3Client({ endpoint: emulator.endpoint });
    const writes = recordWrites(client);
    await saveReport({
      s3: client,
      bucket: BUCKET,
      account: 'order',
      period: '2026-10',
      folder,
      figures: {},
    });
    expect(writes[0]).toBe('DeleteObjectCommand reports/order/2026-10/manifest.json');
    expect(writes.at(-1)).toBe('PutObjectCommand reports/order/2026-10/manifest.json');
    expect(writes.slice(1, -1).sort()).toEqual([
      'PutObjectCommand reports/order/2026-10/paid-invoices.csv',
      'PutObjectCommand reports/order/2026-10/payments.csv',
      'PutObjectCommand reports/order/2026-10/report.html',
      'PutObjectCommand reports/order/2026-10/report.xlsx',
      'PutObjectCommand reports/order/2026-10/summary.json',
    ]);
  });

  it('finds no manifest for a period never saved, nor for one whose files are there without it', async () => {
    expect(await readManifest({ s3, bucket: BUCKET, account: 'acme', period: '2020-01' })).toBeNull();
    await s3.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: 'reports/half/2026-10/report.html', Body: '<p>half</p>' }),
    );
    expect(await readManifest({ s3, bucket: BUCKET, account: 'half', period: '2026-10' })).toBeNull();
  });

  it('refuses a folder with a file missing and writes nothing', async () => {
    const partial = await writeReportFolder();
    await unlink(join(partial, 'payments.csv'));
    await expect(
      saveReport({ s3, bucket: BUCKET, account: 'missing', period: '2026-10', folder: partial, figures: {} }),
    ).rejects.toThrow(new InvalidReportFolderError(`report folder ${partial} lacks payments.csv`));
    expect(await keysUnder('reports/missing/')).toEqual([]);
    await rm(partial, { recursive: true, force: true });
  });

  it('refuses an account that would leave the prefix and writes nothing', async () => {
    await expect(
      saveReport({ s3, bucket: BUCKET, account: '../other', period: '2026-10', folder, figures: {} }),
    ).rejects.toThrow(InvalidReportKeyError);
    expect(await keysUnder('reports/other')).toEqual([]);
    expect(await keysUnder('other')).toEqual([]);
  });

  it('refuses figures that are not an object', async () => {
    await expect(
      saveReport({ s3, bucket: BUCKET, account: 'acme', period: '2026-08', folder, figures: [] as never }),
    ).rejects.toThrow('figures must be a JSON object');
    expect(await keysUnder('reports/acme/2026-08/')).toEqual([]);
  });

  it('uploads a large file in parts, byte for byte', async () => {
    const large = await writeReportFolder();
    // 8 MiB: over lib-storage's 5 MiB part size, so it goes as a multipart upload.
    const row = Buffer.from('9001,0.00012000,true,padding-padding-padding-padding-padding\r\n');
    const bytes = Buffer.concat([REPORT_FIXTURE['payments.csv'], Buffer.alloc(8 * 1024 * 1024, row)]);
    await writeFile(join(large, 'payments.csv'), bytes);
    const client = createS3Client({ endpoint: emulator.endpoint });
    const writes = recordWrites(client);
    const manifest = await saveReport({
      s3: client,
      bucket: BUCKET,
      account: 'big',
      period: '2026-10',
      folder: large,
      figures: {},
    });
    expect(writes).toContain('CreateMultipartUploadCommand reports/big/2026-10/payments.csv');
    expect(writes).toContain('CompleteMultipartUploadCommand reports/big/2026-10/payments.csv');
    const stored = await getObject('reports/big/2026-10/payments.csv');
    expect(stored.bytes.length).toBe(bytes.length);
    expect(sha256(stored.bytes)).toBe(sha256(bytes));
    expect(stored.contentType).toBe('text/csv; charset=utf-8');
    expect(manifest.files.find((file) => file.name === 'payments.csv')?.sha256).toBe(sha256(bytes));
    await rm(large, { recursive: true, force: true });
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

describe('presignReportFile', () => {
  beforeAll(async () => {
    const folder = await writeReportFolder();
    await saveReport({ s3, bucket: BUCKET, account: 'acme', period: '2026-10', folder, figures: {} });
    await rm(folder, { recursive: true, force: true });
  });

  it('gives a URL that downloads the file with its type and name, for minutes', async () => {
    const url = await presignReportFile({
      s3,
      bucket: BUCKET,
      account: 'acme',
      period: '2026-10',
      fileName: 'paid-invoices.csv',
      expiresInSeconds: 300,
    });
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('300');
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="acme-2026-10-paid-invoices.csv"',
    );
    expect(Buffer.from(await response.arrayBuffer()).equals(REPORT_FIXTURE['paid-invoices.csv'])).toBe(true);
  });

  it('refuses a lifetime past seven days', async () => {
    await expect(
      presignReportFile({
        s3,
        bucket: BUCKET,
        account: 'acme',
        period: '2026-10',
        fileName: 'report.html',
        expiresInSeconds: 604_801,
      }),
    ).rejects.toThrow(RangeError);
  });

  it('refuses a file outside the report', async () => {
    await expect(
      presignReportFile({
        s3,
        bucket: BUCKET,
        account: 'acme',
        period: '2026-10',
        fileName: 'delivery.json' as 'report.html',
      }),
    ).rejects.toThrow(InvalidReportKeyError);
  });
});
