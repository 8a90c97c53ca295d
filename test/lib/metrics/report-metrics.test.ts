import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { powertoolsReportMetrics, statusClass } from '../../../lib/metrics';

type EmfLine = {
  _aws: {
    CloudWatchMetrics: {
      Namespace: string;
      Dimensions: string[][];
      Metrics: { Name: string; Unit: string }[];
    }[];
  };
  [member: string]: unknown;
};

describe('powertoolsReportMetrics', () => {
  let lines: EmfLine[];

  beforeEach(() => {
    // Powertools writes to the global console in dev mode; the tests' default turns metrics off.
    vi.stubEnv('POWERTOOLS_DEV', 'true');
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
    lines = [];
    vi.spyOn(console, 'log').mockImplementation((text: unknown) => {
      lines.push(JSON.parse(String(text)) as EmfLine);
    });
  });

  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('publishes a build by kind and trigger, and its records and differences by service alone, naming the report', () => {
    powertoolsReportMetrics().reportBuilt({
      account: 'acme',
      period: '2026-Q3',
      kind: 'quarter',
      trigger: 'schedule',
      seconds: 12.5,
      records: 1234,
      reconciliationDifferences: 2,
    });
    expect(lines).toHaveLength(2);
    const [built, figures] = lines as [EmfLine, EmfLine];
    expect(built._aws.CloudWatchMetrics).toEqual([
      {
        Namespace: 'InvoiceReports',
        Dimensions: [['service', 'kind', 'trigger']],
        Metrics: [
          { Name: 'ReportsBuilt', Unit: 'Count' },
          { Name: 'ReportBuildSeconds', Unit: 'Seconds' },
        ],
      },
    ]);
    expect(built).toMatchObject({
      service: 'invoice-reports',
      kind: 'quarter',
      trigger: 'schedule',
      ReportsBuilt: 1,
      ReportBuildSeconds: 12.5,
    });
    expect(figures._aws.CloudWatchMetrics[0]!.Dimensions).toEqual([['service']]);
    expect(figures).toMatchObject({
      account: 'acme',
      period: '2026-Q3',
      RecordsFetched: 1234,
      ReconciliationDifferences: 2,
    });
    expect(figures).not.toHaveProperty('kind');
  });

  it('counts each email outcome under its own name', () => {
    const metrics = powertoolsReportMetrics();
    metrics.email('sent');
    metrics.email('alreadySent');
    metrics.email('unconfirmed');
    expect(lines.map((line) => line._aws.CloudWatchMetrics[0]!.Metrics[0]!.Name)).toEqual([
      'EmailsSent',
      'EmailsAlreadySent',
      'EmailsUnconfirmed',
    ]);
    expect(lines.map((line) => line._aws.CloudWatchMetrics[0]!.Dimensions)).toEqual([
      [['service']],
      [['service']],
      [['service']],
    ]);
  });

  it("counts the report API's answers by status class", () => {
    const metrics = powertoolsReportMetrics();
    for (const status of [200, 302, 404, 429, 500, 502]) metrics.apiAnswer(status);
    expect(lines.map((line) => line.statusClass)).toEqual(['2xx', '3xx', '4xx', '4xx', '5xx', '5xx']);
    expect(lines.every((line) => line.ReportApiAnswers === 1)).toBe(true);
  });

  it('writes nothing when POWERTOOLS_METRICS_DISABLED is true, as in the local stack and tests', () => {
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'true');
    powertoolsReportMetrics().apiAnswer(500);
    expect(lines).toEqual([]);
  });
});

describe('statusClass', () => {
  it('names the hundred of a status', () => {
    expect([200, 299, 301, 400, 499, 500, 503].map(statusClass)).toEqual([
      '2xx',
      '2xx',
      '3xx',
      '4xx',
      '4xx',
      '5xx',
      '5xx',
    ]);
  });
});
