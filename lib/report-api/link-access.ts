import type { Context, MiddlewareHandler } from 'hono';
import { type LinkVerdict, linkExpiryInstant, type SigningKey } from '../delivery';
import { ReportApiError } from './api-error';
import { type CredentialOptions, type ReportApiEnv, requireCredential } from './credentials';

/** What a signed link sends besides its path, and what it is checked with. */
export interface SignedQuery {
  expires: string | undefined;
  signature: string | undefined;
  signingKey: SigningKey;
  now: Date;
}

/** Options of `requireLinkOrCredential`. */
export interface LinkAccessOptions extends CredentialOptions {
  /** The secret holding the key that signs links. */
  linkSigningKeySecretName: string;
  now: () => Date;
  /** Checks a link against the route's path as received (`verifyReportLink`, `verifyReportIndexLink`). */
  verify(c: Context, query: SignedQuery): LinkVerdict;
  /** Where a holder of an expired link finds a fresh one, for the 403's message. */
  freshLinks: string;
}

/**
 * Access by a signed link or a credential. A request carrying `expires` or `signature` is a signed link
 * and is judged by its signature alone (403 unless valid, whatever else it sends); any other request
 * needs a token (401). The link is checked against the path as received, before the path is validated,
 * so a forged link learns nothing about which accounts exist. A valid link makes its account's caller.
 * @throws ReportApiError 403 `invalid_signature` or `link_expired`
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
