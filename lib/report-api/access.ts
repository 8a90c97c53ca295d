import type { Context, MiddlewareHandler } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { timingSafeEqual } from 'hono/utils/buffer';
import { type LinkVerdict, linkExpiryInstant, type verifyReportIndexLink } from '../delivery';
import { ACCOUNT_TOKEN_PREFIX, verifyAccountToken } from './account-token';
import { ReportApiError } from './errors';
import type { ReportApiSettings } from './report-api-options';

const REALM = 'invoice-reports';

/** Who is asking: the operator (every account), an account's own token or a signed link (that account only). */
export type Caller =
  | { kind: 'operator' }
  | { kind: 'account'; account: string }
  | { kind: 'link'; account: string; expiresAt: Date };

/** The report API's Hono environment: the caller, once a route's access check has named one. */
export type ReportApiEnv = { Variables: { caller: Caller; backTo: string } };

/** Whether a caller may read an account's reports. Any other account is unknown to it. */
export function mayRead(caller: Caller, account: string): boolean {
  return caller.kind === 'operator' || caller.account === account;
}

/** A signed link's path account and query as received, and what it is checked with. */
type SignedQuery = Parameters<typeof verifyReportIndexLink>[0];

/** A wrong token's message: which tokens the API takes and where each comes from (never the one sent). */
const INVALID_TOKEN =
  'the token is not valid: send the operator token, or an account\'s own token from "npm run account-token" (locally, "npm start" prints both)';

/** The routes' access checks: by a bearer token, or by a signed link or a token; `refuse` answers a refusal. */
export function accessChecks(
  settings: ReportApiSettings,
  refuse: (c: Context, refusal: ReportApiError) => Response,
) {
  const { secrets } = settings.publish;
  // Looked up by name for every token and link a caller sends: a map takes as long whichever account a
  // forged one names, where a search through the list would say how far down the list the account is.
  const generations = new Map(settings.accounts.map((account) => [account.name, account.tokenGeneration]));

  /**
   * The caller a bearer token stands for: an `acct_<account>_…` token is checked as that account's only,
   * any other against the operator token, both in constant time (Hono's `timingSafeEqual` hashes both
   * sides first, so lengths leak nothing either).
   */
  async function callerOfToken(token: string): Promise<Caller | undefined> {
    if (token.startsWith(ACCOUNT_TOKEN_PREFIX)) {
      const secretName = settings.accountTokenKeySecretName;
      const key = { value: await secrets.getSecret(secretName), secretName };
      const account = verifyAccountToken(key, token, (name) => generations.get(name));
      return account === undefined ? undefined : { kind: 'account', account };
    }
    const operatorToken = await secrets.getSecret(settings.reportApiTokenSecretName);
    return (await timingSafeEqual(operatorToken, token)) ? { kind: 'operator' } : undefined;
  }

  /** Bearer auth setting `caller`; every refusal a 401, a malformed header too (Hono's own is a 400). */
  function requireCredential(alternative = ''): MiddlewareHandler<ReportApiEnv> {
    const invalidToken = `Bearer realm="${REALM}", error="invalid_token"`;
    const unauthorized = (message: string) => (c: Context) =>
      refuse(c, new ReportApiError(401, 'unauthorized', message));
    return bearerAuth<ReportApiEnv>({
      realm: REALM,
      verifyToken: async (token, c) => {
        const caller = await callerOfToken(token);
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

  return {
    credential: requireCredential(),

    /**
     * Access by a signed link or a credential. A request carrying `expires` or `signature` is judged by its
     * signature alone (403 unless valid); any other needs a token (401). The link is checked against the
     * path as received, before the path is validated, so a forged link learns nothing about which
     * accounts exist; an account not configured is checked at generation 1.
     * @param freshLinks where a holder of an expired link finds a fresh one, for the 403's message
     */
    linkOrCredential(
      verify: (query: SignedQuery, c: Context) => LinkVerdict,
      freshLinks: string,
    ): MiddlewareHandler<ReportApiEnv> {
      const bearer = requireCredential(', or open a signed link');
      return async (c, next) => {
        const expires = c.req.query('expires');
        const signature = c.req.query('signature');
        if (expires === undefined && signature === undefined) return bearer(c, next);

        const account = c.req.param('account');
        const signingKey = await secrets.getSecret(settings.linkSigningKeySecretName);
        const generation = generations.get(account ?? '') ?? 1;
        const query = { account, expires, signature, generation, signingKey, now: settings.now() };
        const verdict = verify(query, c);
        if (verdict === 'expired') {
          throw new ReportApiError(403, 'link_expired', `this link has expired; ${freshLinks}`);
        }
        if (verdict !== 'valid' || expires === undefined) {
          throw new ReportApiError(
            403,
            'invalid_signature',
            'this link is not valid: its signature does not match',
          );
        }
        c.set('caller', { kind: 'link', account: account ?? '', expiresAt: linkExpiryInstant(expires) });
        await next();
      };
    },
  };
}
