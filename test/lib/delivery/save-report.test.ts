import { createHash } from 'node:crypto';
import { mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  beginReportBuild,
  createS3Client,
  InvalidReportFolderError,
  InvalidReportKeyError,
  presignReportFile,
  type ReportManifest,
  readManifest,
  saveReport,
} from '../../../lib/delivery';
import type { ReportBuild, SaveReportOptions } from '../../../lib/delivery/save-report';
import { type RunningEmulator, startS3Emulator } from '../../../lib/local/emulators';
import { REPORT_FIXTURE, writeReportFolder } from './report-fixture';

const BUCKET = 'reports-bucket';
const GENERATED_AT = new Date(Date.UTC(2026, 10, 1, 6, 0, 0));
const FIGURES = { paidInvoices: 2, paidTotalUSD: '10.50' };
const FILE_NAMES = [
  'report.html',
  'report.xlsx',
  'paid-invoices.csv',
  'payments.csv',
  'unmatched-payments.csv',
  'summary.json',
] as const;
/** The files of a report saved before builds had folders, which was before the workbook too. */
const LEGACY_FILE_NAMES = FILE_NAMES.filter((name) => name !== 'report.xlsx');
const MINUTE = 60_000;

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

// One S3 emulator for the file: each test uses its own account or period, so none sees another's objects.
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

