import { millisecondsInDay } from 'date-fns/constants';
import type { Context } from 'hono';
import { type AccountConfig, findAccount } from '../config';
import { ReportApiError } from './api-error';
import { type Caller, mayRead, type ReportApiEnv } from './credentials';
import type { ReportApiSettings } from './report-api-options';
import { ReportStore } from './report-store';

/** What every route works with: the settings, the reports, and the rules for accounts and links. */
export interface RouteContext {
  settings: ReportApiSettings;
  store: ReportStore;
  /**
   * The account a path names, when the caller may read it.
   * @throws ReportApiError 404 `unknown_account`, the same for an account that does not exist and one
   * the caller may not read, so that an account token learns nothing about other accounts
   */
  readableAccount(c: Context<ReportApiEnv>, name: string): AccountConfig;
  /** The key that signs links. @throws SecretError when it cannot be read */
  signingKey(): Promise<string>;
  /** The base of the links the API answers with: its public URL, or the request's origin. */
  baseUrl(c: Context): string;
  /**
   * When the links an answer carries stop working: `linkLifetimeDays` from now, but never after the
   * signed link the caller came with, so that following one never lengthens its life.
   */
  linksExpireAt(caller: Caller): Date;
}

/** The 404's message: true of an account that does not exist and of one the caller may not read. */
const UNKNOWN_ACCOUNT = 'there is no such account, or this token may not read it';

/** The routes' shared context of one app. */
export function routeContext(settings: ReportApiSettings): RouteContext {
  const { publish, logger, now } = settings;
  const store = new ReportStore(publish, {
    incompleteMaxAgeMs: settings.incompleteReportMaxAgeSeconds * 1000,
    events: {
      built: (account, period, manifest) =>
        logger.info('report built', { account, period, generatedAt: manifest.generatedAt }),
    },
  });
  return {
    settings,
    store,
    readableAccount(c, name) {
      const account = findAccount(settings, name);
      if (!account || !mayRead(c.get('caller'), account.name)) {
        // One answer for both cases (see above), so it names both.
        throw new ReportApiError(404, 'unknown_account', UNKNOWN_ACCOUNT);
      }
      return account;
    },
    signingKey: () => publish.secrets.getSecret(settings.linkSigningKeySecretName),
    baseUrl: (c) => settings.publicUrl ?? new URL(c.req.url).origin,
    linksExpireAt(caller) {
      const lifetime = new Date(now().getTime() + settings.linkLifetimeDays * millisecondsInDay);
      return caller.kind === 'link' && caller.expiresAt < lifetime ? caller.expiresAt : lifetime;
    },
  };
}
