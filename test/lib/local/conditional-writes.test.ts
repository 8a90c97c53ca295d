import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client } from '../../../lib/delivery';
import { type RunningEmulator, startS3Emulator } from '../../../lib/local/emulators';

const BUCKET = 'conditional-test';
/** A single-part object's ETag: the quoted MD5 of its bytes. */
const etagOf = (text: string) => `"${createHash('md5').update(text).digest('hex')}"`;

let directory: string;
let s3: RunningEmulator;
let client: ReturnType<typeof createS3Client>;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'conditional-writes-'));
  s3 = await startS3Emulator({ port: 0, directory: join(directory, 'store'), buckets: [BUCKET] });
  client = createS3Client({ endpoint: s3.endpoint });
});

afterAll(async () => {
  await s3.close();
  await rm(directory, { recursive: true, force: true });
});

const put = (Key: string, Body: string, condition: { IfNoneMatch?: string; IfMatch?: string } = {}) =>
  client.send(new PutObjectCommand({ Bucket: BUCKET, Key, Body, ...condition }));
const text = async (Key: string) =>
  (await client.send(new GetObjectCommand({ Bucket: BUCKET, Key }))).Body?.transformToString();
/** The SDK's error for a request expected to fail: its name (S3's code) and HTTP status. */
async function failure(request: Promise<unknown>): Promise<{ name: string; status: number | undefined }> {
  const error = await request.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof S3ServiceException)) throw new Error(`expected an S3 error, got ${String(error)}`);
  return { name: error.name, status: error.$metadata.httpStatusCode };
}

describe('the S3 emulator, conditional writes over HTTP', () => {
  it('writes with If-None-Match: * where the key holds nothing, and refuses the second with 412', async () => {
    await put('none-match/a', 'first', { IfNoneMatch: '*' });

    expect(await failure(put('none-match/a', 'second', { IfNoneMatch: '*' }))).toEqual({
      name: 'PreconditionFailed',
      status: 412,
    });
    expect(await text('none-match/a')).toBe('first');
  });

  it('replaces an object with If-Match naming its ETag, and refuses another ETag with 412', async () => {
    await put('match/a', 'one');

    await put('match/a', 'two', { IfMatch: etagOf('one') });
    expect(await failure(put('match/a', 'three', { IfMatch: etagOf('one') }))).toEqual({
      name: 'PreconditionFailed',
      status: 412,
    });
    expect(await text('match/a')).toBe('two');
  });

  it('answers 404 NoSuchKey to If-Match on a key with no object, and writes nothing', async () => {
    expect(await failure(put('match/missing', 'x', { IfMatch: etagOf('x') }))).toEqual({
      name: 'NoSuchKey',
      status: 404,
    });
    expect(await failure(text('match/missing'))).toEqual({ name: 'NoSuchKey', status: 404 });
  });

  it('deletes with If-Match only when the ETag is the object’s', async () => {
    await put('delete/a', 'kept');

    const refused = failure(
      client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: 'delete/a', IfMatch: etagOf('other') })),
    );
    expect(await refused).toEqual({ name: 'PreconditionFailed', status: 412 });
    expect(await text('delete/a')).toBe('kept');

    await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: 'delete/a', IfMatch: etagOf('kept') }));
    expect(await failure(text('delete/a'))).toEqual({ name: 'NoSuchKey', status: 404 });
  });

  it('lets exactly one of many racing If-None-Match: * writes to a key win', async () => {
    const writers = Array.from({ length: 12 }, (_, index) => `writer ${index}`);

    const outcomes = await Promise.allSettled(
      writers.map((body) => put('race/claim', body, { IfNoneMatch: '*' })),
    );

    const won = outcomes.flatMap((outcome, index) =>
      outcome.status === 'fulfilled' ? [writers[index]] : [],
    );
    expect(won).toHaveLength(1);
    expect(await text('race/claim')).toBe(won[0]);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect((outcome.reason as Error).name).toBe('PreconditionFailed');
    }
  });

  it('lets exactly one of many racing If-Match writes naming the same ETag win', async () => {
    await put('race/update', 'base');
    const writers = Array.from({ length: 8 }, (_, index) => `update ${index}`);

    const outcomes = await Promise.allSettled(
      writers.map((body) => put('race/update', body, { IfMatch: etagOf('base') })),
    );

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
  });

  it('still writes without a condition, as before', async () => {
    await put('plain/a', 'one');
    await put('plain/a', 'two');

    expect(await text('plain/a')).toBe('two');
  });
});
