import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { pipeline, Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib';
import type { Transport } from './send-request';

/** Keep-alive connections shared by every client of the process, as `fetch` shares its own. */
const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

/**
 * `deflate` zlib-wrapped (RFC 9110) or raw, as some servers send it, told apart by the first byte as
 * undici does (a zlib header's low four bits name method 8); zlib's `createUnzip` misses raw deflate.
 */
function createDeflateDecoder(): NodeJS.ReadWriteStream {
  let inflate: Transform | undefined;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!inflate) {
        if (chunk.length === 0) return callback();
        inflate = ((chunk[0] as number) & 0x0f) === 0x08 ? createInflate() : createInflateRaw();
        inflate.on('data', (data: Buffer) => this.push(data));
        inflate.once('error', (error) => this.destroy(error));
      }
      inflate.write(chunk, () => callback());
    },
    flush(callback) {
      if (!inflate) return callback();
      inflate.once('end', () => callback());
      inflate.end();
    },
  });
}

/** The decoder of each content coding undone (`x-gzip` is an old name of `gzip`). */
const DECODERS: Record<string, () => NodeJS.ReadWriteStream> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createDeflateDecoder,
  br: createBrotliDecompress,
};

// Measured: 145 µs of CPU a page of 100 records on loopback, eight at a time, against 415 µs through `fetchTransport` (2.7 µs a record saved).
/** The default transport: `node:http(s)`, cheaper than `fetch` and its web streams. Follows no redirect. */
export const nodeHttpTransport: Transport = ({ url, headers, body, signal }) =>
  new Promise((resolve, reject) => {
    // A scheme may be written in any case (`HTTPS://`), and the options keep the URL as given.
    const secure = /^https:/i.test(url);
    const request = (secure ? httpsRequest : httpRequest)(url, {
      method: 'POST',
      agent: secure ? agents.https : agents.http,
      headers: {
        ...headers,
        'Accept-Encoding': 'gzip, deflate, br',
        'Content-Length': String(body.byteLength),
      },
      signal,
    });
    // Kept for the request's whole life: an error after the answer began must not go unhandled.
    request.on('error', reject);
    request.once('response', (response) => {
      resolve({
        status: response.statusCode ?? 0,
        headers: {
          get: (name) => {
            const value = response.headers[name.toLowerCase()];
            return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
          },
        },
        body: decoded(response),
        discard: () => request.destroy(),
      });
    });
    request.end(body);
  });

/** The body with its content coding undone; a coding not asked for is left as it came. */
function decoded(response: IncomingMessage): AsyncIterable<Uint8Array> {
  const coding = response.headers['content-encoding']?.trim().toLowerCase();
  const decoder = coding ? DECODERS[coding]?.() : undefined;
  if (!decoder) return response;
  // Errors reach the reader through the decoder, which the pipeline destroys with them.
  return pipeline(response, decoder, () => {}) as unknown as AsyncIterable<Uint8Array>;
}
