import { S3Client } from '@aws-sdk/client-s3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimRebuild, InvalidReportKeyError } from '../../../lib/delivery';
import { rebuildRecordKey } from '../../../lib/delivery/report-key';
import { type ConditionalBucket, conditionalBucket } from './conditional-bucket';

const BUCKET = 'reports';
const KEY = 'reports/acme/rebuilds.json';
const T0 = new Date('2026-11-23T10:00:00.000Z');
const seconds = (count: number) => new Date(T0.getTime() + count * 1000);

describe('claimRebuild', () => {
  const s3 = new S3Client({ region: 'eu-west-1', credentials: { accessKeyId: 'x', secretAccessKey: 'y' } });
  let bucket: ConditionalBucket;

  beforeEach(() => {
    bucket = conditionalBucket(s3);
  });

  afterEach(() => {
    bucket.mock.restore();
  });

  const claim = (now: Date, account = 'acme') =>
    claimRebuild({ s3, bucket: BUCKET, account, intervalSeconds: 60, now });

  it('keeps the record beside the account’s periods', () => {
    expect(rebuildRecordKey('acme')).toBe(KEY);
    expect(() => rebuildRecordKey('../acme')).toThrow(InvalidReportKeyError);
  });

  it('grants the first rebuild and records when it was claimed', async () => {
    expect(await claim(T0)).toEqual({ granted: true });
    expect(bucket.json(KEY)).toEqual({ lastRebuildAt: '2026-11-23T10:00:00.000Z' });
  });

  it('refuses a second rebuild within the minute, saying in how many seconds one may start', async () => {
    await claim(T0);
    expect(await claim(seconds(0.5))).toEqual({ granted: false, retryAfterSeconds: 60 });
    expect(await claim(seconds(45))).toEqual({ granted: false, retryAfterSeconds: 15 });
    expect(await claim(seconds(59.001))).toEqual({ granted: false, retryAfterSeconds: 1 });
    // The refusals changed nothing.
    expect(bucket.json(KEY)).toEqual({ lastRebuildAt: '2026-11-23T10:00:00.000Z' });
  });

  it('grants the next rebuild once the minute has passed', async () => {
    await claim(T0);
    expect(await claim(seconds(60))).toEqual({ granted: true });
    expect(bucket.json(KEY)).toEqual({ lastRebuildAt: '2026-11-23T10:01:00.000Z' });
  });

  it('limits each account on its own', async () => {
    await claim(T0, 'acme');
    expect(await claim(seconds(1), 'globex')).toEqual({ granted: true });
  });

  it('lets one of two instances that read the same record claim it, and refuses the other', async () => {
    await claim(T0);
    // Another instance writes its claim after this one has read the old record, before it writes.
    bucket.beforeNext('put', () => {
      bucket.put(KEY, { lastRebuildAt: seconds(61).toISOString() });
    });
    expect(await claim(seconds(61))).toEqual({ granted: false, retryAfterSeconds: 60 });
    expect(bucket.json(KEY)).toEqual({ lastRebuildAt: '2026-11-23T10:01:01.000Z' });
  });

  it('lets one of two first claims through when neither found a record', async () => {
    bucket.beforeNext('put', () => {
      bucket.put(KEY, { lastRebuildAt: T0.toISOString() });
    });
    expect(await claim(T0)).toEqual({ granted: false, retryAfterSeconds: 60 });
  });

  it('holds a record from the future for one interval at most', async () => {
    bucket.put(KEY, { lastRebuildAt: '2027-01-01T00:00:00.000Z' });
    expect(await claim(T0)).toEqual({ granted: false, retryAfterSeconds: 60 });
    // Told to come back in 60 seconds, the caller is let through then, not refused until 2027.
    expect(await claim(seconds(59))).toEqual({ granted: false, retryAfterSeconds: 1 });
    expect(await claim(seconds(60))).toEqual({ granted: true });
  });

  it('replaces a record it cannot read', async () => {
    bucket.objects.set(KEY, { text: 'not json', etag: '"0"' });
    expect(await claim(T0)).toEqual({ granted: true });
    expect(bucket.json(KEY)).toEqual({ lastRebuildAt: '2026-11-23T10:00:00.000Z' });
  });
});
