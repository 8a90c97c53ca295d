import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeHttpTransport } from '../../../lib/invoicing/node-http-transport';
import { readBody } from '../../../lib/invoicing/send-request';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** A server on a free port, counting the connections it accepted and those closed. */
async function serve(handle: (request: IncomingMessage, response: ServerResponse) => void) {
  const server = createServer((request, response) => {
    request.resume();
    request.once('end', () => handle(request, response));
  });
  const counts = { connections: 0, closed: 0, headers: [] as IncomingMessage['headers'][] };
  server.on('connection', (socket) => {
    counts.connections += 1;
    socket.once('close', () => {
      counts.closed += 1;
    });
  });
  server.on('request', (request: IncomingMessage) => counts.headers.push(request.headers));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`, counts };
}

const send = (url: string) =>
  nodeHttpTransport({
    url,
    headers: { Authorization: 'Token t' },
    body: new TextEncoder().encode('a=1'),
    signal: new AbortController().signal,
  });

describe('nodeHttpTransport', () => {
  it('posts the body with its length and sends requests one after another on one connection', async () => {
    const { url, counts } = await serve((_, response) => response.end('{"ok":true}'));

    for (let n = 0; n < 3; n += 1) expect((await readBody(await send(url), 100))?.text()).toBe('{"ok":true}');

    expect(counts.connections).toBe(1);
    expect(counts.headers[0]).toMatchObject({ authorization: 'Token t', 'content-length': '3' });
  });

  it.each([
    ['gzip', 'gzip', gzipSync],
    ['br', 'br', brotliCompressSync],
    ['deflate', 'deflate', deflateSync],
    // RFC 9110's deflate is zlib-wrapped, but some servers send it raw; fetch reads both.
    ['raw deflate', 'deflate', deflateRawSync],
  ])('undoes the %s content coding it asked for', async (_, coding, compress) => {
    const { url, counts } = await serve((_, response) => {
      response.writeHead(200, { 'content-encoding': coding }).end(compress('{"result":"success"}'));
    });

    expect((await readBody(await send(url), 100))?.text()).toBe('{"result":"success"}');
    expect(counts.headers[0]?.['accept-encoding']).toBe('gzip, deflate, br');
  });

  it('counts the limit on the decoded bytes, so a small compressed bomb is refused', async () => {
    const bomb = gzipSync(Buffer.alloc(50 * 1024 * 1024));
    const { url } = await serve((_, response) => {
      response.writeHead(200, { 'content-encoding': 'gzip' }).end(bomb);
    });

    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(await readBody(await send(url), 1024 * 1024)).toBeUndefined();
  });

  it('speaks TLS to a URL whose scheme is written in capitals, which a URL allows', async () => {
    // A bare TCP server: the first byte a client sends over TLS is 0x16, a handshake record.
    const firstBytes: number[] = [];
    const server = createTcpServer((socket) => {
      socket.once('data', (data: Buffer) => {
        firstBytes.push(data[0] as number);
        socket.destroy();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    close = () => new Promise((resolve) => server.close(() => resolve()));

    const error = await send(`HTTPS://127.0.0.1:${(server.address() as AddressInfo).port}/x`).catch(
      (caught: unknown) => caught,
    );

    expect((error as { code?: string }).code).not.toBe('ERR_INVALID_PROTOCOL');
    expect(firstBytes).toEqual([0x16]);
  });

  it('answers a redirect as it came, following nothing', async () => {
    const { url, counts } = await serve((_, response) => {
      response.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' }).end();
    });

    const answer = await send(url);

    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('http://127.0.0.1:1/elsewhere');
    expect(counts.headers).toHaveLength(1);
  });

  it('drops the connection of an answer refused half way', async () => {
    const { url, counts } = await serve((_, response) => {
      response.writeHead(200);
      response.write('x'.repeat(64 * 1024));
    });

    expect(await readBody(await send(url), 1024)).toBeUndefined();
    await expect.poll(() => counts.closed).toBe(1);
  });
});
