import { describe, expect, it } from 'vitest';
import { createProgressLine } from '../../../lib/report-cli/progress-line';

function recorder(isTTY: boolean) {
  const written: string[] = [];
  return { written, output: { isTTY, write: (text: string) => written.push(text) } };
}

describe('createProgressLine', () => {
  it('rewrites one line in place on a terminal and ends it on finish', () => {
    const { written, output } = recorder(true);
    let clock = 0;
    const line = createProgressLine(output, () => clock);
    line.update('10 invoices');
    clock = 200;
    line.update('20 invoices');
    line.finish();
    expect(written.join('')).toBe('\r10 invoices\x1b[K\r20 invoices\x1b[K\n');
  });

  it('shows on finish the latest status that throttling held back on a terminal', () => {
    const { written, output } = recorder(true);
    let clock = 0;
    const line = createProgressLine(output, () => clock);
    line.update('10 invoices');
    clock = 50;
    line.update('20 invoices');
    line.update('30 invoices');
    expect(written).toEqual(['\r10 invoices\x1b[K']);
    line.finish();
    expect(written.join('')).toBe('\r10 invoices\x1b[K\r30 invoices\x1b[K\n');
  });

  it('prints whole lines no more often than the interval when not on a terminal', () => {
    const { written, output } = recorder(false);
    let clock = 1_000;
    const line = createProgressLine(output, () => clock);
    line.update('a');
    clock = 5_999;
    line.update('b');
    clock = 6_000;
    line.update('c');
    line.finish();
    expect(written).toEqual(['a\n', 'c\n']);
  });

  it('writes nothing on finish when nothing was shown', () => {
    const { written, output } = recorder(true);
    createProgressLine(output).finish();
    expect(written).toEqual([]);
  });
});
