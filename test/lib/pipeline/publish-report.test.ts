import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishReport } from '../../../lib/pipeline';
import type { CollectProgress } from '../../../lib/report/collect';
import { PROJECT_A } from '../report/support/records';
import { MONTH_FIGURES } from './support/acme-month';
import { accountConfig, NOW, type PipelineHarness, startPipelineHarness } from './support/pipeline-harness';

describe('publishReport', () => {
  let harness: PipelineHarness;

  beforeAll(async () => {
    harness = await startPipelineHarness();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('builds the six files in a local folder, saves them with the manifest, and dispose removes the folder', async () => {
    const progress: CollectProgress[] = [];
    const published = await publishReport(harness.context(), accountConfig(harness.sandbox.url), '2026-10', {
      onProgress: (reported) => progress.push(reported),
    });
    try {
      expect((await readdir(published.folder)).sort()).toEqual([
        'paid-invoices.csv',
        'payments.csv',
        'report.html',
        'report.xlsx',
        'summary.json',
        'unmatched-payments.csv',
      ]);
      expect(published.folder.startsWith(harness.workDir)).toBe(true);
      expect(published.manifest).toMatchObject({
        account: 'acme',
        period: '2026-10',
        generatedAt: NOW.toISOString(),
        figures: MONTH_FIGURES,
      });
      expect(published.report.summary.account).toBe('Acme Corp');
      expect(published.switched).toBe(true);
      const buildId = published.manifest.buildId!;
      expect(buildId.startsWith('20261101T050000000Z-')).toBe(true);
      expect(await harness.objectKeys('acme', '2026-10')).toEqual([
        ...[
          'paid-invoices.csv',
          'payments.csv',
          'report.html',
          'report.xlsx',
          'summary.json',
          'unmatched-payments.csv',
        ].map((name) => `reports/acme/2026-10/builds/${buildId}/${name}`),
        'reports/acme/2026-10/manifest.json',
      ]);
      // Each list reports when it is done; the October invoices alone are at least the month's 4.
      expect(progress.length).toBeGreaterThan(0);
      expect(progress.at(-1)!.invoices).toBeGreaterThanOrEqual(4);
    } finally {
      await published.dispose();
    }
    await expect(stat(published.folder)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await harness.workDirEntries()).toEqual([]);
  });

  it("names the account's projects in the report, as its configuration does", async () => {
    const account = { ...accountConfig(harness.sandbox.url), projects: { [PROJECT_A]: 'Acme web shop' } };
    const published = await publishReport(harness.context(), account, '2026-10');
    try {
      expect(published.report.summary.projectNames).toEqual({ [PROJECT_A]: 'Acme web shop' });
      const page = await readFile(join(published.folder, 'report.html'), 'utf8');
      expect(page).toContain(
        `<span title="${PROJECT_A}"><span dir="auto">Acme web shop</span> <span class="short-id">aaaa0000</span></span>`,
      );
      const summary = JSON.parse(await readFile(join(published.folder, 'summary.json'), 'utf8'));
      expect(summary.projectNames).toEqual({ [PROJECT_A]: 'Acme web shop' });
    } finally {
      await published.dispose();
    }
  });

  it('creates no folder when the API key cannot be read', async () => {
    const account = accountConfig(harness.sandbox.url, 'acme-no-secret');
    await expect(publishReport(harness.context(), account, '2026-10')).rejects.toThrow(
      'cannot read secret "invoice-reports/acme-no-secret/api-key": no such secret',
    );
    expect(await harness.workDirEntries()).toEqual([]);
    expect(await harness.objectKeys('acme-no-secret', '2026-10')).toEqual([]);
  });
});
