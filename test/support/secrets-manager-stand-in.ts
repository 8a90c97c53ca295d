import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Secrets Manager's `GetSecretValue` on loopback (awsJson1.1: a POST with an
 * `X-Amz-Target` header), so the real SDK client and Powertools' cache are exercised. No emulator of
 * Secrets Manager is among the project's tools; this one answers the single call the code makes.
 * The secret id `forbidden` is answered with AccessDeniedException.
 */
export interface StandInSecret {
  string?: string;
  /** Base64, as the API sends `SecretBinary`. */
  binary?: string;
}

export interface SecretsManagerStandIn {
  endpoint: string;
  /** The secrets it holds, by name; change them at will. */
  secrets: Map<string, StandInSecret>;
  /** `<X-Amz-Target> <SecretId>` of every request, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function startSecretsManagerStandIn(): Promise<SecretsManagerStandIn> {
  const secrets = new Map<string, StandInSecret>();
  const requests: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      const target = request.headers['x-amz-target'];
      const { SecretId } = JSON.parse(body) as { SecretId: string };
      requests.push(`${target} ${SecretId}`);
      response.setHeader('content-type', 'application/x-amz-json-1.1');
      const fail = (type: string, message: string) => {
        response.statusCode = 400;
        response.end(JSON.stringify({ __type: type, message }));
      };
      if (SecretId === 'forbidden') {
        fail('AccessDeniedException', 'User is not authorized to perform: secretsmanager:GetSecretValue');
        return;
      }
      const secret = secrets.get(SecretId);
      if (!secret) {
        fail('ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
        return;
      }
      response.end(
        JSON.stringify({
          ARN: `arn:aws:secretsmanager:eu-west-1:123456789012:secret:${SecretId}-AbCdEf`,
          Name: SecretId,
          VersionId: 'v1',
          ...(secret.string === undefined ? {} : { SecretString: secret.string }),
          ...(secret.binary === undefined ? {} : { SecretBinary: secret.binary }),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    secrets,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
