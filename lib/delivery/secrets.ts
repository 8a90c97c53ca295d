import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { describeError, wrappedError } from '../config';

/** Secrets are read by name at run time, never from environment variables, and never logged or thrown. */
export interface SecretSource {
  /** The value without surrounding whitespace. @throws SecretError when it cannot be read or is empty */
  getSecret(name: string): Promise<string>;
}

/** A secret could not be read. Carries the secret's name, never its value. */
export class SecretError extends Error {
  override readonly name = 'SecretError';

  constructor(secretName: string, reason: string, options?: { cause?: unknown }) {
    super(`cannot read secret ${JSON.stringify(secretName)}: ${reason}`, options);
  }
}

/** Trimmed: a secret made from a file often ends in a newline, which would join a header or an HMAC key. */
function usableValue(name: string, value: string | Uint8Array | undefined): string {
  if (typeof value !== 'string') {
    throw new SecretError(name, 'the secret has no text value (store it with --secret-string)');
  }
  if (value.trim() === '') throw new SecretError(name, 'the secret is empty');
  return value.trim();
}

/** Secrets Manager through Powertools' `SecretsProvider`, which caches each value for 5 minutes. */
export class AwsSecretSource implements SecretSource {
  private readonly provider: SecretsProvider;

  constructor(options: { client?: SecretsManagerClient } = {}) {
    this.provider = new SecretsProvider(options.client ? { awsSdkV3Client: options.client } : {});
  }

  async getSecret(name: string): Promise<string> {
    try {
      return usableValue(name, await this.provider.get(name, { maxAge: 300 }));
    } catch (error) {
      if (error instanceof SecretError) throw error;
      // Powertools wraps the SDK's error, whose name (AccessDeniedException, ResourceNotFoundException...)
      // says what to fix. SDK error messages describe the request, never a secret's value.
      const cause = wrappedError(error);
      throw new SecretError(name, cause instanceof Error ? describeError(cause) : 'unknown error', { cause });
    }
  }
}

/** @example new InMemorySecretSource({ 'invoice-reports/demo/api-key': 'sandbox-key' }) */
export class InMemorySecretSource implements SecretSource {
  // Private: a secret holder answers getSecret only, never a listing.
  readonly #values: Map<string, string>;

  constructor(values: Record<string, string> = {}) {
    this.#values = new Map(Object.entries(values));
  }

  set(name: string, value: string): void {
    this.#values.set(name, value);
  }

  async getSecret(name: string): Promise<string> {
    const value = this.#values.get(name);
    if (value === undefined) throw new SecretError(name, 'no such secret');
    return usableValue(name, value);
  }
}

let sharedSource: AwsSecretSource | undefined;

/** The process-wide source of a Lambda function, kept so that warm invocations reuse cached values. */
export function defaultSecretSource(): AwsSecretSource {
  sharedSource ??= new AwsSecretSource();
  return sharedSource;
}