/** The keys of a build's six files. */
function buildKeys(account: string, period: string, buildId: string): string[] {
  return FILE_NAMES.map((name) => `reports/${account}/${period}/builds/${buildId}/${name}`).sort();
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

/** Begins a build of the period at `at`, then saves `folder` as it, the switch made at `at` too. */
async function saveAt(
  account: string,
  period: string,
  folder: string,
  at: Date = GENERATED_AT,
  overrides: Partial<SaveReportOptions> = {},
): Promise<{ build: ReportBuild; manifest: ReportManifest; switched: boolean }> {
  const client = overrides.s3 ?? s3;
  const build = await beginReportBuild({ s3: client, bucket: BUCKET, account, period, now: at });
  const saved = await saveReport({
    s3: client,
    bucket: BUCKET,
    build,
    folder,
    figures: FIGURES,
    now: () => at,
    ...overrides,
  });
  return { build, ...saved };
}

describe('saveReport', () => {
  let folder: string;

  beforeAll(async () => {
    folder = await writeReportFolder();
  });

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it("stores the six files byte for byte in the build's own folder, with their types and download names", async () => {
    const { build } = await saveAt('acme', '2026-10', folder);
    const key = (name: string) => `reports/acme/2026-10/builds/${build.buildId}/${name}`;
    expect(build.buildId).toMatch(/^20261101T060000000Z-[0-9a-f]{12}$/);

    const csv = await getObject(key('paid-invoices.csv'));
    expect(csv.bytes.equals(REPORT_FIXTURE['paid-invoices.csv'])).toBe(true);
    expect(csv.contentType).toBe('text/csv; charset=utf-8');
    expect(csv.contentDisposition).toBe('attachment; filename="acme-2026-10-paid-invoices.csv"');

    const payments = await getObject(key('payments.csv'));
    expect(payments.bytes.equals(REPORT_FIXTURE['payments.csv'])).toBe(true);
    expect(payments.contentDisposition).toBe('attachment; filename="acme-2026-10-payments.csv"');

    const html = await getObject(key('report.html'));
    expect(html.bytes.equals(REPORT_FIXTURE['report.html'])).toBe(true);
    expect(html.contentType).toBe('text/html; charset=utf-8');
    expect(html.contentDisposition).toBe('inline; filename="acme-2026-10-report.html"');

    const summary = await getObject(key('summary.json'));
    expect(summary.bytes.equals(REPORT_FIXTURE['summary.json'])).toBe(true);
    expect(summary.contentType).toBe('application/json');

    const workbook = await getObject(key('report.xlsx'));
    expect(workbook.bytes.equals(REPORT_FIXTURE['report.xlsx'])).toBe(true);
    expect(workbook.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(workbook.contentDisposition).toBe('attachment; filename="acme-2026-10-report.xlsx"');

    expect(await keysUnder('reports/acme/2026-10/')).toEqual(
      [...buildKeys('acme', '2026-10', build.buildId), 'reports/acme/2026-10/manifest.json'].sort(),
    );
  });

  it('writes a manifest that switches the period to the build, with sizes and checksums, and returns it', async () => {
    const { build, manifest, switched } = await saveAt('acme', '2026-09', folder);
    const expected = {
      account: 'acme',
      period: '2026-09',
      buildId: build.buildId,
      generatedAt: '2026-11-01T06:00:00.000Z',
      files: FILE_NAMES.map((name) => ({
        name,
        key: `reports/acme/2026-09/builds/${build.buildId}/${name}`,
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
      superseded: [],
    };
    expect(switched).toBe(true);
    expect(manifest).toEqual(expected);
    const stored = await getObject('reports/acme/2026-09/manifest.json');
    expect(stored.contentType).toBe('application/json');
    expect(JSON.parse(stored.bytes.toString('utf8'))).toEqual(expected);
    expect(await readManifest({ s3, bucket: BUCKET, account: 'acme', period: '2026-09' })).toEqual(expected);
  });

  it('uploads the files, then writes the manifest last, and never deletes the one served', async () => {
    const first = await saveAt('order', '2026-10', folder);
    const client = createS3Client({ endpoint: emulator.endpoint });
    const writes = recordWrites(client);
    const second = await saveAt('order', '2026-10', folder, new Date(GENERATED_AT.getTime() + MINUTE), {
      s3: client,
    });
    expect(writes.at(-1)).toBe('PutObjectCommand reports/order/2026-10/manifest.json');
    expect(writes.slice(0, -1).sort()).toEqual(
      buildKeys('order', '2026-10', second.build.buildId).map((key) => `PutObjectCommand ${key}`),
    );
    expect(second.build.buildId > first.build.buildId).toBe(true);
  });

  it('keeps the previous report served, and its files, until the new build switches the period', async () => {
    const first = await saveAt('served', '2026-10', folder);
    const client = createS3Client({ endpoint: emulator.endpoint });
    const seenBeforeSwitch: (ReportManifest | null)[] = [];
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { Key?: string };
        if (
          context.commandName === 'PutObjectCommand' &&
          input.Key === 'reports/served/2026-10/manifest.json'
        ) {
          seenBeforeSwitch.push(
            await readManifest({ s3, bucket: BUCKET, account: 'served', period: '2026-10' }),
          );
        }
        return next(args);
      },
      { step: 'initialize' },
    );
    const second = await saveAt('served', '2026-10', folder, new Date(GENERATED_AT.getTime() + MINUTE), {
      s3: client,
    });
    // With every file of the new build uploaded, readers were still given the first build.
    expect(seenBeforeSwitch).toEqual([first.manifest]);
    for (const file of first.manifest.files) {
      expect((await getObject(file.key)).bytes.equals(REPORT_FIXTURE[file.name])).toBe(true);
    }
    expect(second.manifest.buildId).toBe(second.build.buildId);
    expect(second.manifest.superseded).toEqual([
      { supersededAt: '2026-11-01T06:01:00.000Z', keys: first.manifest.files.map((file) => file.key) },
    ]);
  });

  it('leaves the previous report served when a rebuild fails halfway, and removes what the rebuild uploaded', async () => {
    const first = await saveAt('halfway', '2026-10', folder);
    const client = createS3Client({ endpoint: emulator.endpoint });
    const failure = new Error('connection reset while uploading payments.csv');
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { Key?: string };
        if (context.commandName === 'PutObjectCommand' && input.Key?.endsWith('/payments.csv')) throw failure;
        return next(args);
      },
      { step: 'initialize' },
    );
    const writes = recordWrites(client);
    await expect(
      saveAt('halfway', '2026-10', folder, new Date(GENERATED_AT.getTime() + MINUTE), { s3: client }),
    ).rejects.toBe(failure);
    // The other four files of the rebuild were uploaded, then deleted; the manifest was not touched.
    const rebuild = writes
      .find((write) => write.endsWith('/report.html'))!
      .split('/builds/')[1]!
      .split('/')[0]!;
    expect(writes.filter((write) => write.startsWith('DeleteObjectCommand')).sort()).toEqual(
      buildKeys('halfway', '2026-10', rebuild).map((key) => `DeleteObjectCommand ${key}`),
    );
    expect(writes).not.toContain('PutObjectCommand reports/halfway/2026-10/manifest.json');
    expect(await readManifest({ s3, bucket: BUCKET, account: 'halfway', period: '2026-10' })).toEqual(
      first.manifest,
    );
    expect(await keysUnder('reports/halfway/2026-10/builds/')).toEqual(
      buildKeys('halfway', '2026-10', first.build.buildId),
    );
  });

  it('deletes a replaced build at the first build an hour or more after it was replaced, not before', async () => {
    const at = (minutes: number) => new Date(GENERATED_AT.getTime() + minutes * MINUTE);
    const builds = 'reports/kept/2026-10/builds/';
    const one = await saveAt('kept', '2026-10', folder, at(0));
    // A download URL handed out for the first build just before it is replaced.
    const url = await presignReportFile({ s3, bucket: BUCKET, key: one.manifest.files[1]!.key });
    const two = await saveAt('kept', '2026-10', folder, at(1));
    expect((await fetch(url)).status).toBe(200);

    // 59 minutes after the first build was replaced: both earlier builds stay.
    const three = await saveAt('kept', '2026-10', folder, at(60));
    expect(await keysUnder(builds)).toEqual(
      [one, two, three].flatMap((saved) => buildKeys('kept', '2026-10', saved.build.buildId)).sort(),
    );
    expect(three.manifest.superseded.map((build) => build.supersededAt)).toEqual([
      '2026-11-01T06:01:00.000Z',
      '2026-11-01T07:00:00.000Z',
    ]);

    // An hour after: the first build goes; the second, replaced 59 minutes ago, stays.
    const four = await saveAt('kept', '2026-10', folder, at(61));
    expect(await keysUnder(builds)).toEqual(
      [two, three, four].flatMap((saved) => buildKeys('kept', '2026-10', saved.build.buildId)).sort(),
    );
    expect(four.manifest.superseded).toEqual([
      { supersededAt: '2026-11-01T07:00:00.000Z', keys: two.manifest.files.map((file) => file.key) },
      { supersededAt: '2026-11-01T07:01:00.000Z', keys: three.manifest.files.map((file) => file.key) },
    ]);
    expect((await fetch(url)).status).toBe(404);
  });

  it('replaces a report saved before builds had folders, and deletes its files an hour later', async () => {
    const legacy = LEGACY_FILE_NAMES.map((name) => `reports/older/2026-10/${name}`);
    for (const [index, key] of legacy.entries()) {
      await s3.send(
        new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: REPORT_FIXTURE[LEGACY_FILE_NAMES[index]!] }),
      );
    }
    const before = {
      account: 'older',
      month: '2026-10',
      generatedAt: '2026-11-01T00:00:00.000Z',
      files: LEGACY_FILE_NAMES.map((name, index) => ({
        name,
        key: legacy[index],
        size: REPORT_FIXTURE[name].length,
        sha256: sha256(REPORT_FIXTURE[name]),
        contentType: 'application/octet-stream',
      })),
      figures: {},
    };
    await s3.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'reports/older/2026-10/manifest.json',
        Body: JSON.stringify(before),
      }),
    );
    const rebuilt = await saveAt('older', '2026-10', folder);
    expect(rebuilt.manifest.superseded).toEqual([{ supersededAt: '2026-11-01T06:00:00.000Z', keys: legacy }]);
    expect(await keysUnder('reports/older/2026-10/r')).toEqual(['reports/older/2026-10/report.html']);

    await saveAt('older', '2026-10', folder, new Date(GENERATED_AT.getTime() + 60 * MINUTE));
    for (const key of legacy) expect(await keysUnder(key)).toEqual([]);
  });

  it('repairs a manifest nobody can read: the new build replaces it', async () => {
    await s3.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: 'reports/repair/2026-10/manifest.json', Body: '{' }),
    );
    const { build, switched } = await saveAt('repair', '2026-10', folder);
    expect(build.replaces).toMatchObject({ manifest: null });
    expect(switched).toBe(true);
    expect(await readManifest({ s3, bucket: BUCKET, account: 'repair', period: '2026-10' })).toMatchObject({
      buildId: build.buildId,
      superseded: [],
    });
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
    await expect(saveAt('missing', '2026-10', partial)).rejects.toThrow(
      new InvalidReportFolderError(`report folder ${partial} lacks payments.csv`),
    );
    expect(await keysUnder('reports/missing/')).toEqual([]);
    await rm(partial, { recursive: true, force: true });
  });

  it('refuses an account that would leave the prefix and reads or writes nothing', async () => {
    await expect(saveAt('../other', '2026-10', folder)).rejects.toThrow(InvalidReportKeyError);
    expect(await keysUnder('reports/other')).toEqual([]);
    expect(await keysUnder('other')).toEqual([]);
  });

  it('refuses figures that are not an object', async () => {
    await expect(saveAt('acme', '2026-08', folder, GENERATED_AT, { figures: [] as never })).rejects.toThrow(
      'figures must be a JSON object',
    );
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
    const { build, manifest } = await saveAt('big', '2026-10', large, GENERATED_AT, { s3: client });
    const key = `reports/big/2026-10/builds/${build.buildId}/payments.csv`;
    expect(writes).toContain(`CreateMultipartUploadCommand ${key}`);
    expect(writes).toContain(`CompleteMultipartUploadCommand ${key}`);
    const stored = await getObject(key);
    expect(stored.bytes.length).toBe(bytes.length);
    expect(sha256(stored.bytes)).toBe(sha256(bytes));
    expect(stored.contentType).toBe('text/csv; charset=utf-8');
    expect(manifest.files.find((file) => file.name === 'payments.csv')?.sha256).toBe(sha256(bytes));
    await rm(large, { recursive: true, force: true });
  });
});

