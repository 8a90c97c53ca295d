import { describe, expect, it } from 'vitest';
import { type ReportApiErrorCode, renderErrorPage } from '../../../../lib/report-api/pages';
import { mainText } from './page-text';

const CONTEXT = { linkLifetimeDays: 30, rebuildIntervalSeconds: 60 };
const render = (code: ReportApiErrorCode, status: number, message = 'what the program is told', extra = {}) =>
  renderErrorPage({ status, code, message }, { ...CONTEXT, ...extra });

describe('renderErrorPage', () => {
  it.each<[ReportApiErrorCode, number, string, string]>([
    ['invalid_request', 400, 'This request cannot be answered', 'A month is written 2026-09'],
    ['unauthorized', 401, 'This page needs a link from your email', 'Open the “All reports” link'],
    ['invalid_signature', 403, 'This link is not valid', 'Open it again from the email it came in'],
    ['link_expired', 403, 'This link has expired', 'Open the latest report email for a fresh link'],
    ['unknown_account', 404, 'There is no such account', 'Check the address'],
    ['report_not_found', 404, 'This report is not ready', 'Ask for the period on the list of reports'],
    ['not_found', 404, 'Page not found', 'Open the “All reports” link'],
    ['method_not_allowed', 405, 'This address cannot be used this way', 'Open the “All reports” link'],
    ['too_many_rebuilds', 429, 'Please wait a moment', 'Try again in a minute.'],
    [
      'invoicing_authentication_failed',
      502,
      'The invoicing service refused the report',
      'the key needs renewing',
    ],
    ['invoicing_failed', 502, 'The invoicing service did not answer', 'Try again in a few minutes.'],
    [
      'configuration_error',
      500,
      'The report service is not set up correctly',
      'the details are in the service’s log',
    ],
    ['internal_error', 500, 'Something went wrong', 'Try again in a few minutes.'],
  ])('says what happened and what to do for %s', (code, status, heading, todo) => {
    const page = render(code, status);
    expect(page.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(page).toContain(`<title>${heading} · Invoice reports</title>`);
    expect(page).toContain(`<h1 class="title">${heading}</h1>`);
    expect(mainText(page)).toContain(todo);
    expect(mainText(page)).toContain(`Error ${status} · ${code}`);
  });

  it('quotes the message of a bad request only, escaped', () => {
    const bad = render('invalid_request', 400, 'period must be a month YYYY-MM, not "<script>x</script>"');
    expect(bad).toContain(
      'Details: period must be a month YYYY-MM, not &quot;&lt;script&gt;x&lt;/script&gt;&quot;',
    );
    expect(bad).not.toContain('<script');
    for (const code of ['invoicing_failed', 'unauthorized', 'internal_error'] as const) {
      expect(render(code, 500, 'HTTP 503 from /invoices/list; request id req-1')).not.toContain('req-1');
    }
  });

  it('says how long emailed links work', () => {
    expect(mainText(render('link_expired', 403, 'm', { linkLifetimeDays: 14 }))).toContain(
      'Links in report emails work for 14 days, and this one has run out.',
    );
    expect(mainText(render('link_expired', 403, 'm', { linkLifetimeDays: 1 }))).toContain('work for 1 day,');
  });

  it('asks to check the address of a bad request, and the period typed when it came from the form', () => {
    expect(mainText(render('invalid_request', 400))).toContain('Check the address. A month is written');
    const typed = mainText(render('invalid_request', 400, 'm', { fromForm: true }));
    expect(typed).toContain('Check the period you typed. A month is written');
    expect(typed).not.toContain('Check the address');
  });

  it('gives the rule on rebuilds in words, with its interval', () => {
    expect(mainText(render('too_many_rebuilds', 429, 'm', { rebuildIntervalSeconds: 300 }))).toContain(
      'Reports of an account are built on request at most once in 300 seconds, and one of this account was asked for less than 300 seconds ago.',
    );
  });

  it('says when to try again after too many rebuilds', () => {
    expect(mainText(render('too_many_rebuilds', 429, 'm', { retryAfterSeconds: 42 }))).toContain(
      'Try again in 42 seconds.',
    );
    expect(mainText(render('too_many_rebuilds', 429, 'm', { retryAfterSeconds: 1 }))).toContain(
      'Try again in 1 second.',
    );
  });

  it('leads back to the list of reports the visitor came from, when there is one', () => {
    const back = '/reports/acme?expires=1795000000&signature=ab';
    expect(render('too_many_rebuilds', 429, 'm', { backTo: back })).toContain(
      '<a class="link" href="/reports/acme?expires=1795000000&amp;signature=ab">Back to all reports</a>',
    );
    expect(render('too_many_rebuilds', 429)).not.toContain('Back to all reports');
  });
});
