import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type * as z from 'zod';
import { fieldIssues, issueText } from '../config';
import { CorruptObjectError } from './errors';

/** Where a period's report lives. */
export interface ReportLocation {
  s3: S3Client;
  bucket: string;
  account: string;
  period: string;
}

export function httpStatusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

/** The error name (`NoSuchKey`, `PreconditionFailed`, `Throttling`), or `Error` for anything else. */
export function errorNameOf(error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name : 'Error';
}

export function isNotFound(error: unknown): boolean {
  const name = errorNameOf(error);
  return name === 'NoSuchKey' || name === 'NotFound' || httpStatusOf(error) === 404;
}

/**
 * Whether a conditional request lost: 412 `PreconditionFailed`, 409 `ConditionalRequestConflict` (another
 * write to the key was under way), or, for `IfMatch`, 404 (the object is gone).
 */
export function isConditionLost(error: unknown): boolean {
  const lost = ['PreconditionFailed', 'ConditionalRequestConflict'].includes(errorNameOf(error));
  return lost || [412, 409].includes(httpStatusOf(error) ?? 0) || isNotFound(error);
}

/** The text and quoted ETag (S3 always sends one; an emulator might not) of an object, or `null`. */
export async function getObjectVersion(
  s3: S3Client,
  bucket: string,
  key: string,
): Promise<{ text: string; etag: string | undefined } | null> {
  try {
    const answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    const text = answer.Body ? await answer.Body.transformToString('utf-8') : '';
    return { text, etag: answer.ETag };
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export async function getObjectText(s3: S3Client, bucket: string, key: string): Promise<string | null> {
  return (await getObjectVersion(s3, bucket, key))?.text ?? null;
}

/**
 * `text` read as JSON that `schema` accepts.
 * @throws CorruptObjectError saying what is wrong, followed by `advice`
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

/** `IfNoneMatch: '*'`: only when no object has the key; `IfMatch`: only over that ETag. None: unconditional. */
export type WriteCondition = { IfNoneMatch?: '*'; IfMatch?: string };

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
      ...condition,
    }),
  );
  return answer.ETag;
}

/** Deletes an object (with `ifMatch`, only that version); a missing one is not an error in S3. */
export async function deleteObject(
  s3: S3Client,
  bucket: string,
  key: string,
  ifMatch?: string,
): Promise<void> {
  await s3.send(
    new DeleteObjectCommand({ Bucket: bucket, Key: key, ...(ifMatch ? { IfMatch: ifMatch } : {}) }),
  );
}

/** Deletes `keys` at once, ignoring failures: for clean-ups, where what stays expires with the bucket's lifecycle. */
export async function deleteObjectsQuietly(
  s3: S3Client,
  bucket: string,
  keys: readonly string[],
): Promise<void> {
  await Promise.allSettled(keys.map((key) => deleteObject(s3, bucket, key)));
}
