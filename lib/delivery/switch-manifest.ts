import type { S3Client } from '@aws-sdk/client-s3';
import { ReportBuildError } from './errors';
import type { ReportBuild } from './report-build';
import { manifestKey } from './report-key';
import { type ReportManifest, readStoredManifest, type SupersededBuild } from './report-manifest';
import { deleteObjectsQuietly, isConditionLost, putJsonObject } from './s3-objects';

/**
 * How long a replaced build's files are kept after the switch: an hour, longer than any download URL the
 * report API presigns (`MAX_PRESIGN_SECONDS`), so that one handed out just before the switch keeps
 * working for its few minutes. The next build of the period after that deletes them.
 */
export const SUPERSEDED_BUILD_KEEP_MS = 60 * 60 * 1000;

/** Options of `switchManifest`. */
export interface SwitchManifestOptions {
  s3: S3Client;
  bucket: string;
  build: ReportBuild;
  /** The new manifest, but for its `superseded` list, which the switch works out. */
  manifest: Omit<ReportManifest, 'superseded'>;
  /** The clock that says when the replaced build stops being served. */
  now: () => Date;
}

/** What a switch did. */
export interface ManifestSwitch {
  /** The manifest the period is switched to now: this build's, or that of a build that switched first. */
  manifest: ReportManifest;
  /** Whether this build's manifest was written; false when another build of the period switched first. */
  switched: boolean;
}

/**
 * The builds the new manifest keeps listing as superseded (the one it replaces among them), and those
 * replaced long enough ago to delete.
 */
function supersededAfterSwitch(
  replaced: ReportManifest | null,
  at: Date,
): { kept: SupersededBuild[]; expired: SupersededBuild[] } {
  const cutoff = at.getTime() - SUPERSEDED_BUILD_KEEP_MS;
  const earlier = replaced?.superseded ?? [];
  const kept = earlier.filter((build) => Date.parse(build.supersededAt) > cutoff);
  const expired = earlier.filter((build) => Date.parse(build.supersededAt) <= cutoff);
  if (replaced) kept.push({ supersededAt: at.toISOString(), keys: replaced.files.map((file) => file.key) });
  return { kept, expired };
}

/**
 * Switches the period to this build with one conditional write of `manifest.json`: only while the manifest
 * is still the version the build read when it began (`If-Match` its ETag), or while there is still none
 * (`If-None-Match: *`). A build that loses (S3 answers 412, or 409 for a write under way) writes nothing and
 * answers with the manifest that won; when the manifest it read has gone meanwhile (expired, deleted), it
 * takes the empty place once more on the same terms. A manifest of this build found there (S3 made the
 * write but its answer was lost) is a switch made. After a switch, the builds replaced more than
 * `SUPERSEDED_BUILD_KEEP_MS` ago are deleted (a key that cannot be deleted expires with the bucket's
 * lifecycle rule).
 * @throws CorruptObjectError when the manifest that won cannot be read; ReportBuildError when the manifest
 * keeps vanishing; the S3 client's error for any other failure (the switch may then have been made or not)
 */
export async function switchManifest(options: SwitchManifestOptions): Promise<ManifestSwitch> {
  const { s3, bucket, build } = options;
  const key = manifestKey(build.account, build.period);
  let replaces = build.replaces;
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    const { kept, expired } = supersededAfterSwitch(replaces?.manifest ?? null, options.now());
    const manifest: ReportManifest = { ...options.manifest, superseded: kept };
    try {
      await putJsonObject(
        s3,
        bucket,
        key,
        manifest,
        replaces ? { ifMatch: replaces.etag } : { ifNoneMatch: '*' },
      );
    } catch (error) {
      if (!isConditionLost(error)) throw error;
      const current = await readStoredManifest({ s3, bucket, account: build.account, period: build.period });
      if (current === null) {
        replaces = null;
        continue;
      }
      if ('error' in current) throw current.error;
      // S3 made this very write and lost its answer; the SDK's retry of it then met the manifest (412).
      const own = current.manifest.buildId === build.buildId;
      if (!own) return { manifest: current.manifest, switched: false };
    }
    await deleteObjectsQuietly(
      s3,
      bucket,
      expired.flatMap((each) => each.keys),
    );
    return { manifest, switched: true };
  }
  throw new ReportBuildError(key, `${key} vanished twice while build ${build.buildId} was switching to it`);
}
