import { claimRebuild } from '../delivery';
import type { PublishContext } from '../pipeline';
import { ReportApiError } from './api-error';
import type { ReportApiSettings } from './report-api-options';
import type { BuildCause } from './report-store';

/** The default of `ReportApiOptions.rebuildIntervalSeconds`: one rebuild a minute per account. */
export const REBUILD_INTERVAL_SECONDS = 60;

/**
 * Claims the account's one rebuild of the interval (see `claimRebuild`: the record lives in S3, so the
 * limit holds across every instance of the function), or refuses.
 * @throws ReportApiError 429 `too_many_rebuilds` with `Retry-After` in seconds
 */
export async function claimRebuildOrRefuse(
  publish: Pick<PublishContext, 's3' | 'bucket'>,
  account: string,
  intervalSeconds: number,
  now: Date,
): Promise<void> {
  const claim = await claimRebuild({ s3: publish.s3, bucket: publish.bucket, account, intervalSeconds, now });
  if (claim.granted) return;
  const wait = claim.retryAfterSeconds;
  throw new ReportApiError(
    429,
    'too_many_rebuilds',
    `a report of ${account} was asked to be built less than ${intervalSeconds} seconds ago, and its reports are built on request at most once in ${intervalSeconds} seconds; try again in ${wait} ${wait === 1 ? 'second' : 'seconds'}`,
    { 'Retry-After': String(wait) },
  );
}

/**
 * The `beforeBuild` of a build asked for on request (`?refresh=true`, the list's form): claims the
 * account's rebuild of the interval, or refuses with 429. The rebuild of an outdated report of a period
 * not ended is let through uncounted: refusing it would leave only a stale report to show, and the
 * store's age rule already bounds it to one per period not ended every `incompleteReportMaxAgeSeconds`.
 */
export function limitRebuilds(
  settings: Pick<ReportApiSettings, 'publish' | 'rebuildIntervalSeconds' | 'now'>,
  account: string,
): (cause: BuildCause) => Promise<void> {
  return async (cause) => {
    if (cause === 'outdated') return;
    await claimRebuildOrRefuse(settings.publish, account, settings.rebuildIntervalSeconds, settings.now());
  };
}
