import { describe, expect, it } from 'vitest';
import { renderHomePage } from '../../../../lib/report-api/pages';

describe('renderHomePage', () => {
  const page = renderHomePage();

  it('says what the service is and where a person finds their reports', () => {
    expect(page).toContain('<title>Invoice reports</title>');
    expect(page).toContain('<h1 class="title">Invoice and payment reports</h1>');
    expect(page).toContain('Open the “All reports” link in one of your report emails');
  });

  it('names the routes for programs and how to send a token', () => {
    for (const route of [
      'GET /reports/&lt;account&gt;',
      'GET /reports/&lt;account&gt;/&lt;period&gt;',
      'GET /reports/&lt;account&gt;/&lt;period&gt;/&lt;file&gt;',
      'GET /health',
    ]) {
      expect(page).toContain(`<code class="code">${route}</code>`);
    }
    expect(page).toContain('“Authorization: Bearer &lt;token&gt;”');
  });

  it('loads nothing and runs nothing', () => {
    expect(page).not.toMatch(/<script|<link|<img|src=|@import|url\(/);
  });
});
