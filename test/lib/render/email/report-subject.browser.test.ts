import { describe, expect, it } from 'vitest';
import { reportSubject } from '../../../../lib/render/email';
import { useBrowser } from '../../../support/browser';
import { sampleReport } from '../../../support/sample-report';

const browser = useBrowser();

/**
 * Where the account's first letter, `October` and `USD` start on a line that shows `subject` as a mail
 * app shows a subject: one plain-text paragraph whose direction is its first strong letter's
 * (`unicode-bidi: plaintext`, the Unicode bidirectional algorithm's own rule), in pixels from the left.
 */
async function positions(subject: string, first: string): Promise<number[]> {
  const page = await browser.open(
    { html: '<p id="subject" style="unicode-bidi:plaintext;display:inline-block;margin:0"></p>' },
    800,
  );
  return page.evaluate(
    ({ subject, marks }) => {
      const { document } = globalThis as unknown as {
        document: {
          getElementById(id: string): { textContent: string; firstChild: unknown };
          createRange(): {
            setStart(node: unknown, at: number): void;
            setEnd(node: unknown, at: number): void;
            getBoundingClientRect(): { left: number };
          };
        };
      };
      const line = document.getElementById('subject');
      line.textContent = subject;
      return marks.map((mark) => {
        const at = subject.indexOf(mark);
        const range = document.createRange();
        range.setStart(line.firstChild, at);
        range.setEnd(line.firstChild, at + 1);
        return Math.round(range.getBoundingClientRect().left);
      });
    },
    { subject, marks: [first, 'October', 'USD'] },
  );
}

describe('reportSubject in a mail app', () => {
  it('keeps the period and the figures in their order after an account named in Arabic', async () => {
    const { summary } = sampleReport();
    summary.account = 'متجر الرياض';
    const [name, period, figures] = await positions(reportSubject(summary), 'م');
    // Left to right: the name, then `October 2026`, then the total in USD.
    expect(name).toBeLessThan(period!);
    expect(period).toBeLessThan(figures!);
  });
});
