import type { MiddlewareHandler } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { timingSafeEqual } from 'hono/utils/buffer';
import type { SecretSource } from '../secrets';
import { errorBody } from './api-error';

/** The realm named in `WWW-Authenticate` challenges. */
export const REALM = 'invoice-reports';

/** Options of `requireBearerToken`. */
export interface BearerTokenOptions {
  secrets: SecretSource;
  /** The secret holding the token, read on every request (the source caches it). */
  tokenSecretName: string;
  /** Appended to the message of a request without credentials, e.g. "or use a signed link". */
  alternative?: string;
}

function unauthorized(message: string): () => Response {
  return () =>
    new Response(JSON.stringify(errorBody('unauthorized', message)), {
      status: 401,
      headers: { 'Content-Type': 'application/json' },
    });
}

/**
 * Hono's bearer-auth middleware, comparing the token with the secret's value in constant time
 * (`timingSafeEqual` hashes both sides first, so their lengths leak nothing either). Every refusal is
 * a 401 with a JSON body and a `WWW-Authenticate: Bearer` challenge; a malformed `Authorization`
 * header counts as a wrong token (the middleware's own answer to that would be a 400).
 * @throws SecretError (through the route) when the token's secret cannot be read
 */
export function requireBearerToken(options: BearerTokenOptions): MiddlewareHandler {
  const alternative = options.alternative ? `, ${options.alternative}` : '';
  const invalidToken = `Bearer realm="${REALM}", error="invalid_token"`;
  return bearerAuth({
    realm: REALM,
    verifyToken: async (token) =>
      timingSafeEqual(await options.secrets.getSecret(options.tokenSecretName), token),
    noAuthenticationHeader: {
      message: unauthorized(`send the report API token as "Authorization: Bearer <token>"${alternative}`),
    },
    invalidAuthenticationHeader: {
      wwwAuthenticateHeader: invalidToken,
      message: unauthorized('the Authorization header must be "Bearer <token>"'),
    },
    invalidToken: {
      wwwAuthenticateHeader: invalidToken,
      message: unauthorized('the token is not valid'),
    },
  });
}
