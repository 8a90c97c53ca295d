import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type * as z from 'zod';
import { fieldIssues, issueText } from '../zod-issues';
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

/** Whether an S3 error means a conditional write lost: the object already exists (`IfNoneMatch: '*'`). */
export function isPreconditionFailed(error: unknown): boolean {
  return errorNameOf(error) === 'PreconditionFailed' || httpStatusOf(error) === 412;
}

/** The text of an object, or `null` when there is no such object. */
export async function getObjectText(s3: S3Client, bucket: string, key: string): Promise<string | null> {
  try {
    const answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    if (!answer.Body) return '';
    return await answer.Body.transformToString('utf-8');
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/**
 * The object at `key` read as JSON that `schema` accepts, or `null` when there is no such object.
 * @throws CorruptObjectError saying what is wrong with it, followed by `advice` (what to do about it)
 */
export async function getJsonObject<T>(
  s3: S3Client,
  bucket: string,
  key: string,
  schema: z.ZodType<T>,
  advice = '',
): Promise<T | null> {
  const text = await getObjectText(s3, bucket, key);
  if (text === null) return null;
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

/** Options of `putJsonObject`. */
export interface PutJsonOptions {
  /** `'*'`: write only when no object has the key (S3 answers 412 otherwise). */
  ifNoneMatch?: '*';
}

/** Writes `value` as a JSON object with `Content-Type: application/json`. */
export async function putJsonObject(
  s3: S3Client,
  bucket: string,
  key: string,
  value: unknown,
  options: PutJsonOptions = {},
): Promise<void> {
  await s3.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: `${JSON.stringify(value, null, 2)}\n`,
      ContentType: 'application/json',
      ...(options.ifNoneMatch ? { IfNoneMatch: options.ifNoneMatch } : {}),
    }),
  );
}

/** Deletes an object; deleting one that does not exist is not an error in S3. */
export async function deleteObject(s3: S3Client, bucket: string, key: string): Promise<void> {
  await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
}
