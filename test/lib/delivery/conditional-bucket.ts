import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  type S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { type AwsClientStub, mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { writeReportFolder } from './report-fixture';

type Operation = 'get' | 'put' | 'delete';

/**
 * An in-memory bucket behind an S3 client that honours `If-None-Match: *` and `If-Match` on PutObject
 * and `If-Match` on DeleteObject as S3 does (412 `PreconditionFailed`, 404 for `If-Match` on no object),
 * with quoted MD5 ETags. s3rver ignores both conditions, so conditional writes are tested here. Objects
 * are kept as UTF-8 text.
 */
export interface ConditionalBucket {
  mock: AwsClientStub<S3Client>;
  /** Key to stored text. */
  objects: Map<string, { text: string; etag: string }>;
  /** Stores `value` as JSON at `key` (what another run, or a person, wrote); returns its ETag. */
  put(key: string, value: unknown): string;
  /** The JSON stored at `key`, or undefined. */
  json(key: string): unknown;
  /**
   * Runs `action` once, just before the next operation of this kind (on `key`, when given) is carried out;
   * what it throws is that operation's answer.
   */
  beforeNext(operation: Operation, action: () => void | Promise<void>, key?: string): void;
  /**
   * Runs `action` once, just after the next operation of this kind (on `key`, when given) was carried
   * out; what it throws is that operation's answer (S3 made the change, and its answer said otherwise).
   */
  afterNext(operation: Operation, action: () => void | Promise<void>, key?: string): void;
}

/** A quoted MD5 of the text, as S3 gives a single-part object's ETag. */
export function etagOf(text: string): string {
  return `"${createHash('md5').update(text).digest('hex')}"`;
}

/** What S3 answers when a write's condition does not hold. */
export function preconditionFailed(): S3ServiceException {
  return new S3ServiceException({
    name: 'PreconditionFailed',
    message: 'At least one of the pre-conditions you specified did not hold',
    $fault: 'client',
    $metadata: { httpStatusCode: 412 },
  });
}

function noSuchKey(): NoSuchKey {
  return new NoSuchKey({ message: 'The specified key does not exist.', $metadata: { httpStatusCode: 404 } });
}

/** Puts a conditional in-memory bucket behind `s3` (until `mock.restore()`). */
export function conditionalBucket(s3: S3Client): ConditionalBucket {
  const objects = new Map<string, { text: string; etag: string }>();
  type Pending = { operation: Operation; action: () => void | Promise<void>; key: string | undefined };
  const before: Pending[] = [];
  const after: Pending[] = [];
  const runPending = async (pending: Pending[], operation: Operation, key: string) => {
    const index = pending.findIndex(
      (entry) => entry.operation === operation && (entry.key === undefined || entry.key === key),
    );
    if (index >= 0) await pending.splice(index, 1)[0]!.action();
  };
  const store = (key: string, text: string) => {
    const etag = etagOf(text);
    objects.set(key, { text, etag });
    return etag;
  };
  /** Throws what S3 answers when `ifMatch` names another version than the one at `key`. */
  const checkIfMatch = (key: string, ifMatch: string | undefined) => {
    if (ifMatch === undefined) return;
    const current = objects.get(key);
    if (!current) throw noSuchKey();
    if (current.etag !== ifMatch) throw preconditionFailed();
  };

  const mock = mockClient(s3);
  mock.on(GetObjectCommand).callsFake(async (input: { Key: string }) => {
    await runPending(before, 'get', input.Key);
    const object = objects.get(input.Key);
    if (!object) throw noSuchKey();
    return { Body: { transformToString: async () => object.text }, ETag: object.etag };
  });
  mock
    .on(PutObjectCommand)
    .callsFake(
      async (input: { Key: string; Body: string | Uint8Array; IfNoneMatch?: string; IfMatch?: string }) => {
        await runPending(before, 'put', input.Key);
        if (input.IfNoneMatch === '*' && objects.has(input.Key)) throw preconditionFailed();
        checkIfMatch(input.Key, input.IfMatch);
        // lib-storage's Upload sends a small file's bytes in one PutObject.
        const text = typeof input.Body === 'string' ? input.Body : Buffer.from(input.Body).toString('utf8');
        const etag = store(input.Key, text);
        await runPending(after, 'put', input.Key);
        return { ETag: etag };
      },
    );
  mock.on(DeleteObjectCommand).callsFake(async (input: { Key: string; IfMatch?: string }) => {
    await runPending(before, 'delete', input.Key);
    checkIfMatch(input.Key, input.IfMatch);
    objects.delete(input.Key);
    await runPending(after, 'delete', input.Key);
    return {};
  });

  return {
    mock,
    objects,
    put: (key, value) => store(key, JSON.stringify(value)),
    json: (key) => {
      const object = objects.get(key);
      return object === undefined ? undefined : JSON.parse(object.text);
    },
    beforeNext: (operation, action, key) => {
      before.push({ operation, action, key });
    },
    afterNext: (operation, action, key) => {
      after.push({ operation, action, key });
    },
  };
}

/**
 * For a describe block: a report folder for its tests, and a fresh conditional bucket over `s3` for each
 * test, restored after it (then `afterEachTest` runs).
 */
export function conditionalDelivery(s3: S3Client, afterEachTest: () => void) {
  const setup = { folder: '', bucket: undefined as unknown as ConditionalBucket };
  beforeAll(async () => {
    setup.folder = await writeReportFolder();
  });
  afterAll(() => rm(setup.folder, { recursive: true, force: true }));
  beforeEach(() => {
    setup.bucket = conditionalBucket(s3);
  });
  afterEach(() => {
    setup.bucket.mock.restore();
    afterEachTest();
  });
  return setup;
}
