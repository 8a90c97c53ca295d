import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3rver from 's3rver';
import { honourConditionalWrites } from './conditional-writes';

/** A running emulator. */
export interface RunningEmulator {
  /** Such as `http://127.0.0.1:4569`, with the real port when 0 was asked for. */
  endpoint: string;
  port: number;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

/** Options of `startS3Emulator`. */
export interface S3EmulatorOptions {
  /** 0 picks a free port. */
  port: number;
  /** Where s3rver keeps buckets and objects; created if missing. */
  directory: string;
  /** Buckets to create at start (existing ones keep their objects). */
  buckets: string[];
}

/** Options of `startSesEmulator`. */
export interface SesEmulatorOptions {
  /** 0 picks a free port. */
  port: number;
}

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

function portInUseError(what: string, port: number, cause: unknown): Error {
  return new Error(`${what}: port ${port} on ${HOST} is already in use; choose another port`, { cause });
}

/** Listens on `HOST:port`, turning "address in use" into an error that names the port. */
function listen(server: Server, port: number, what: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? portInUseError(what, port, error) : error);
    };
    server.once('error', onError);
    server.listen(port, HOST, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    // Keep-alive connections from SDK clients would otherwise hold close() open.
    server.closeAllConnections();
  });
}

/** The parts of s3rver's filesystem store that `writeObjectsBeforeAnswering` uses. */
interface S3rverStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
  putObject(object: S3rverObject): Promise<{ size: number; md5: string }>;
}

interface S3rverObject {
  bucket: string;
  key: string;
  metadata: unknown;
  content: Buffer | Readable;
}

/**
 * s3rver 3.7's `putObject` answers once the body has been read, not once the file is written (it never
 * waits for the write stream), and writes over the object's file in place, so a GET right after a PUT,
 * or during one, can read an empty or short object. This replacement does the same work into a file of
 * its own, renames it into place (a reader sees the old object or the new one, as on S3: its listing
 * skips the `.tmp` name) and only then writes the ETag and answers the PUT.
 */
function writeObjectsBeforeAnswering(s3rver: S3rver): void {
  const store = (s3rver as unknown as { store: S3rverStore }).store;
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

/**
 * Starts s3rver on 127.0.0.1, silent, with the given buckets, honouring conditional writes as S3 does
 * (see `honourConditionalWrites`). Use its endpoint with
 * `createS3Client({ endpoint })`, which sets path-style addressing and the credentials s3rver checks.
 * Its own `run()` is not used because it leaves "address in use" as an unhandled error event; the
 * server here is a plain `http.Server` over s3rver's request handler.
 * @throws Error naming the port when it is in use
 */
export async function startS3Emulator(options: S3EmulatorOptions): Promise<RunningEmulator> {
  await mkdir(options.directory, { recursive: true });
  const s3rver = new S3rver({
    address: HOST,
    port: options.port,
    directory: options.directory,
    silent: true,
    configureBuckets: options.buckets.map((name) => ({ name, configs: [] })),
  });
  writeObjectsBeforeAnswering(s3rver);
  honourConditionalWrites(s3rver);
  await s3rver.configureBuckets();
  const server = createServer(s3rver.callback());
  const port = await listen(server, options.port, 'S3 emulator');
  return {
    endpoint: `http://${HOST}:${port}`,
    port,
    close: async () => {
      await closeServer(server);
      // What s3rver's own server does on close: its logger holds a handle otherwise.
      const logger = (s3rver as unknown as { logger?: { close(): void } }).logger;
      logger?.close();
    },
  };
}

type SesServerFactory = (config: { host: string; port: number }) => Promise<Server>;

/**
 * aws-ses-v2-local is CommonJS with `exports.default`: Node's ESM loader hands back the whole exports
 * object as `default`, while tsx and vitest unwrap it to the function.
 */
async function loadSesServerFactory(): Promise<SesServerFactory> {
  const module = (await import('aws-ses-v2-local')) as unknown as { default: unknown };
  const exported = module.default as SesServerFactory | { default: SesServerFactory };
  return typeof exported === 'function' ? exported : exported.default;
}

/**
 * Starts aws-ses-v2-local on 127.0.0.1. It accepts SES v1 `SendRawEmail` from `createSesClient({ endpoint })`
 * and keeps each message for `readSesStore`. Its store belongs to the module, so every SES emulator in one
 * process shares it.
 * @throws Error naming the port when it is in use
 */
export async function startSesEmulator(options: SesEmulatorOptions): Promise<RunningEmulator> {
  const startServer = await loadSesServerFactory();
  const server = await startServer({ host: HOST, port: options.port });
  // It resolves even when listening failed (Express hands the error to its callback, which ignores it).
  if (!server.listening) {
    throw portInUseError('SES emulator', options.port, undefined);
  }
  const port = (server.address() as AddressInfo).port;
  return { endpoint: `http://${HOST}:${port}`, port, close: () => closeServer(server) };
}

/** Every message the SES emulator at `endpoint` has accepted, oldest first. */
export async function readSesStore(endpoint: string): Promise<StoredEmail[]> {
  const response = await fetch(`${endpoint}/store`);
  if (!response.ok) throw new Error(`SES emulator store answered ${response.status}`);
  const body = (await response.json()) as { emails: StoredEmail[] };
  return body.emails;
}

/** Empties the SES emulator's store. */
export async function clearSesStore(endpoint: string): Promise<void> {
  const response = await fetch(`${endpoint}/clear-store`, { method: 'POST' });
  if (!response.ok) throw new Error(`SES emulator clear-store answered ${response.status}`);
}
