import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type * as z from 'zod';
import { fieldIssues, issueText } from '../config';
import { CorruptObjectError } from './errors';

/** Where a period's report lives. */
export type ReportLocation = { s3: S3Client; bucket: string; account: string; period: string };

export function httpStatusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

/** The error name (`NoSuchKey`, `PreconditionFailed`, `Throttling`), or `Error` for anything else. */
export function errorNameOf(error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name : 'Error';
}

function isNotFound(error: unknown): boolean {
  return ['NoSuchKey', 'NotFound'].includes(errorNameOf(error)) || httpStatusOf(error) === 404;
}

/**
 * Whether a conditional request lost: 412 `PreconditionFailed`, 409 `ConditionalRequestConflict` (another
 * write to the key was under way), or, for `IfMatch`, 404 (the object is gone).
 */
export function isConditionLost(error: unknown): boolean {
  const lost = ['PreconditionFailed', 'ConditionalRequestConflict'].includes(errorNameOf(error));
  return lost || [412, 409].includes(httpStatusOf(error) ?? 0) || isNotFound(error);
}

/** The bucket an object is in, as every `ReportLocation` names it. */
export type Bucket = Pick<ReportLocation, 's3' | 'bucket'>;

/** The text and quoted ETag (S3 always sends one; an emulator might not) of an object, or `null`. */
async function getObjectVersion({ s3, bucket }: Bucket, key: string) {
  try {
    const answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return { text: answer.Body ? await answer.Body.transformToString('utf-8') : '', etag: answer.ETag };
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/**
 * A stored JSON object as read, or what is wrong with it (so that a writer can still replace it), its ETag,
 * and its text (for a reader that passes it on with every digit as saved).
 */
export type StoredJson<T> = { etag: string | undefined; text: string } & (
  | { value: T; error?: never }
  | { error: CorruptObjectError; value?: never }
);

/**
 * The JSON object at `key` as `schema` and then `check` accept it (a check answers what is wrong, if
 * anything), or `null` when there is none. A problem's words are followed by `advice`.
 */
export async function readJsonObject<T>(
  where: Bucket,
  key: string,
  schema: z.ZodType<T>,
  { advice = '', check }: { advice?: string; check?: (value: T) => string | undefined } = {},
): Promise<StoredJson<T> | null> {
  const version = await getObjectVersion(where, key);
  if (version === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(version.text);
  } catch (error) {
    return { ...version, error: new CorruptObjectError(key, `not JSON${advice}`, { cause: error }) };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const [first = { path: '', message: 'invalid' }] = fieldIssues(parsed.error.issues);
    return { ...version, error: new CorruptObjectError(key, `${issueText(first, '(root)')}${advice}`) };
  }
  const problem = check?.(parsed.data);
  return problem
    ? { ...version, error: new CorruptObjectError(key, problem) }
    : { ...version, value: parsed.data };
}

/**
 * Writes `value` as JSON and answers with the new ETag. `over` makes it conditional on what was read:
 * an ETag, only over that version (`If-Match`); `null`, only while there is none (`If-None-Match: *`).
 */
export async function putJsonObject(
  { s3, bucket }: Bucket,
  key: string,
  value: unknown,
  over?: string | null,
) {
  const condition = over === null ? { IfNoneMatch: '*' } : over ? { IfMatch: over } : {};
  const Body = `${JSON.stringify(value, null, 2)}\n`;
  const answer = await s3.send(
    new PutObjectCommand({ Bucket: bucket, Key: key, Body, ContentType: 'application/json', ...condition }),
  );
  return answer.ETag;
}

/** Deletes an object (with `ifMatch`, only that version); a missing one is not an error in S3. */
export async function deleteObject({ s3, bucket }: Bucket, key: string, ifMatch?: string) {
  await s3.send(
    new DeleteObjectCommand({ Bucket: bucket, Key: key, ...(ifMatch ? { IfMatch: ifMatch } : {}) }),
  );
}

/** Deletes `keys` at once, ignoring failures: for clean-ups, where what stays expires with the bucket's lifecycle. */
export async function deleteObjectsQuietly(where: Bucket, keys: readonly string[]) {
  await Promise.allSettled(keys.map((key) => deleteObject(where, key)));
}
