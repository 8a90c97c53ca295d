import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pagesStyleSource, renderErrorPage, renderHomePage } from '../../../../lib/report-api/pages';

/** The text of a page's one `<style>` element, as a browser hashes it for the CSP. */
function styleOf(page: string): string {
  const styles = [...page.matchAll(/<style>([\s\S]*?)<\/style>/g)];
  expect(styles).toHaveLength(1);
  return styles[0]![1]!;
}

describe('pagesStyleSource', () => {
  it("is the SHA-256 of the style sheet every page carries, in the CSP's own form", () => {
    const pages = [
      renderHomePage(),
      renderErrorPage(
        { status: 404, code: 'not_found', message: 'm' },
        { linkLifetimeDays: 30, rebuildIntervalSeconds: 60 },
      ),
    ];
    for (const page of pages) {
      const digest = createHash('sha256').update(styleOf(page), 'utf8').digest('base64');
      expect(pagesStyleSource()).toBe(`'sha256-${digest}'`);
    }
  });

  it('carries no inline style attribute, which the policy would block', () => {
    expect(renderHomePage()).not.toContain(' style=');
  });
});
