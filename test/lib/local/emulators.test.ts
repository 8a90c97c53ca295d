import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, HeadBucketCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { SendEmailCommand } from '@aws-sdk/client-ses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client, createSesClient } from '../../../lib/delivery';
import {
  type RunningEmulator,
  readSesStore,
  startS3Emulator,
  startSesEmulator,
} from '../../../lib/local/emulators';
import { clearSesStore } from '../../support/ses-store';

/** A plain TCP server holding a free port, so an emulator asked for that port finds it taken. */
async function occupyPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { port: address.port, server };
}

describe('startS3Emulator', () => {
  let directory: string;
  let s3: RunningEmulator;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 's3-emulator-'));
    s3 = await startS3Emulator({ port: 0, directory: join(directory, 'store'), buckets: ['reports-test'] });
  });

  afterAll(async () => {
    await s3.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('reports the real port when asked for port 0', () => {
    expect(s3.port).toBeGreaterThan(0);
    expect(s3.endpoint).toBe(`http://127.0.0.1:${s3.port}`);
  });

  it('creates the buckets it is given and stores objects through the SDK', async () => {
    const client = createS3Client({ endpoint: s3.endpoint });
    await client.send(new HeadBucketCommand({ Bucket: 'reports-test' }));
    await client.send(new PutObjectCommand({ Bucket: 'reports-test', Key: 'a/b.txt', Body: 'hello' }));
    const object = await client.send(new GetObjectCommand({ Bucket: 'reports-test', Key: 'a/b.txt' }));
    expect(await object.Body?.transformToString()).toBe('hello');
  });

  it('answers a PUT only once the object is stored, so a GET right after reads all of it', async () => {
    const client = createS3Client({ endpoint: s3.endpoint });
    const key = 'race/record.json';
    for (let round = 0; round < 50; round++) {
      const body = JSON.stringify({ round, padding: 'x'.repeat(round * 50) });
      await client.send(new PutObjectCommand({ Bucket: 'reports-test', Key: key, Body: body }));
      const object = await client.send(new GetObjectCommand({ Bucket: 'reports-test', Key: key }));
      expect(await object.Body?.transformToString()).toBe(body);
    }
  });

  it('rejects with EADDRINUSE when the port is taken', async () => {
    const taken = await occupyPort();
    try {
      await expect(
        startS3Emulator({ port: taken.port, directory: join(directory, 'other'), buckets: [] }),
      ).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      taken.server.close();
    }
  });
});

describe('startSesEmulator', () => {
  let ses: RunningEmulator;

  beforeAll(async () => {
    ses = await startSesEmulator({ port: 0 });
  });

  afterAll(async () => {
    await ses.close();
  });

  it('reports the real port when asked for port 0', () => {
    expect(ses.port).toBeGreaterThan(0);
    expect(ses.endpoint).toBe(`http://127.0.0.1:${ses.port}`);
  });

  it('keeps sent messages in its store until the store is cleared', async () => {
    await clearSesStore(ses.endpoint);
    const client = createSesClient({ endpoint: ses.endpoint });
    await client.send(
      new SendEmailCommand({
        Source: 'reports@acme.example',
        Destination: { ToAddresses: ['books@acme.example'] },
        Message: { Subject: { Data: 'Hello' }, Body: { Text: { Data: 'Body text' } } },
      }),
    );
    const stored = await readSesStore(ses.endpoint);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.subject).toBe('Hello');
    expect(stored[0]?.destination.to).toEqual(['books@acme.example']);

    await clearSesStore(ses.endpoint);
    expect(await readSesStore(ses.endpoint)).toEqual([]);
  });

  it('names the port when it cannot listen on it', async () => {
    const taken = await occupyPort();
    try {
      await expect(startSesEmulator({ port: taken.port })).rejects.toThrow(
        `SES emulator: cannot listen on 127.0.0.1:${taken.port}`,
      );
    } finally {
      taken.server.close();
    }
  });
});
