import type S3rver from 's3rver';

/** What of Koa's context the middleware reads and writes (s3rver is a Koa app). */
interface KoaContext {
  method: string;
  path: string;
  query: Record<string, unknown>;
  get(header: string): string;
  status: number;
  type: string;
  body: unknown;
  set(header: string, value: string): void;
}

type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

/** The part of s3rver's filesystem store read here: an object's metadata, `etag` quoted as S3 gives it. */
interface MetadataStore {
  getMetadata(bucket: string, key: string): Promise<{ etag: string }>;
}

/** The ETag of the object at `bucket`/`key` (quoted), or undefined when there is none. */
async function currentEtag(store: MetadataStore, bucket: string, key: string): Promise<string | undefined> {
  try {
    return (await store.getMetadata(bucket, key)).etag;
  } catch {
    return undefined;
  }
}

/** `"abc"`, `W/"abc"` and `abc` name the same version. */
const bare = (etag: string): string => etag.trim().replace(/^W\//, '').replace(/^"|"$/g, '');

/** S3's error answer: the XML shape its SDK reads `name` (the code) from. */
function s3Error(ctx: KoaContext, status: number, code: string, message: string, extra: string): void {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.set('x-amz-error-code', code);
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message>${extra}</Error>`;
}

const escapeXml = (text: string): string => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Which object a request reads or writes (`GET`, `HEAD`, `PUT`, `DELETE`, or `POST ?uploadId`
 * completing a multipart upload), path-style as the local clients address it; undefined for a bucket
 * or any other request. A part's upload (`PUT ?partNumber`) writes no object yet.
 */
function objectOf(ctx: KoaContext): { bucket: string; key: string } | undefined {
  const touches =
    ctx.method === 'GET' ||
    ctx.method === 'HEAD' ||
    ctx.method === 'DELETE' ||
    (ctx.method === 'PUT' && ctx.query.partNumber === undefined) ||
    (ctx.method === 'POST' && ctx.query.uploadId !== undefined);
  if (!touches) return undefined;
  const match = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
  if (!match) return undefined;
  return { bucket: decodeURIComponent(match[1] as string), key: decodeURIComponent(match[2] as string) };
}

/**
 * Conditional writes as S3 documents them, in front of s3rver (which ignores both headers and
 * overwrites): `If-None-Match: *` on a PUT fails when the key holds an object; `If-Match` on a PUT or a
 * DELETE fails when the object's ETag is another (`*` matches any object). A failed condition answers
 * 412 `PreconditionFailed`; `If-Match` on a key with no object answers 404 `NoSuchKey`. Writes to one
 * key are carried out one at a time, the check and the write together, so of two conditional writes
 * racing for a key exactly one wins, as on S3; a read of the key waits for a write under way, so the
 * ETag it gets is the one of the content it gets.
 */
function conditionalWrites(store: MetadataStore): Middleware {
  /** Per `bucket/key`, the end of the last write queued on it. */
  const queues = new Map<string, Promise<void>>();
  return async (ctx, next) => {
    const target = objectOf(ctx);
    if (!target) return next();
    const id = `${target.bucket}/${target.key}`;
    const previous = queues.get(id) ?? Promise.resolve();
    let release = () => {};
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => mine);
    queues.set(id, tail);
    await previous;
    try {
      // On a GET or HEAD the same headers ask for 304 or 412 on a read, which s3rver answers itself.
      const writes = ctx.method !== 'GET' && ctx.method !== 'HEAD';
      const ifNoneMatch = writes ? ctx.get('if-none-match') : '';
      const ifMatch = writes ? ctx.get('if-match') : '';
      if (ifNoneMatch || ifMatch) {
        const etag = await currentEtag(store, target.bucket, target.key);
        const keyXml = `<Key>${escapeXml(target.key)}</Key>`;
        if (ifMatch && etag === undefined) {
          return s3Error(ctx, 404, 'NoSuchKey', 'The specified key does not exist.', keyXml);
        }
        const failed =
          (ifNoneMatch.trim() === '*' && etag !== undefined && ctx.method !== 'DELETE') ||
          (ifMatch !== '' && ifMatch.trim() !== '*' && etag !== undefined && bare(ifMatch) !== bare(etag));
        if (failed) {
          const condition = ifMatch ? 'If-Match' : 'If-None-Match';
          return s3Error(
            ctx,
            412,
            'PreconditionFailed',
            'At least one of the pre-conditions you specified did not hold',
            `<Condition>${condition}</Condition>`,
          );
        }
      }
      await next();
    } finally {
      release();
      if (queues.get(id) === tail) queues.delete(id);
    }
  };
}

/**
 * Puts the conditional-write middleware on `s3rver`, after its own request handling (logging, XML
 * answers, virtual hosts) and before its routes.
 */
export function honourConditionalWrites(s3rver: S3rver): void {
  const app = s3rver as unknown as { middleware: Middleware[]; store: MetadataStore };
  app.middleware.splice(app.middleware.length - 1, 0, conditionalWrites(app.store));
}
