import type { MiddlewareHandler } from 'hono';
import { verifyReportLink } from '../delivery';
import type { SecretSource } from '../secrets';
import { ReportApiError } from './api-error';
import { requireBearerToken } from './bearer-token';

/** Options of `requireFileAccess`. */
export interface FileAccessOptions {
  secrets: SecretSource;
  tokenSecretName: string;
  linkSigningKeySecretName: string;
  now: () => Date;
}

/**
 * Access to `GET /reports/:account/:period/:file`: a request carrying `expires` or `signature` is a
 * signed link and is judged by its signature alone (403 unless valid, whatever else it sends);
 * any other request needs the bearer token (401). The link is checked against the path as received,
 * before the path is validated, so a forged link learns nothing about which accounts exist.
 * @throws ReportApiError 403 `invalid_signature` or `link_expired`
 */
export function requireFileAccess(options: FileAccessOptions): MiddlewareHandler {
  const bearer = requireBearerToken({
    secrets: options.secrets,
    tokenSecretName: options.tokenSecretName,
    alternative: 'or open a signed link',
  });
  return async (c, next) => {
    const expires = c.req.query('expires');
    const signature = c.req.query('signature');
    if (expires === undefined && signature === undefined) return bearer(c, next);

    const signingKey = await options.secrets.getSecret(options.linkSigningKeySecretName);
    const verdict = verifyReportLink({
      account: c.req.param('account'),
      period: c.req.param('period'),
      fileName: c.req.param('file'),
      expires,
      signature,
      signingKey,
      now: options.now(),
    });
    if (verdict === 'expired') {
      throw new ReportApiError(
        403,
        'link_expired',
        'this link has expired; GET /reports/<account>/<period> with the API token answers with fresh links',
      );
    }
    if (verdict !== 'valid') {
      throw new ReportApiError(
        403,
        'invalid_signature',
        'this link is not valid: its signature does not match',
      );
    }
    await next();
  };
}
