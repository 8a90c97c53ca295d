import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';
import type { AccountConfig } from '../config';
import type { ReportFileName } from '../delivery';
import {
  CorruptObjectError,
  getObjectText,
  manifestFile,
  manifestKey,
  type ReportManifest,
  readManifest,
} from '../delivery';
import { type PublishContext, publishReport } from '../pipeline';
import { progressAt, type ReportProgress } from './report-progress';
import { SingleFlight } from './single-flight';

/** A complete report as the API answers it: its manifest and the text of its `summary.json`. */
export interface StoredReport extends ReportProgress {
  manifest: ReportManifest;
  /** `summary.json` exactly as saved (its amounts keep every digit; see `reportAnswerJson`). */
  summaryJson: string;
}

/**
 * Why `ReportStore.get` builds: asked to (`refresh`), S3 has no report of the period (`missing`), or its
 * report is of a period not ended and older than `incompleteMaxAgeMs` (`outdated`).
 */
export type BuildCause = 'refresh' | 'missing' | 'outdated';

/** Options of `ReportStore.get`. */
export interface GetReportOptions {
  /** Build it again from the service even when S3 has it. */
  refresh: boolean;
  /** Runs before a build starts, told why; throwing stops it. */
  beforeBuild?: (cause: BuildCause) => Promise<void>;
}

/** Something that notes what the store did. */
export interface ReportStoreEvents {
  built?(account: string, period: string, manifest: ReportManifest): void;
}

/** Options of a `ReportStore`. */
export interface ReportStoreOptions {
  /**
   * How old a report of a period not ended may be before a request builds it again, in milliseconds:
   * its figures stop at the moment it was built. A complete report is never rebuilt but on `refresh`.
   * @default INCOMPLETE_REPORT_MAX_AGE_MS (5 minutes)
   */
  incompleteMaxAgeMs?: number;
  events?: ReportStoreEvents;
}

/** The default of `ReportStoreOptions.incompleteMaxAgeMs`: five minutes. */
export const INCOMPLETE_REPORT_MAX_AGE_MS = 5 * 60 * 1000;

/**
 * The part of `summary.json` the store reads. A summary saved before quarters and years has no
 * `complete` or `asOf`: its period was complete when its `end` had passed at `generatedAt`.
 */
const summaryPeriodSchema = z.object({
  period: z.object({
    end: z.iso.datetime(),
    complete: z.boolean().optional(),
    asOf: z.iso.datetime().optional(),
  }),
  generatedAt: z.iso.datetime(),
});

/**
 * The reports in S3, built on demand. Each period is served from the build its manifest names, until
 * another build is complete and switches it. Concurrent requests for the same account and period in
 * one process share one build; a request that finds a build running joins it (even a `refresh`: the
 * running build reads the service after the request arrived). A build that another one (the scheduled
 * run, another instance of the API) overtakes answers with the report that won.
 *
 * A report of a period not ended (`complete: false`) is served while it is younger than
 * `incompleteMaxAgeMs`, and built again on the first request after that, so that "so far" stays near
 * the present; it always says how far its figures run (`asOf`).
 *
 * A request that reads "no report yet" just as a build finishes may start a second build; that costs
 * time, never correctness (each build saves a complete report in its own folder, then switches the
 * period to it with one conditional write).
 */
export class ReportStore {
  private readonly builds = new SingleFlight<StoredReport>();
  private readonly incompleteMaxAgeMs: number;
  private readonly events: ReportStoreEvents;

  constructor(
    private readonly publish: PublishContext,
    options: ReportStoreOptions = {},
  ) {
    this.incompleteMaxAgeMs = options.incompleteMaxAgeMs ?? INCOMPLETE_REPORT_MAX_AGE_MS;
    this.events = options.events ?? {};
  }

  /** The manifest of the period's complete report, or `null` when there is none (yet). */
  complete(account: string, period: string): Promise<ReportManifest | null> {
    return readManifest({ s3: this.publish.s3, bucket: this.publish.bucket, account, period });
  }