describe('presignReportFile', () => {
  let manifest: ReportManifest;

  beforeAll(async () => {
    const folder = await writeReportFolder();
    ({ manifest } = await saveAt('presign', '2026-10', folder));
    await rm(folder, { recursive: true, force: true });
  });

  it('gives a URL that downloads the file with its type and name, for minutes', async () => {
    const { key } = manifest.files.find((file) => file.name === 'paid-invoices.csv')!;
    const url = await presignReportFile({ s3, bucket: BUCKET, key, expiresInSeconds: 300 });
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('300');
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="presign-2026-10-paid-invoices.csv"',
    );
    expect(Buffer.from(await response.arrayBuffer()).equals(REPORT_FIXTURE['paid-invoices.csv'])).toBe(true);
  });

  it('refuses a lifetime past an hour, which is how long a replaced build is kept', async () => {
    const { key } = manifest.files[0]!;
    await expect(presignReportFile({ s3, bucket: BUCKET, key, expiresInSeconds: 3601 })).rejects.toThrow(
      'expiresInSeconds must be a whole number from 1 to 3600',
    );
  });

  it.each([
    'reports/presign/2026-10/delivery.json',
    'reports/presign/2026-10/manifest.json',
    'other/key.csv',
  ])('refuses %s, which is no report file', async (key) => {
    await expect(presignReportFile({ s3, bucket: BUCKET, key })).rejects.toThrow(InvalidReportKeyError);
  });
});
