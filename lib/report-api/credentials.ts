import type { Context, MiddlewareHandler } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { timingSafeEqual } from 'hono/utils/buffer';
import type { SecretSource } from '../delivery';
import { isAccountTokenShaped, verifyAccountToken } from './account-token';
import type { Refusal } from './refusal';

/** The realm named in `WWW-Authenticate` challenges. */
export const REALM = 'invoice-reports';

/**
 * Who is asking: the operator (every account), an account's own token (that account only), or a signed
 * link to an account's list of reports or to a file (that account only, until the link expires).
 */
export type Caller =
  | { kind: 'operator' }
  | { kind: 'account'; account: string }
  | { kind: 'link'; account: string; expiresAt: Date };

/** The report API's Hono environment: the caller, once a route's access check has named one. */
export interface ReportApiEnv {
  Variables: { caller: Caller; backTo: string };
}

/** Whether a caller may read an account's reports. Any other account is unknown to it. */
export function mayRead(caller: Caller, account: string): boolean {
  return caller.kind === 'operator' || caller.account === account;
}

/** Where the report API's tokens come from. */
export interface TokenSecrets {
  secrets: SecretSource;
  /** The secret holding the operator token. */
  operatorTokenSecretName: string;
  /** The secret holding the key the account tokens are derived from. */
  accountTokenKeySecretName: string;
  /** The token generation of each account the API serves; undefined for a name it does not serve. */
  generationOf(account: string): number | undefined;
}

/**
 * The caller a bearer token stands for, if any: a token shaped `acct_<account>_…` is checked as that
 * account's token only, any other against the operator token; both comparisons take the same time
 * wherever the tokens differ (`verifyAccountToken`, and Hono's `timingSafeEqual`, which hashes both
 * sides first so that their lengths leak nothing either).
 * @throws SecretError when the secret it needs cannot be read; ConfigError for an account token key
 * shorter than 32 bytes
 */
export async function callerOfToken(token: string, options: TokenSecrets): Promise<Caller | undefined> {
  if (isAccountTokenShaped(token)) {
    const key = {
      value: await options.secrets.getSecret(options.accountTokenKeySecretName),
      secretName: options.accountTokenKeySecretName,
    };
    const account = verifyAccountToken(key, token, options.generationOf);
    return account === undefined ? undefined : { kind: 'account', account };
  }
  const operatorToken = await options.secrets.getSecret(options.operatorTokenSecretName);
  return (await timingSafeEqual(operatorToken, token)) ? { kind: 'operator' } : undefined;
}

/** A wrong token's message: which tokens the API takes and where each comes from (never the one sent). */
const INVALID_TOKEN =
  'the token is not valid: send the operator token, or an account\'s own token from "npm run account-token" (locally, "npm start" prints both)';

/** Options of `requireCredential`. */
export interface CredentialOptions extends TokenSecrets {
  /** Answers a refusal, as a page or as JSON (see `refusalResponse`). */
  refuse(c: Context, refusal: Refusal): Response;
  /** Appended to the message of a request without credentials, e.g. "or open a signed link". */
  alternative?: string;
}

/**
 * Hono's bearer-auth middleware over `callerOfToken`: the caller it finds is the context's `caller`.
 * Every refusal is a 401 with a `WWW-Authenticate: Bearer` challenge, a page for a browser and JSON for a
 * program; a malformed `Authorization` header counts as a wrong token (the middleware's own answer to
 * that would be a 400).
 * @throws SecretError (through the route) when a token's secret cannot be read
 */
export function requireCredential(options: CredentialOptions): MiddlewareHandler<ReportApiEnv> {
  const alternative = options.alternative ? `, ${options.alternative}` : '';
  const invalidToken = `Bearer realm="${REALM}", error="invalid_token"`;
  const unauthorized = (message: string) => (c: Context) =>
    options.refuse(c, { status: 401, code: 'unauthorized', message });
  return bearerAuth<ReportApiEnv>({
    realm: REALM,
    verifyToken: async (token, c) => {
      const caller = await callerOfToken(token, options);
      if (caller) c.set('caller', caller);
      return caller !== undefined;
    },
    noAuthenticationHeader: {
      message: unauthorized(`send a report API token as "Authorization: Bearer <token>"${alternative}`),
    },
    invalidAuthenticationHeader: {
      wwwAuthenticateHeader: invalidToken,
      message: unauthorized('the Authorization header must be "Bearer <token>"'),
    },
    invalidToken: {
      wwwAuthenticateHeader: invalidToken,
      message: unauthorized(INVALID_TOKEN),
    },
  });
}
