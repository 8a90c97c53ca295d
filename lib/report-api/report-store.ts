import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AccountConfig } from '../config';
import { CorruptObjectError, getObjectText, type ReportManifest, readManifest, reportKey } from '../delivery';
import { type PublishContext, publishReport } from '../pipeline';
import { SingleFlight } from './single-flight';

/** A complete report as the API answers it: its manifest and the text of its `summary.json`. */
export interface StoredReport {
  manifest: ReportManifest;
  /** `summary.json` exactly as saved (its amounts keep every digit; see `monthAnswerJson`). */
  summaryJson: string;
}

/** Something that notes what the store did. */
export interface ReportStoreEvents {
  built?(account: string, month: string, manifest: ReportManifest): void;
}

/**
 * The reports in S3, built on demand. Concurrent requests for the same account and month in one
 * process share one build; a request that finds a build running joins it (even a `refresh`: the
 * running build reads the service after the request arrived).
 *
 * A request that reads "no report yet" just as a build finishes may start a second build; that costs
 * time, never correctness (each build saves a complete report, manifest last).
 */
export class ReportStore {
  private readonly builds = new SingleFlight<StoredReport>();

  constructor(
    private readonly publish: PublishContext,
    private readonly events: ReportStoreEvents = {},
  ) {}

  /** The manifest of the month's complete report, or `null` when there is none (yet). */
  complete(account: string, month: string): Promise<ReportManifest | null> {
    return readManifest({ s3: this.publish.s3, bucket: this.publish.bucket, account, month });
  }

  /**
   * The month's report: from S3 when it is complete there (unless `refresh`), otherwise built from the
   * service and saved first.
   * @throws InvoicingApiError when the service fails; SecretError when the account's key cannot be read
   */
  async get(account: AccountConfig, month: string, options: { refresh: boolean }): Promise<StoredReport> {
    const key = `${account.name}/${month}`;
    const running = this.builds.current(key);
    if (running) return running;
    if (!options.refresh) {
      const manifest = await this.complete(account.name, month);
      if (manifest) return { manifest, summaryJson: await this.savedSummary(account.name, month) };
    }
    return this.builds.run(key, () => this.build(account, month));
  }

  private async build(account: AccountConfig, month: string): Promise<StoredReport> {
    const published = await publishReport(this.publish, account, month);
    try {
      const summaryJson = await readFile(join(published.folder, 'summary.json'), 'utf8');
      this.events.built?.(account.name, month, published.manifest);
      return { manifest: published.manifest, summaryJson };
    } finally {
      await published.dispose();
    }
  }

  private async savedSummary(account: string, month: string): Promise<string> {
    const key = reportKey(account, month, 'summary.json');
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
    return text;
  }
}
