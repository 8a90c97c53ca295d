import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { beginReportBuild, ReportBuildError, type ReportManifest, saveReport } from '../../../lib/delivery';
import type { ReportBuild } from '../../../lib/delivery/save-report';
import { type ConditionalBucket, conditionalBucket, preconditionFailed } from './conditional-bucket';
import { writeReportFolder } from './report-fixture';

// s3rver ignores If-None-Match and If-Match, so the manifest's conditional switch is tested against an
// in-memory bucket that answers 412 as S3 does; the files go through lib-storage's Upload all the same.
const s3 = new S3Client({ region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'y' } });
const BUCKET = 'reports-bucket';
const MANIFEST = 'reports/acme/2026-10/manifest.json';
const NAMES = [
  'report.html',
  'report.xlsx',
  'paid-invoices.csv',
  'payments.csv',
  'unmatched-payments.csv',
  'summary.json',
];
const NOW = new Date(Date.UTC(2026, 10, 1, 6, 0, 0));

/** The keys of a build's files. */
function keysOf(buildId: string): string[] {
  return NAMES.map((name) => `reports/acme/2026-10/builds/${buildId}/${name}`);
}

describe('saveReport with conditional writes', () => {
  /** Two report folders that differ, as a scheduled run's and a refresh's would. */
  let scheduledFolder: string;
  let refreshFolder: string;
  let bucket: ConditionalBucket;

  beforeAll(async () => {
    scheduledFolder = await writeReportFolder();
    refreshFolder = await writeReportFolder();
    await writeFile(
      join(refreshFolder, 'summary.json'),
      '{"period":{"id":"2026-10"},"invoices":{"paid":3}}\n',
    );
  });

  afterAll(async () => {
    await rm(scheduledFolder, { recursive: true, force: true });
    await rm(refreshFolder, { recursive: true, force: true });
  });

  beforeEach(() => {
    bucket = conditionalBucket(s3);
  });

  afterEach(() => {
    bucket.mock.restore();
  });

  const begin = () => beginReportBuild({ s3, bucket: BUCKET, account: 'acme', period: '2026-10', now: NOW });
  const save = (build: ReportBuild, folder: string) =>
    saveReport({ s3, bucket: BUCKET, build, folder, figures: {}, now: () => NOW });
  /** The keys under the period's build folders. */
  const buildFiles = () => [...bucket.objects.keys()].filter((key) => key.includes('/builds/')).sort();
  /** The conditions each write of the manifest carried. */
  const manifestWrites = () =>
    bucket.mock
      .commandCalls(PutObjectCommand)
      .map((call) => call.args[0].input)
      .filter((input) => input.Key === MANIFEST)
      .map((input) => ({ IfMatch: input.IfMatch, IfNoneMatch: input.IfNoneMatch }));

  it('lets one of two builds of a new period switch it: the manifest lists that build’s files only', async () => {
    const scheduled = await begin();
    const refresh = await begin();
    const [a, b] = await Promise.all([save(scheduled, scheduledFolder), save(refresh, refreshFolder)]);

    expect([a.switched, b.switched].sort()).toEqual([false, true]);
    const winner = a.switched ? scheduled : refresh;
    const stored = bucket.json(MANIFEST) as ReportManifest;
    expect(stored.buildId).toBe(winner.buildId);
    expect(stored.files.map((file) => file.key)).toEqual(keysOf(winner.buildId));
    // Both answer with the manifest that won; the loser's files are gone.
    expect(a.manifest).toEqual(stored);
    expect(b.manifest).toEqual(stored);
    expect(buildFiles()).toEqual(keysOf(winner.buildId).sort());
    expect(manifestWrites()).toEqual([
      { IfMatch: undefined, IfNoneMatch: '*' },
      { IfMatch: undefined, IfNoneMatch: '*' },
    ]);
  });

  it('lets the first of two rebuilds that read the same manifest switch the period; the second changes nothing', async () => {
    const first = await begin();
    await save(first, scheduledFolder);
    const servedEtag = bucket.objects.get(MANIFEST)!.etag;

    const scheduled = await begin();
    const refresh = await begin();
    const won = await save(refresh, refreshFolder);
    const afterWin = bucket.objects.get(MANIFEST)!;
    const lost = await save(scheduled, scheduledFolder);

    expect(won.switched).toBe(true);
    expect(lost).toEqual({ switched: false, manifest: won.manifest });
    expect(bucket.objects.get(MANIFEST)).toEqual(afterWin);
    expect(manifestWrites().slice(1)).toEqual([
      { IfMatch: servedEtag, IfNoneMatch: undefined },
      { IfMatch: servedEtag, IfNoneMatch: undefined },
    ]);
    // The build it replaced stays for downloads under way; the losing build left nothing.
    expect(won.manifest.superseded).toEqual([
      { supersededAt: NOW.toISOString(), keys: keysOf(first.buildId) },
    ]);
    expect(buildFiles()).toEqual([...keysOf(first.buildId), ...keysOf(refresh.buildId)].sort());
  });

  it('takes the place of a manifest that vanished while it built, with If-None-Match', async () => {
    await save(await begin(), scheduledFolder);
    const build = await begin();
    bucket.objects.delete(MANIFEST);
    const saved = await save(build, refreshFolder);
    expect(saved.switched).toBe(true);
    expect((bucket.json(MANIFEST) as ReportManifest).buildId).toBe(build.buildId);
    expect(manifestWrites().slice(1)).toEqual([
      { IfMatch: build.replaces!.etag, IfNoneMatch: undefined },
      { IfMatch: undefined, IfNoneMatch: '*' },
    ]);
  });

  it('keeps its files when the switch fails otherwise, since S3 may have made it', async () => {
    const build = await begin();
    const failure = new S3ServiceException({
      name: 'InternalError',
      message: 'We encountered an internal error. Please try again.',
      $fault: 'server',
      $metadata: { httpStatusCode: 500 },
    });
    bucket.beforeNext(
      'put',
      () => {
        throw failure;
      },
      MANIFEST,
    );
    await expect(save(build, scheduledFolder)).rejects.toBe(failure);
    expect(buildFiles()).toEqual(keysOf(build.buildId).sort());
    expect(bucket.objects.has(MANIFEST)).toBe(false);
  });
  it("keeps its files when S3 switched to it but lost the answer, and the SDK's retry met its own manifest", async () => {
    await save(await begin(), scheduledFolder);
    const build = await begin();
    // S3 stored the manifest and answered 500; the SDK's standard retry sent the same PutObject again,
    // and S3 answered it 412, since the manifest was no longer the version it named.
    bucket.afterNext(
      'put',
      () => {
        throw preconditionFailed();
      },
      MANIFEST,
    );
    const saved = await save(build, refreshFolder);
    const stored = bucket.json(MANIFEST) as ReportManifest;
    expect(stored.buildId).toBe(build.buildId);
    // Every file the manifest lists is there.
    expect(stored.files.map((file) => bucket.objects.has(file.key))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(saved).toEqual({ manifest: stored, switched: true });
  });

  it('gives up with ReportBuildError when the manifest vanishes and another write to it is under way', async () => {
    await save(await begin(), scheduledFolder);
    const build = await begin();
    bucket.objects.delete(MANIFEST);
    const conflict = () => {
      throw new S3ServiceException({
        name: 'ConditionalRequestConflict',
        message: 'A conflicting conditional action is currently in progress against this resource.',
        $fault: 'client',
        $metadata: { httpStatusCode: 409 },
      });
    };
    // Both the If-Match write and the If-None-Match one that follows it.
    bucket.beforeNext('put', conflict, MANIFEST);
    bucket.beforeNext('put', conflict, MANIFEST);
    await expect(save(build, refreshFolder)).rejects.toThrow(
      new ReportBuildError(
        MANIFEST,
        `${MANIFEST} vanished twice while build ${build.buildId} was switching to it`,
      ),
    );
    expect(bucket.objects.has(MANIFEST)).toBe(false);
  });

  it('refuses to begin a build over a manifest that S3 answers without an ETag', async () => {
    bucket.put(MANIFEST, {});
    bucket.mock.on(GetObjectCommand).resolves({ Body: { transformToString: async () => '{}' } as never });
    await expect(begin()).rejects.toThrow(
      `S3 answered ${MANIFEST} without an ETag, so no build can replace it safely`,
    );
  });
});
