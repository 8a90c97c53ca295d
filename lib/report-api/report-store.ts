import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';
import type { AccountConfig } from '../config';
import {
  CorruptObjectError,
  manifestFile,
  manifestKey,
  type ReportFileName,
  type ReportManifest,
  readJsonObject,
  readManifest,
} from '../delivery';
import { publishReport } from '../pipeline';
import type { ReportApiSettings } from './report-api-options';

/** How far a report's figures run: whether its period had ended when it was built, and the instant. */
export type ReportProgress = { complete: boolean; asOf: string };

/** How far a report built at `generatedAt` runs when it does not say (a manifest, an old summary). */
export function progressAt(end: string, generatedAt: string): ReportProgress {
  const complete = Date.parse(end) <= Date.parse(generatedAt);
  return { complete, asOf: complete ? end : generatedAt };
}

/** A complete report as the API answers it: its manifest and `summary.json` exactly as saved. */
export type StoredReport = ReportProgress & { manifest: ReportManifest; summaryJson: string };

/** How old a report of a period not ended may be before a request builds it again (docs/api.md). */
const INCOMPLETE_REPORT_MAX_AGE_MS = 5 * 60_000;

/** Why `ReportStore.get` builds: asked to, S3 has none, or it has an outdated one of a period not ended. */
export type BuildCause = 'refresh' | 'missing' | 'outdated';

/** The part of `summary.json` the store reads; one saved before quarters and years has no `complete` or `asOf`. */
const summaryPeriodSchema = z.object({
  period: z.object({
    end: z.iso.datetime(),
    complete: z.boolean().optional(),
    asOf: z.iso.datetime().optional(),
  }),
  generatedAt: z.iso.datetime(),
});

/**
 * The reports in S3, built on demand: requests for one account and period in a process share one build,
 * and one overtaken by another (the scheduled run, another instance) answers with the winner. A request
 * reading "no report yet" as a build finishes may start a second: that costs time, never correctness
 * (each build saves in its own folder, then switches with one conditional write).
 */
export class ReportStore {
  /** The builds running, by `account/period`, each forgotten once it settles. */
  private readonly builds = new Map<string, Promise<StoredReport>>();

  constructor(private readonly settings: Pick<ReportApiSettings, 'publish' | 'logger' | 'now'>) {}

  /** The manifest of the period's complete report, or `null` when there is none (yet). */
  private complete(account: string, period: string): Promise<ReportManifest | null> {
    const { s3, bucket } = this.settings.publish;
    return readManifest({ s3, bucket, account, period });
  }

  /** A file of the period's current build: links resolve here when opened, so they follow rebuilds. */
  async currentFileKey(account: string, period: string, fileName: ReportFileName): Promise<string | null> {
    const manifest = await this.complete(account, period);
    return (manifest && manifestFile(manifest, fileName)?.key) ?? null;
  }

  /**
   * The period's report: from S3 unless `refresh` or outdated, else built, or joined if a build runs.
   * `beforeBuild` runs before a build this call starts (not one it joins), told why; throwing stops it.
   */
  async get(
    account: AccountConfig,
    period: string,
    options: { refresh: boolean; beforeBuild?: (cause: BuildCause) => Promise<void> },
  ): Promise<StoredReport> {
    const key = `${account.name}/${period}`;
    let cause: BuildCause = 'refresh';
    if (!options.refresh) {
      const manifest = await this.complete(account.name, period);
      cause = 'missing';
      if (manifest) {
        const saved = await this.savedSummary(manifest);
        const age = this.settings.now().getTime() - Date.parse(manifest.generatedAt);
        if (saved.complete || age <= INCOMPLETE_REPORT_MAX_AGE_MS) return { manifest, ...saved };
        cause = 'outdated';
      }
    }
    // What S3 holds is answered above even while a build runs, which may yet fail.
    if (this.builds.has(key)) return this.builds.get(key)!;
    // Before the build is shared: a request that joins it must not meet this one's refusal.
    await options.beforeBuild?.(cause);
    // One may have started while `beforeBuild` ran.
    if (this.builds.has(key)) return this.builds.get(key)!;
    const build = this.build(account, period).finally(() => this.builds.delete(key));
    this.builds.set(key, build);
    return build;
  }

  private async build(account: AccountConfig, period: string): Promise<StoredReport> {
    const published = await publishReport(this.settings.publish, account, period);
    try {
      const { manifest } = published;
      const { generatedAt } = manifest;
      this.settings.logger.info('report built', { account: account.name, period, generatedAt });
      // Overtaken by another build of the period: answer with the report that is served.
      if (!published.switched) return { manifest, ...(await this.savedSummary(manifest)) };
      const summaryJson = await readFile(join(published.folder, 'summary.json'), 'utf8');
      const { complete, asOf } = published.report.summary.period;
      return { manifest, summaryJson, complete, asOf };
    } finally {
      await published.dispose();
    }
  }

  /** The `summary.json` of the build a manifest names, and how far its figures run. */
  private async savedSummary(manifest: ReportManifest): Promise<Omit<StoredReport, 'manifest'>> {
    const key = manifestFile(manifest, 'summary.json')?.key;
    if (key === undefined) {
      throw new CorruptObjectError(
        manifestKey(manifest.account, manifest.period),
        'it lists no summary.json',
      );
    }
    const stored = await readJsonObject(this.settings.publish, key, summaryPeriodSchema);
    if (stored === null) throw new CorruptObjectError(key, 'missing although the manifest lists it');
    if (stored.error) throw stored.error;
    const { period: saved, generatedAt } = stored.value;
    const derived = progressAt(saved.end, generatedAt);
    return {
      summaryJson: stored.text,
      complete: saved.complete ?? derived.complete,
      asOf: saved.asOf ?? derived.asOf,
    };
  }
}
