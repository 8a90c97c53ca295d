import { describe, expect, it } from 'vitest';
import { reportApiLogLines } from '../../../lib/local/stack';

describe('reportApiLogLines', () => {
  it('writes an entry as one readable line with its attributes', () => {
    const lines: string[] = [];
    reportApiLogLines((line) => lines.push(line)).info('report built', {
      account: 'demo',
      period: '2026-09',
      generatedAt: '2026-11-05T10:00:00.000Z',
    });
    expect(lines).toEqual([
      'report API: report built (account demo, period 2026-09, generatedAt 2026-11-05T10:00:00.000Z)',
    ]);
  });

  it('shows an error by its name and first line, numbers as they are, and leaves out what is undefined', () => {
    const lines: string[] = [];
    const error = new TypeError('the service did not answer\n    at somewhere (file.ts:1:1)');
    reportApiLogLines((line) => lines.push(line)).error('report API request failed', {
      path: '/reports/demo/2026-09',
      status: 502,
      requestId: undefined,
      error,
    });
    expect(lines).toEqual([
      'report API: report API request failed (path /reports/demo/2026-09, status 502, error TypeError: the service did not answer)',
    ]);
  });

  it('writes a bare message when there are no attributes', () => {
    const lines: string[] = [];
    reportApiLogLines((line) => lines.push(line)).info('ready', {});
    expect(lines).toEqual(['report API: ready']);
  });
});
