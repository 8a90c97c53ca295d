import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AwsSecretSource, SecretError } from '../../../lib/delivery/secrets';
import {
  type SecretsManagerStandIn,
  startSecretsManagerStandIn,
} from '../../support/secrets-manager-stand-in';

const API_KEY = 'ak_live_0123456789abcdef';

describe('AwsSecretSource against a Secrets Manager endpoint', () => {
  let standIn: SecretsManagerStandIn;
  let secrets: SecretsManagerStandIn['secrets'];
  let requests: string[];
  let client: SecretsManagerClient;

  beforeAll(async () => {
    standIn = await startSecretsManagerStandIn();
    ({ secrets, requests } = standIn);
    client = new SecretsManagerClient({
      endpoint: standIn.endpoint,
      region: 'eu-west-1',
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      maxAttempts: 1,
    });
  });

  afterAll(async () => {
    client.destroy();
    await standIn.close();
  });

  beforeEach(() => {
    secrets.clear();
    requests.length = 0;
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads a string secret by name, trimmed of the newline a file leaves', async () => {
    secrets.set('invoice-reports/acme/api-key', { string: `${API_KEY}\n` });
    const source = new AwsSecretSource({ client });
    await expect(source.getSecret('invoice-reports/acme/api-key')).resolves.toBe(API_KEY);
    expect(requests).toEqual(['secretsmanager.GetSecretValue invoice-reports/acme/api-key']);
  });

  it('asks Secrets Manager once within five minutes and again after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-01T06:00:00Z'));
    secrets.set('token', { string: 'first' });
    const source = new AwsSecretSource({ client });

    await expect(source.getSecret('token')).resolves.toBe('first');
    secrets.set('token', { string: 'rotated' });
    vi.setSystemTime(new Date('2026-11-01T06:04:59Z'));
    await expect(source.getSecret('token')).resolves.toBe('first');
    expect(requests).toHaveLength(1);

    vi.setSystemTime(new Date('2026-11-01T06:05:01Z'));
    await expect(source.getSecret('token')).resolves.toBe('rotated');
    expect(requests).toHaveLength(2);
  });

  it('names the secret and the service error when the secret does not exist', async () => {
    const source = new AwsSecretSource({ client });
    const failure = source.getSecret('invoice-reports/missing');
    await expect(failure).rejects.toBeInstanceOf(SecretError);
    await expect(failure).rejects.toThrow(
      'cannot read secret "invoice-reports/missing": ResourceNotFoundException: Secrets Manager can\'t find the specified secret.',
    );
  });

  it('says access was denied when the role may not read the secret', async () => {
    const source = new AwsSecretSource({ client });
    await expect(source.getSecret('forbidden')).rejects.toThrow(
      /cannot read secret "forbidden": AccessDeniedException/,
    );
  });

  it('rejects an empty secret and a binary one without showing any value', async () => {
    secrets.set('blank', { string: '  \n' });
    secrets.set('binary', { binary: Buffer.from(API_KEY).toString('base64') });
    const source = new AwsSecretSource({ client });
    await expect(source.getSecret('blank')).rejects.toThrow(
      'cannot read secret "blank": the secret is empty',
    );
    const binary = source.getSecret('binary');
    await expect(binary).rejects.toThrow('the secret has no text value (store it with --secret-string)');
    const message = await binary.then(
      () => '',
      (caught: Error) => caught.message,
    );
    expect(message).not.toContain(API_KEY);
  });
});
