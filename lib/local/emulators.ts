import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pLimit, { type LimitFunction } from 'p-limit';
import S3rver from 's3rver';
import { closeServer, listenOnLoopback } from '../sandbox';

/** An emulator's `endpoint` (`http://127.0.0.1:4569`) and `port`, the real one when 0 was asked for. */
export type RunningEmulator = Awaited<ReturnType<typeof startSesEmulator>>;

/** One message as aws-ses-v2-local keeps it (its mailparser reading of the raw message). */
export interface StoredEmail {
  messageId: string;
  from: string;
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { html?: string; text?: string };
  /** `content` is base64. */
  attachments: { filename?: string; contentType: string; size: number; content: string }[];
  /** Unix seconds. */
  at: number;
}

const HOST = '127.0.0.1';

type S3Object = { bucket: string; key: string; metadata: unknown; content: Buffer | Readable };

/** The parts of s3rver (a Koa app) and its filesystem store used here. */
interface S3rverInternals {
  middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
  store: {
    getResourcePath(bucket: string, key: string, resource: string): string;
    getMetadata(bucket: string, key: string): Promise<{ etag: string }>;
    putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
    putObject(object: S3Object): Promise<{ size: number; md5: string }>;
  };
}

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

/**
 * s3rver 3.7's `putObject` answers before the file is written, and writes it in place, so a GET right
 * after or during a PUT can read a short object. This one renames a file of its own into place (a reader
 * sees the old object or the new one, as on S3; listings skip `.tmp`), then writes the ETag.
 */
function writeObjectsBeforeAnswering({ store }: S3rverInternals): void {
  store.putObject = async (object) => {
    const objectPath = store.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(dirname(objectPath), { recursive: true });
    const md5 = createHash('md5');
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        md5.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    const source = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
    const temporary = `${objectPath}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await pipeline(source, measure, createWriteStream(temporary));
      await rename(temporary, objectPath);
    } finally {
      await rm(temporary, { force: true });
    }
    const digest = md5.digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, digest);
    return { size, md5: digest };
  };
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

/**
 * Conditional writes as S3 documents them (s3rver ignores both headers): `If-None-Match: *` on a PUT and
 * `If-Match` on a PUT or DELETE, answered 412 `PreconditionFailed`, or 404 `NoSuchKey` for `If-Match` on
 * no object. Requests for one key (path-style) run one at a time, check and write together, so of two
 * racing conditional writes exactly one wins, and a read gets the ETag of the content it gets.
 */
function honourConditionalWrites(app: S3rverInternals): void {
  /** Per `bucket/key`, the requests queued on it. */
  const queues = new Map<string, LimitFunction>();
  app.middleware.splice(app.middleware.length - 1, 0, async (ctx, next) => {
    const { method, query } = ctx;
    const touches =
      ['GET', 'HEAD', 'DELETE'].includes(method) ||
      (method === 'PUT' && query.partNumber === undefined) ||
      (method === 'POST' && query.uploadId !== undefined);
    const match = touches ? /^\/([^/]+)\/(.+)$/.exec(ctx.path) : null;
    if (!match) return next();
    const [bucket, key] = [decodeURIComponent(match[1]!), decodeURIComponent(match[2]!)];
    const id = `${bucket}/${key}`;
    const queue = queues.get(id) ?? pLimit(1);
    queues.set(id, queue);
    return queue(async () => {
      try {
        // On a GET or HEAD the same headers ask for 304 or 412 on a read, which s3rver answers itself.
        const writes = method !== 'GET' && method !== 'HEAD';
        const ifNoneMatch = writes ? ctx.get('if-none-match') : '';
        const ifMatch = writes ? ctx.get('if-match') : '';
        if (ifNoneMatch || ifMatch) {
          const etag = await app.store.getMetadata(bucket, key).then(
            (metadata) => metadata.etag,
            () => undefined,
          );
          if (ifMatch && etag === undefined) {
            const keyXml = `<Key>${key.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`)}</Key>`;
            return s3Error(ctx, 404, 'NoSuchKey', 'The specified key does not exist.', keyXml);
          }
          const failed =
            (ifNoneMatch.trim() === '*' && etag !== undefined && method !== 'DELETE') ||
            (ifMatch !== '' && ifMatch.trim() !== '*' && etag !== undefined && bare(ifMatch) !== bare(etag));
          if (failed) {
            const condition = `<Condition>${ifMatch ? 'If-Match' : 'If-None-Match'}</Condition>`;
            const message = 'At least one of the pre-conditions you specified did not hold';
            return s3Error(ctx, 412, 'PreconditionFailed', message, condition);
          }
        }
        await next();
      } finally {
        if (queue.pendingCount === 0) queues.delete(id);
      }
    });
  });
}

/**
 * Starts s3rver on 127.0.0.1 with the given buckets, as a plain `http.Server` over its handler: its own
 * `run()` leaves "address in use" as an unhandled error event. Throws the listen error, its `code` kept.
 */
export async function startS3Emulator(options: {
  /** 0 picks a free port. */
  port: number;
  /** Where s3rver keeps buckets and objects; created if missing. */
  directory: string;
  buckets: string[];
}) {
  await mkdir(options.directory, { recursive: true });
  const s3rver = new S3rver({
    address: HOST,
    port: options.port,
    directory: options.directory,
    silent: true,
    configureBuckets: options.buckets.map((name) => ({ name, configs: [] })),
  });
  const internals = s3rver as unknown as S3rverInternals;
  writeObjectsBeforeAnswering(internals);
  honourConditionalWrites(internals);
  await s3rver.configureBuckets();
  const server = await listenOnLoopback(createServer(s3rver.callback()), options.port);
  return {
    endpoint: server.url,
    port: server.port,
    close: async () => {
      await server.close();
      // What s3rver's own server does on close: its logger holds a handle otherwise.
      (s3rver as unknown as { logger?: { close(): void } }).logger?.close();
    },
  };
}

/**
 * Starts aws-ses-v2-local on 127.0.0.1, which keeps each message for `readSesStore` in a store of the
 * module's, shared by every SES emulator in one process. Throws an error naming a taken port.
 */
export async function startSesEmulator(options: { port: number }) {
  type Factory = (config: { host: string; port: number }) => Promise<Server>;
  // CommonJS with `exports.default`: Node's ESM loader hands back the whole exports object as
  // `default`, while tsx and vitest unwrap it to the function.
  const exported = (
    (await import('aws-ses-v2-local')) as unknown as { default: Factory | { default: Factory } }
  ).default;
  const server = await (typeof exported === 'function' ? exported : exported.default)({
    host: HOST,
    port: options.port,
  });
  // It resolves even when listening failed (Express hands the error to its callback, which ignores it).
  if (!server.listening) throw new Error(`SES emulator: cannot listen on ${HOST}:${options.port}`);
  const port = (server.address() as AddressInfo).port;
  return { endpoint: `http://${HOST}:${port}`, port, close: () => closeServer(server) };
}

/** Every message the SES emulator at `endpoint` has accepted, oldest first. */
export async function readSesStore(endpoint: string): Promise<StoredEmail[]> {
  const response = await fetch(`${endpoint}/store`);
  if (!response.ok) throw new Error(`SES emulator store answered ${response.status}`);
  return ((await response.json()) as { emails: StoredEmail[] }).emails;
}
