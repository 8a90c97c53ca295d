import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type * as z from 'zod';
import { fieldIssues, issueText } from '../config';
import { CorruptObjectError } from './errors';

/** The HTTP status of an AWS SDK error, when it has one. */
export function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('$metadata' in error)) return undefined;
  const metadata = (error as { $metadata?: { httpStatusCode?: number } }).$metadata;
  return metadata?.httpStatusCode;
}

/** The error name (`NoSuchKey`, `PreconditionFailed`, `Throttling`), or `Error` for anything else. */
export function errorNameOf(error: unknown): string {
  if (error instanceof Error) return error.name;
  if (typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string') {
    return error.name;
  }
  return 'Error';
}

/** Whether an S3 error means the object does not exist. */
export function isNotFound(error: unknown): boolean {
  const name = errorNameOf(error);
  return name === 'NoSuchKey' || name === 'NotFound' || httpStatusOf(error) === 404;
}

/**
 * Whether an S3 error means a conditional request lost: the object is not the version it named. 412
 * `PreconditionFailed` (`IfNoneMatch: '*'` found an object, `IfMatch` another ETag), 409
 * `ConditionalRequestConflict` (another write to the key was under way), or, for `IfMatch`, 404 (the
 * object is gone).
 */
export function isConditionLost(error: unknown): boolean {
  const name = errorNameOf(error);
  const status = httpStatusOf(error);
  return (
    name === 'PreconditionFailed' ||
    name === 'ConditionalRequestConflict' ||
    status === 412 ||
    status === 409 ||
    isNotFound(error)
  );
}

/** An object's text, and its ETag (quoted, as S3 gives it) for a later conditional write. */
export interface ObjectVersion {
  text: string;
  /** S3 always sends one; an emulator might not. */
  etag: string | undefined;
}

/** The text and ETag of an object, or `null` when there is no such object. */
export async function getObjectVersion(
  s3: S3Client,
  bucket: string,
  key: string,
): Promise<ObjectVersion | null> {
  try {
    const answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    const text = answer.Body ? await answer.Body.transformToString('utf-8') : '';
    return { text, etag: answer.ETag };
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** The text of an object, or `null` when there is no such object. */
export async function getObjectText(s3: S3Client, bucket: string, key: string): Promise<string | null> {
  return (await getObjectVersion(s3, bucket, key))?.text ?? null;
}

/**
 * `text`, the content of the object at `key`, read as JSON that `schema` accepts.
 * @throws CorruptObjectError saying what is wrong with it, followed by `advice` (what to do about it)
 */
export function parseJsonObject<T>(key: string, text: string, schema: z.ZodType<T>, advice = ''): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CorruptObjectError(key, `not JSON${advice}`, { cause: error });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const [first = { path: '', message: 'invalid' }] = fieldIssues(parsed.error.issues);
    throw new CorruptObjectError(key, `${issueText(first, '(root)')}${advice}`);
  }
  return parsed.data;
}

/**
 * Conditions of a write or delete; S3 answers 412 when one does not hold (see `isConditionLost`).
 * Without any, the request is unconditional.
 */
export interface WriteCondition {
  /** `'*'`: only when no object has the key. */
  ifNoneMatch?: '*';
  /** Only when the object's ETag is this one: the version the caller read or wrote. */
  ifMatch?: string;
}

/** Writes `value` as a JSON object with `Content-Type: application/json`; returns the new ETag. */
export async function putJsonObject(
  s3: S3Client,
  bucket: string,
  key: string,
  value: unknown,
  condition: WriteCondition = {},
): Promise<string | undefined> {
  const answer = await s3.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: `${JSON.stringify(value, null, 2)}\n`,
      ContentType: 'application/json',
      ...(condition.ifNoneMatch ? { IfNoneMatch: condition.ifNoneMatch } : {}),
      ...(condition.ifMatch ? { IfMatch: condition.ifMatch } : {}),
    }),
  );
  return answer.ETag;
}

/** Deletes an object (with `ifMatch`, only that version); deleting one that does not exist is not an error in S3. */
export async function deleteObject(
  s3: S3Client,
  bucket: string,
  key: string,
  condition: Pick<WriteCondition, 'ifMatch'> = {},
): Promise<void> {
  await s3.send(
    new DeleteObjectCommand({
      Bucket: bucket,
      Key: key,
      ...(condition.ifMatch ? { IfMatch: condition.ifMatch } : {}),
    }),
  );
}

/**
 * Deletes each of `keys`, all at once, and says which could not be deleted (an error each). For clean-ups
 * whose failure must not fail the work they follow: what stays behind expires with the bucket's lifecycle.
 */
export async function deleteObjectsQuietly(
  s3: S3Client,
  bucket: string,
  keys: readonly string[],
): Promise<string[]> {
  const results = await Promise.allSettled(keys.map((key) => deleteObject(s3, bucket, key)));
  return keys.filter((_key, index) => results[index]!.status === 'rejected');
}
