import { describe, expect, it } from 'vitest';
import { AwsSecretSource, defaultSecretSource, InMemorySecretSource } from '../../../lib/delivery/secrets';

describe('InMemorySecretSource', () => {
  it('returns the values it was given, trimmed', async () => {
    const source = new InMemorySecretSource({ 'invoice-reports/demo/api-key': ' sandbox-key ' });
    await expect(source.getSecret('invoice-reports/demo/api-key')).resolves.toBe('sandbox-key');
  });

  it('takes a value set later and replaces an old one', async () => {
    const source = new InMemorySecretSource();
    source.set('token', 'one');
    source.set('token', 'two');
    await expect(source.getSecret('token')).resolves.toBe('two');
  });

  it('names a secret it does not hold', async () => {
    await expect(new InMemorySecretSource().getSecret('token')).rejects.toThrow(
      'cannot read secret "token": no such secret',
    );
  });
});

describe('defaultSecretSource', () => {
  it('is one instance per process, so its cache outlives an invocation', () => {
    expect(defaultSecretSource()).toBe(defaultSecretSource());
    expect(defaultSecretSource()).toBeInstanceOf(AwsSecretSource);
  });
});
