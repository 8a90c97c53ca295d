import { afterEach, describe, expect, it, vi } from 'vitest';
import { createS3Client, createSesClient } from '../../../lib/delivery';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('createS3Client', () => {
  it('talks to an emulator with path-style URLs, checksums only when required and local credentials', async () => {
    vi.stubEnv('AWS_REGION', '');
    vi.stubEnv('AWS_DEFAULT_REGION', '');
    const client = createS3Client({ endpoint: 'http://127.0.0.1:4569' });
    expect(client.config.forcePathStyle).toBe(true);
    expect(await client.config.requestChecksumCalculation()).toBe('WHEN_REQUIRED');
    expect(await client.config.responseChecksumValidation()).toBe('WHEN_REQUIRED');
    expect(await client.config.region()).toBe('us-east-1');
    const credentials = await client.config.credentials();
    expect(credentials.accessKeyId).toBe('S3RVER');
  });

  it('keeps the SDK defaults for AWS itself', async () => {
    const client = createS3Client({ region: 'eu-west-1' });
    expect(client.config.forcePathStyle).toBe(false);
    expect(await client.config.region()).toBe('eu-west-1');
    expect(await client.config.requestChecksumCalculation()).toBe('WHEN_SUPPORTED');
  });

  it('uses the local key pair with an endpoint even when the environment names other credentials', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret-example');
    const client = createS3Client({ endpoint: 'http://127.0.0.1:4569', region: 'us-east-1' });
    expect((await client.config.credentials()).accessKeyId).toBe('S3RVER');
  });

  it('uses credentials passed in', async () => {
    const client = createS3Client({
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
    });
    expect((await client.config.credentials()).accessKeyId).toBe('minio');
  });
});

describe('createSesClient', () => {
  it('leaves retries to sendRawEmail', async () => {
    const client = createSesClient({ endpoint: 'http://127.0.0.1:8005' });
    expect(await client.config.maxAttempts()).toBe(1);
  });
});
