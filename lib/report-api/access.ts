import type { Context, MiddlewareHandler } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { timingSafeEqual } from 'hono/utils/buffer';
import { type LinkVerdict, linkExpiryInstant, type SecretSource, type SigningKey } from '../delivery';
import { ACCOUNT_TOKEN_PREFIX, verifyAccountToken } from './account-token';
import { ReportApiError } from './errors';

/** The realm named in `WWW-Authenticate` challenges. */
const REALM = 'invoice-reports';

/** Who is asking: the operator (every account), an account's own token or a signed link (that account only). */
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

/** Where the tokens come from, and how a refusal is answered (a page or JSON). */
export interface CredentialOptions {
  secrets: SecretSource;
  operatorTokenSecretName: string;
  accountTokenKeySecretName: string;
  /** The token generation of each account the API serves; undefined for a name it does not serve. */
  generationOf(account: string): number | undefined;
  refuse(c: Context, refusal: ReportApiError): Response;
  /** Appended to the message of a request without credentials, e.g. "or open a signed link". */
  alternative?: string;
}

/**
 * The caller a bearer token stands for: an `acct_<account>_…` token is checked as that account's only, any
 * other against the operator token, both in constant time (Hono's `timingSafeEqual` hashes both sides
 * first, so lengths leak nothing either).
 * @throws SecretError when a secret cannot be read; ConfigError for an account token key too short
 */
async function callerOfToken(token: string, options: CredentialOptions): Promise<Caller | undefined> {
  const { secrets, accountTokenKeySecretName: secretName } = options;
  if (token.startsWith(ACCOUNT_TOKEN_PREFIX)) {
    const key = { value: await secrets.getSecret(secretName), secretName };
    const account = verifyAccountToken(key, token, options.generationOf);
    return account === undefined ? undefined : { kind: 'account', account };
  }
  const operatorToken = await secrets.getSecret(options.operatorTokenSecretName);
  return (await timingSafeEqual(operatorToken, token)) ? { kind: 'operator' } : undefined;
}

/** A wrong token's message: which tokens the API takes and where each comes from (never the one sent). */
const INVALID_TOKEN =
  'the token is not valid: send the operator token, or an account\'s own token from "npm run account-token" (locally, "npm start" prints both)';

/**
 * Hono's bearer-auth over `callerOfToken`, which sets the context's `caller`. Every refusal is a 401 with
 * a `WWW-Authenticate: Bearer` challenge; a malformed `Authorization` header counts as a wrong token (the
 * middleware's own answer would be a 400).
 */
export function requireCredential(options: CredentialOptions): MiddlewareHandler<ReportApiEnv> {
  const alternative = options.alternative ? `, ${options.alternative}` : '';
  const invalidToken = `Bearer realm="${REALM}", error="invalid_token"`;
  const unauthorized = (message: string) => (c: Context) =>
    options.refuse(c, new ReportApiError(401, 'unauthorized', message));
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
    invalidToken: { wwwAuthenticateHeader: invalidToken, message: unauthorized(INVALID_TOKEN) },
  });
}

/** What a signed link sends besides its path, and what it is checked with. */
export interface SignedQuery {
  expires: string | undefined;
  signature: string | undefined;
  signingKey: SigningKey;
  now: Date;
}

export interface LinkAccessOptions extends CredentialOptions {
  linkSigningKeySecretName: string;
  now: () => Date;
  /** Checks a link against the route's path as received (`verifyReportLink`, `verifyReportIndexLink`). */
  verify(c: Context, query: SignedQuery): LinkVerdict;
  /** Where a holder of an expired link finds a fresh one, for the 403's message. */
  freshLinks: string;
}

/**
 * Access by a signed link or a credential. A request carrying `expires` or `signature` is judged by its
 * signature alone (403 unless valid); any other needs a token (401). The link is checked against the path
 * as received, before the path is validated, so a forged link learns nothing about which accounts exist.
 */
export function requireLinkOrCredential(options: LinkAccessOptions): MiddlewareHandler<ReportApiEnv> {
  const bearer = requireCredential({ ...options, alternative: 'or open a signed link' });
  return async (c, next) => {
    const expires = c.req.query('expires');
    const signature = c.req.query('signature');
    if (expires === undefined && signature === undefined) return bearer(c, next);

    const signingKey = await options.secrets.getSecret(options.linkSigningKeySecretName);
    const verdict = options.verify(c, { expires, signature, signingKey, now: options.now() });
    if (verdict === 'expired') {
      throw new ReportApiError(403, 'link_expired', `this link has expired; ${options.freshLinks}`);
    }
    if (verdict !== 'valid' || expires === undefined) {
      throw new ReportApiError(
        403,
        'invalid_signature',
        'this link is not valid: its signature does not match',
      );
    }
    c.set('caller', {
      kind: 'link',
      account: c.req.param('account') ?? '',
      expiresAt: linkExpiryInstant(expires),
    });
    await next();
  };
}