  /**
   * The S3 key of a file of the period's current build, as its manifest says at this moment, or `null`
   * when the period has no complete report or that report has no such file. Links resolve here when they
   * are opened, so a link emailed for an earlier build opens the current one, and a rebuild that fails
   * leaves them on the report that is still served.
   */
  async currentFileKey(account: string, period: string, fileName: ReportFileName): Promise<string | null> {
    const manifest = await this.complete(account, period);
    return (manifest && manifestFile(manifest, fileName)?.key) ?? null;
  }

  /**
   * The period's report: from S3 when it is complete there (unless `refresh`, or unless it is a report
   * of a period not ended that is older than `incompleteMaxAgeMs`), otherwise built from the service
   * and saved first; a request that needs a build joins one of the period already running, and one that
   * does not is answered from S3 even then. `beforeBuild` runs just before a build this call starts (not
   * one it joins), told why, and stops it by throwing: the rebuild limit. Only this call meets what it
   * throws: the build is shared once it is let through.
   * @throws InvoicingApiError when the service fails; SecretError when the account's key cannot be read;
   * whatever `beforeBuild` throws
   */
  async get(account: AccountConfig, period: string, options: GetReportOptions): Promise<StoredReport> {
    const key = `${account.name}/${period}`;
    let cause: BuildCause = 'refresh';
    if (!options.refresh) {
      const manifest = await this.complete(account.name, period);
      cause = 'missing';
      if (manifest) {
        const saved = await this.savedSummary(manifest);
        if (!this.outdated(saved, manifest)) return { manifest, ...saved };
        cause = 'outdated';
      }
    }
    // What S3 holds is answered above even while a build of the period runs, which may yet fail; only a
    // request that needs a build joins one.
    const running = this.builds.current(key);
    if (running) return running;
    // Before the build is shared: a request that joins it asked for no rebuild of its own, and must not
    // meet this one's refusal.
    await options.beforeBuild?.(cause);
    return this.builds.run(key, () => this.build(account, period));
  }

  /** Whether a saved report is of a period not ended and older than the limit. */
  private outdated(saved: ReportProgress, manifest: ReportManifest): boolean {
    if (saved.complete) return false;
    const now = this.publish.now?.() ?? new Date();
    return now.getTime() - Date.parse(manifest.generatedAt) > this.incompleteMaxAgeMs;
  }

  private async build(account: AccountConfig, period: string): Promise<StoredReport> {
    const published = await publishReport(this.publish, account, period);
    try {
      const { manifest } = published;
      this.events.built?.(account.name, period, manifest);
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
  private async savedSummary(manifest: ReportManifest): Promise<ReportProgress & { summaryJson: string }> {
    const key = manifestFile(manifest, 'summary.json')?.key;
    if (key === undefined) {
      throw new CorruptObjectError(
        manifestKey(manifest.account, manifest.period),
        'it lists no summary.json',
      );
    }
    const text = await getObjectText(this.publish.s3, this.publish.bucket, key);
    if (text === null) throw new CorruptObjectError(key, 'missing although the manifest lists it');
    let summary: unknown;
    try {
      summary = JSON.parse(text);
    } catch (error) {
      throw new CorruptObjectError(key, 'not JSON', { cause: error });
    }
    if (typeof summary !== 'object' || summary === null || Array.isArray(summary)) {
      throw new CorruptObjectError(key, 'not a JSON object');
    }
    const parsed = summaryPeriodSchema.safeParse(summary);
    if (!parsed.success) throw new CorruptObjectError(key, 'its period has no end or it has no generatedAt');
    const { period: saved, generatedAt } = parsed.data;
    const derived = progressAt(saved.end, generatedAt);
    return {
      summaryJson: text,
      complete: saved.complete ?? derived.complete,
      asOf: saved.asOf ?? derived.asOf,
    };
  }
}
