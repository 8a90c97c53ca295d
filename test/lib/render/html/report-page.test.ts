import { describe, expect, it } from 'vitest';
import { renderReportPage } from '../../../../lib/render/html';
import {
  asOneProjectReport,
  asQuarterReport,
  asReportSoFar,
  PAID_PER_DAY,
  sampleEmptyReport,
  samplePaidInvoices,
  sampleReport,
  withReconciliationDifferences,
} from '../../../support/sample-report';
import { bodyOf, hostileReport, occurrences } from '../page-kit/hostile-report';

describe('renderReportPage', () => {
  const page = renderReportPage(sampleReport());
  const body = bodyOf(page);

  it('is a whole HTML document that reads on a phone', () => {
    expect(page.startsWith('<!doctype html>\n<html lang="en"><head><meta charset="utf-8"/>')).toBe(true);
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(page).toContain('<title>Acme · Invoice report · October 2026</title>');
    expect(page.endsWith('</html>')).toBe(true);
  });

  it('runs no script and fetches nothing from elsewhere', () => {
    expect(page).not.toContain('<script');
    expect(page).not.toContain('http://');
    expect(page).not.toContain('https://');
    expect(page).not.toMatch(/\ssrc=/);
    expect(page).not.toContain('<link');
    expect(page).not.toContain('@import');
    expect(page).not.toContain('url(');
  });

  it('keeps its styles inline, with rules for phones and for print', () => {
    expect(occurrences(page, '<style>')).toBe(1);
    expect(page).toContain('@media (max-width:600px)');
    expect(page).toContain('@media print');
    expect(page).toContain('break-inside:avoid');
  });

  it('names the account, the month and its days in its zone', () => {
    expect(body).toContain('<p class="eyebrow"><bdi>Acme</bdi> · Invoice report</p>');
    expect(body).toContain('<h1 class="title">October 2026</h1>');
    expect(body).toContain('<p class="subtitle">1–31 Oct 2026 (Europe/Berlin)</p>');
  });

  it('shows the headline figures formatted for people', () => {
    expect(body).toContain('<p class="tile-value">71,898.00 USD</p>');
    expect(body).toContain('<p class="tile-value">120</p>');
    expect(body).toContain('<p class="tile-value">71,179.20 USD</p>');
    expect(body).toContain(
      '<p class="tile-detail">after 718.80 USD commission (1.0 % of the paid total)</p>',
    );
    expect(body).toContain('<p class="tile-value">123</p>');
  });

  it('shows the change from the previous month, coloured by its direction', () => {
    expect(body).toContain('<p class="tile-detail up">+12.5 % (+7,985.60\u00a0USD) vs September 2026</p>');
    expect(body).toContain('<p class="tile-detail">September 2026: 63,912.40 USD</p>');
    expect(body).toContain('<p class="tile-detail up">+16 vs September 2026 (104)</p>');
    expect(body).toContain('<p class="tile-detail">of 150 created (80.0 %)</p>');
    expect(body).toContain('<p class="tile-detail attention">3 unmatched · 2 late</p>');
  });

  it('charts every day of the month as an inline SVG bar with its figures', () => {
    expect(occurrences(body, '<svg')).toBe(1);
    expect(occurrences(body, '<rect class="bar"')).toBe(PAID_PER_DAY.length);
    // 18 Oct: 8 invoices, k 70-77: 4 in EUR (522.90) and 4 in USD (675.40) = 4,793.20 USD.
    expect(body).toContain('<title>18 Oct 2026: 4,793.20 USD from 8 paid invoices</title>');
    expect(body).toContain('Best day: 18 Oct 2026: 4,793.20 USD from 8 paid invoices.');
    // The largest day is 4,793.20, so the axis tops out at 5,000.
    expect(body).toContain('<span class="axis-label axis-top" aria-hidden="true">5,000 USD</span>');
  });

  it('lists the projects by name, the short id beside it and the full id in a tooltip, with their net received', () => {
    expect(body).toContain(
      '<td class="td long-word" data-label="Project"><span title="3f2a9c1e-5b7d-4e21-9a0c-6d8e1f2a3b4c"><span dir="auto">Web shop</span> <span class="short-id">3f2a9c1e</span></span></td><td class="td number" data-label="Paid">70</td><td class="td number" data-label="Paid total">41,940.50 USD</td><td class="td number" data-label="Commission">419.30 USD</td><td class="td number" data-label="Net received">41,521.20 USD</td><td class="td number" data-label="Share">58.3 %</td>',
    );
    expect(body).toContain(
      '<td class="td long-word total-cell" data-label="Project">All projects</td><td class="td number total-cell" data-label="Paid">120</td><td class="td number total-cell" data-label="Paid total">71,898.00 USD</td><td class="td number total-cell" data-label="Commission">718.80 USD</td><td class="td number total-cell" data-label="Net received">71,179.20 USD</td>',
    );
  });

  it('shows a project without a configured name by its short id', () => {
    expect(body).toContain(
      '<td class="td long-word" data-label="Project"><span class="code" title="e0c5f6b2-9a8b-4c7d-8e6f-5a4b3c2d1e0f">e0c5f6b2</span></td><td class="td number" data-label="Paid">10</td><td class="td number" data-label="Paid total">5,991.50 USD</td><td class="td number" data-label="Commission">59.90 USD</td><td class="td number" data-label="Net received">5,931.60 USD</td>',
    );
  });

  it('names the project of each paid invoice', () => {
    expect(body).toContain(
      'INV-2610-0071</td><td class="td long-word" data-label="Project"><span title="b71d04aa-2c3e-4f5a-8b6c-7d8e9f0a1b2c"><span dir="auto">Mobile app</span> <span class="short-id">b71d04aa</span></span></td>',
    );
  });

  it('names the project a report is limited to in its heading', () => {
    const report = sampleReport();
    report.summary.projectId = 'b71d04aa-2c3e-4f5a-8b6c-7d8e9f0a1b2c';
    expect(bodyOf(renderReportPage(report))).toContain(
      '<p class="subtitle">1–31 Oct 2026 (Europe/Berlin) · project <span title="b71d04aa-2c3e-4f5a-8b6c-7d8e9f0a1b2c"><span dir="auto">Mobile app</span> <span class="short-id">b71d04aa</span></span> only</p>',
    );
  });

  it('lists the under- and over-paid invoices in USD with their differences, and says why USD only', () => {
    const panel = body.slice(
      body.indexOf('Under- and over-paid invoices (2)</h2>'),
      body.indexOf('Paid invoices</h2>'),
    );
    expect(panel).toContain(
      '<p class="lead">Paid invoices in USD for which the service recorded a different USD amount received from the one invoiced: 1 under-paid (-0.05\u00a0USD in all) and 1 over-paid (+0.05\u00a0USD in all). Times in Europe/Berlin.</p>',
    );
    expect(panel).toContain(
      '<td class="td nowrap" data-label="Created">3 Oct 2026, 10:00</td><td class="td nowrap" title="a1b2c3d4-0000-4000-8000-000000000006" data-label="Invoice">INV-2610-0006</td><td class="td long-word" data-label="Project"><span title="3f2a9c1e-5b7d-4e21-9a0c-6d8e1f2a3b4c"><span dir="auto">Web shop</span> <span class="short-id">3f2a9c1e</span></span></td><td class="td number" data-label="Invoiced">675.40 USD</td><td class="td number" data-label="Received">675.35 USD</td><td class="td number" data-label="Difference">-0.05\u00a0USD</td>',
    );
    expect(panel).toContain(
      '<td class="td number" data-label="Invoiced">675.40 USD</td><td class="td number" data-label="Received">675.45 USD</td><td class="td number" data-label="Difference">+0.05\u00a0USD</td>',
    );
    expect(panel).toContain(
      '<p class="note">Only invoices in USD can be judged this way: for an invoice in another currency the USD amount moves with the exchange rate between invoicing and payment, so a difference would not mean it was paid short or over.</p>',
    );
  });

  it('lists at most 50 under- and over-paid invoices and says where the rest are', () => {
    const report = sampleReport();
    const [short] = report.mispaidInvoices;
    report.mispaidInvoices = Array.from({ length: 60 }, (_, n) => ({
      ...short!,
      invoice: { ...short!.invoice, uid: `INV-UNDER-${String(n).padStart(3, '0')}` },
    }));
    report.summary.invoices.underpaid.count = 1233;
    const html = bodyOf(renderReportPage(report));
    expect(html).toContain('Under- and over-paid invoices (1,234)</h2>');
    expect(html).toContain('>INV-UNDER-049</td>');
    expect(html).not.toContain('INV-UNDER-050');
    expect(html).toContain(
      '<p class="note">The 50 largest differences of 1,234; paid-invoices.csv has every paid invoice, with amount_fiat (invoiced) and amount_usd (received).</p>',
    );
  });

  it('says so when no paid invoice in USD received another amount than invoiced', () => {
    const report = sampleReport();
    report.mispaidInvoices = [];
    report.summary.invoices.underpaid.count = 0;
    report.summary.invoices.overpaid.count = 0;
    const html = bodyOf(renderReportPage(report));
    expect(html).toContain(
      '<h2 class="heading">Under- and over-paid invoices (0)</h2><p class="paragraph">None: all 60 paid invoices in USD received the amount invoiced.</p><p class="note">Only invoices in USD',
    );
    report.summary.invoices.currencies = report.summary.invoices.currencies.filter(
      (c) => c.currency !== 'USD',
    );
    expect(bodyOf(renderReportPage(report))).toContain(
      '<p class="paragraph">No invoice in USD was paid in October 2026.</p>',
    );
  });

  it('labels each cell of a wide table with its column, for the cards a narrow screen shows', () => {
    expect(body).toContain('<table class="table cards-compact" cellpadding="0" cellspacing="0"><thead>');
    expect(body).toContain('<table class="table cards-list" cellpadding="0" cellspacing="0"><thead>');
    expect(body).toContain('<table class="table cards-wide" cellpadding="0" cellspacing="0"><thead>');
    expect(body).toContain('<td class="td number" data-label="Paid with">0.00812345 BTC</td>');
  });

  it('leaves the short tables without card labels: they fit any width as tables', () => {
    expect(occurrences(body, '<table class="table" cellpadding="0" cellspacing="0">')).toBe(2);
    expect(body).toContain('<td class="td">Expired</td>');
    expect(body).toContain('<td class="td nowrap">18 Oct 2026</td>');
  });

  it('shows the currencies, cryptocurrencies and statuses', () => {
    expect(body).toContain(
      '<td class="td" data-label="Currency">EUR</td><td class="td number" data-label="Paid">60</td><td class="td number" data-label="Amount">27,000.00 EUR</td><td class="td number" data-label="In USD">31,374.00 USD</td>',
    );
    expect(body).toContain(
      '<td class="td" data-label="Cryptocurrency">BTC</td><td class="td number" data-label="Payments">61</td><td class="td number" data-label="Received">0.48740795 BTC</td>',
    );
    expect(body).toContain(
      '<td class="td" data-label="Cryptocurrency">USDT</td><td class="td number" data-label="Payments">61</td><td class="td number" data-label="Received">41,758.5 USDT</td>',
    );
    expect(body).toContain(
      '<td class="td">Expired</td><td class="td number">12</td><td class="td number">8.0 %</td>',
    );
  });

  it('lists the unmatched and the late payments', () => {
    expect(body).toContain('Unmatched payments (3)');
    expect(body).toContain(
      '<td class="td nowrap" data-label="Received">3 Oct 2026, 06:12</td><td class="td number" data-label="Amount">0.00000095 BTC</td>',
    );
    expect(body).toContain('Late payments (2)');
    expect(body).toContain(
      'INV-2610-0005</td><td class="td number" data-label="Amount">0.00812345 BTC</td><td class="td number" data-label="Invoice USD">522.90 USD</td><td class="td number" data-label="Late by">12 min 34 s</td>',
    );
  });

  it('says that a one-project report leaves out the unmatched payments, rather than that there were none', () => {
    const html = bodyOf(renderReportPage(asOneProjectReport(sampleReport())));
    // The service found 3 payments matched to no invoice: the report leaves them out, it does not match them.
    expect(html).toContain('Unmatched payments (0)');
    expect(html).toContain(
      'Payments not matched to an invoice cannot be attributed to a project and are left out (3 in this period).',
    );
    expect(html).not.toContain('every payment found in October 2026 was matched to an invoice');
  });

  it("shows an unmatched payment's transaction hash whole, to copy when matching it by hand", () => {
    expect(body).toContain(
      '<td class="td code long-word" data-label="Transaction">0x9fc76417374aa880d4449a1f7f31ec597f00b1f6f3dd2d66f4c9c6c445836d8b</td>',
    );
  });

  it('lets a long crypto amount wrap, and keeps one shorter than 22 characters on one line', () => {
    const report = sampleReport();
    report.unmatched[0] = { ...report.unmatched[0]!, amount: '0.000000000000001' };
    report.unmatched[1] = { ...report.unmatched[1]!, amount: '0.0000000000000001', cryptocurrency: 'BTC' };
    const html = bodyOf(renderReportPage(report));
    // 21 characters: one line, like every amount of the sample.
    expect(html).toContain('<td class="td number" data-label="Amount">0.000000000000001 BTC</td>');
    // 22 characters: may wrap, at its space first.
    expect(html).toContain(
      '<td class="td number" data-label="Amount"><span class="wrap long-word">0.0000000000000001 BTC</span></td>',
    );
  });

  it('shows the first 100 paid invoices only and points at the CSV for the rest', () => {
    expect(body).toContain('>INV-2610-0001</td>');
    expect(body).toContain('>INV-2610-0100</td>');
    expect(body).not.toContain('INV-2610-0101');
    expect(body).toContain(
      'The first 100 of 120 paid invoices, in order of creation. paid-invoices.csv lists all 120.',
    );
  });

  it('never lists more than 100 paid invoices, whatever it is given', () => {
    const report = sampleReport();
    report.firstPaidInvoices = samplePaidInvoices();
    const html = bodyOf(renderReportPage(report));
    expect(html).toContain('>INV-2610-0100</td>');
    expect(html).not.toContain('INV-2610-0101');
  });

  it('says so when every paid invoice is listed', () => {
    const report = sampleReport();
    report.summary.invoices.paid = 3;
    report.firstPaidInvoices = report.firstPaidInvoices.slice(0, 3);
    const html = bodyOf(renderReportPage(report));
    expect(html).toContain('All 3 paid invoices, in order of creation; also in paid-invoices.csv.');
    expect(html).not.toContain('INV-2610-0004');
  });

  it('says quietly that the statistics agree when they do, naming the dates compared', () => {
    expect(body).toContain(
      '<p class="agree">✓ The service&#39;s statistics for the dates 30 Sep 2026 – 2 Nov 2026 agree with the invoices it lists for those dates (38 checks).</p>',
    );
    expect(body).not.toContain('class="warning"');
    expect(body).toContain('All 38 checks agree.');
  });

  it('puts a warning with every failing check at the top when the statistics differ', () => {
    const html = bodyOf(renderReportPage(withReconciliationDifferences(sampleReport())));
    const warning = html.slice(html.indexOf('<div class="warning"'), html.indexOf('<div class="tiles">'));
    expect(warning).toContain(
      '⚠ The service&#39;s statistics and the invoices it lists for the same dates differ',
    );
    expect(warning).toContain(
      '2 of 38 checks differ by more than 0.01 between the service&#39;s statistics for the dates 30 Sep 2026 – 2 Nov 2026 and the invoices it lists for those dates.',
    );
    expect(warning).toContain(
      '<p class="paragraph"><strong>Paid total</strong><br/>service&#39;s figure 72,020.00 USD · its listed invoices 71,898.00 USD · difference <span class="differs">+122.00\u00a0USD</span></p>',
    );
    expect(warning).toContain(
      '<p class="paragraph"><strong>14 Oct 2026 (service day from 22:00 UTC on 13 Oct)</strong><br/>service&#39;s figure 797.40 USD · its listed invoices 675.40 USD · difference <span class="differs">+122.00\u00a0USD</span></p>',
    );
    expect(html).not.toContain('agree with the invoices it lists');
  });

  it('lists the headline checks and every difference in the reconciliation panel', () => {
    const html = bodyOf(renderReportPage(withReconciliationDifferences(sampleReport())));
    const panel = html.slice(html.indexOf('Reconciliation</h2>'));
    expect(panel).toContain(
      '<td class="td nowrap" data-label="Check">Paid invoices</td><td class="td number" data-label="Service&#39;s figure">120</td><td class="td number" data-label="Its listed invoices">120</td><td class="td number" data-label="Difference">0</td>',
    );
    expect(panel).toContain(
      '<td class="td nowrap" data-label="Check">Paid total</td><td class="td number" data-label="Service&#39;s figure">72,020.00 USD</td><td class="td number" data-label="Its listed invoices">71,898.00 USD</td><td class="td number" data-label="Difference"><span class="differs">+122.00\u00a0USD</span></td>',
    );
    expect(panel).toContain(
      '<td class="td nowrap" data-label="Check">14 Oct 2026 (service day from 22:00 UTC on 13 Oct)</td><td class="td number" data-label="Service&#39;s figure">797.40 USD</td><td class="td number" data-label="Its listed invoices">675.40 USD</td><td class="td number" data-label="Difference"><span class="differs">+122.00\u00a0USD</span></td>',
    );
    expect(panel).not.toContain('13 Oct 2026 (service day');
    expect(panel).toContain('36 of 38 checks agree; the 2 that differ are listed.');
  });

  it('names a failing project check by its name and short id, with the full id in a tooltip', () => {
    const report = withReconciliationDifferences(sampleReport());
    const checks = report.summary.reconciliation.checks;
    const index = checks.findIndex((check) => check.name === 'project:b71d04aa-2c3e-4f5a-8b6c-7d8e9f0a1b2c');
    checks[index] = { ...checks[index]!, ok: false };
    const html = bodyOf(renderReportPage(report));
    expect(html).toContain(
      '<td class="td nowrap" title="b71d04aa-2c3e-4f5a-8b6c-7d8e9f0a1b2c" data-label="Check"><span class="wrap long-word">Project Mobile app (b71d04aa)</span></td>',
    );
  });

  it('says plainly that nothing happened in an empty month instead of showing empty tables', () => {
    const html = bodyOf(renderReportPage(sampleEmptyReport()));
    expect(html).toContain('<p class="notice">No invoices were created in November 2026.</p>');
    expect(html).toContain('<p class="notice">No payments arrived in November 2026.</p>');
    expect(html).not.toContain('By project');
    expect(html).not.toContain('Paid invoices</h2>');
    expect(html).not.toContain('<svg');
    expect(html).toContain('<p class="eyebrow">Invoice report</p>');
    expect(html).toContain('<p class="tile-detail down">-100.0 % (-71,898.00\u00a0USD) vs October 2026</p>');
  });

  it('names the source by its host only and when the report was made, in its zone', () => {
    expect(body).toContain('Made 1 Nov 2026, 06:00 (Europe/Berlin) from the data of api.invoicing.example.');
  });

  it('rejects an unknown time zone with a clear error', () => {
    const report = sampleReport();
    report.summary.period.timezone = 'Mars/Olympus';
    expect(() => renderReportPage(report)).toThrow('unknown time zone "Mars/Olympus"');
  });
});

describe('renderReportPage with hostile text', () => {
  const page = renderReportPage(hostileReport());
  const body = bodyOf(page);

  it('lets no markup through', () => {
    expect(page).not.toContain('<script');
    expect(page).not.toContain('<svg onload');
    expect(page).not.toContain('<img');
    expect(page).not.toContain('<b>');
    expect(page).not.toContain('<i>');
    expect(page).not.toContain('<BTC>');
    expect(page).not.toContain('<EU>');
    expect(page).not.toContain('onmouseover="');
  });

  it('escapes the account name in the title and the heading', () => {
    const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co&#39;s 🧾';
    // Set apart from the rest of the line: between U+2068 and U+2069 in the title, in a <bdi> in the text.
    expect(page).toContain(`<title>\u2068${escaped}\u2069 · Invoice report · October 2026</title>`);
    expect(body).toContain(`<p class="eyebrow"><bdi>${escaped}</bdi> · Invoice report</p>`);
  });

  it('keeps a description with its newline, quotes, ampersand and emoji as text', () => {
    expect(body).toContain(
      '<td class="td description" data-label="Description"><bdi>=HYPERLINK(&quot;javascript:alert(1)&quot;)\n&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot; 🧾</bdi></td>',
    );
  });

  it('shows a leading equals sign as it is: a page runs no formulas', () => {
    expect(body).toContain('<td class="td code long-word" data-label="Your reference"><bdi>=1+1</bdi></td>');
  });

  it('escapes an invoice uid, a project id and a project name, in the text and in the tooltip', () => {
    expect(body).toContain('>&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;</span></td>');
    const project =
      '<span title="&quot;&gt;&lt;svg onload=alert(3)&gt;"><span dir="auto">&lt;script&gt;alert(6)&lt;/script&gt; &quot;Shop&quot;</span> <span class="short-id">&quot;&gt;&lt;svg o</span></span>';
    // In the projects' table and in the paid invoices' list.
    expect(occurrences(body, project)).toBe(2);
  });

  it('escapes a wallet name and address, a cryptocurrency, a currency and a hash', () => {
    expect(body).toContain(
      '<td class="td wrap long-word" title="&quot; onmouseover=&quot;alert(5)" data-label="Wallet"><bdi>&lt;img src=x onerror=alert(4)&gt;</bdi></td>',
    );
    expect(body).toContain(
      '<td class="td" data-label="Cryptocurrency">&lt;BTC&gt;</td><td class="td number" data-label="Payments">61</td><td class="td number" data-label="Received">0.48740795 &lt;BTC&gt;</td>',
    );
    expect(body).toContain('<td class="td number" data-label="Amount">27,000.00 &lt;EU&gt;</td>');
    expect(body).toContain(
      '<td class="td code long-word" data-label="Transaction">&lt;i&gt;hash&lt;/i&gt;</td>',
    );
  });

  it('escapes a project id and name inside a reconciliation check', () => {
    expect(body).toContain(
      '<td class="td nowrap" title="&quot;&gt;&lt;svg onload=alert(3)&gt;" data-label="Check"><span class="wrap long-word">Project &lt;script&gt;alert(6)&lt;/script&gt; &quot;Shop&quot; (&quot;&gt;&lt;svg o)</span></td>',
    );
  });

  it('cuts a long description for the table and keeps all of it in the tooltip', () => {
    const report = sampleReport();
    const long = `${'Annual maintenance & support, '.repeat(4)}<end>`;
    report.firstPaidInvoices[0]!.description = long;
    const html = bodyOf(renderReportPage(report));
    const shown = `${long.slice(0, 79).trimEnd()}…`.replaceAll('&', '&amp;');
    expect(html).toContain(
      `<td class="td description" title="${long.replaceAll('&', '&amp;').replace('<end>', '&lt;end&gt;')}" data-label="Description"><bdi>${shown}</bdi></td>`,
    );
  });

  describe('for a month not ended', () => {
    const soFar = renderReportPage(asReportSoFar(sampleReport()));
    const soFarBody = bodyOf(soFar);

    it('says "so far" and the instant it runs to in the title and the heading', () => {
      expect(soFar).toContain(
        '<title>Acme · Invoice report · October 2026 so far, as of 23 Oct 2026, 14:35 (Europe/Berlin)</title>',
      );
      expect(soFarBody).toContain('<h1 class="title">October 2026 so far</h1>');
      expect(soFarBody).toContain(
        '<p class="subtitle">1–23 Oct 2026 so far, as of 23 Oct 2026, 14:35 (Europe/Berlin)</p>',
      );
    });

    it('says in words that it is compared with the same days of the month before', () => {
      expect(soFarBody).toContain(
        '<p class="note">Compared over the same elapsed time: 1–23 Oct 2026 so far, against 1–23 Sep 2026.</p>',
      );
      expect(soFarBody).toContain(
        '<p class="tile-detail up">+12.5 % (+7,985.60\u00a0USD) vs 1–23 Sep 2026</p>',
      );
      expect(soFarBody).toContain('<p class="tile-detail">1–23 Sep 2026: 63,912.40 USD</p>');
      expect(soFarBody).not.toContain('vs September 2026');
    });

    it('draws bars for the days lived so far and none for the days to come', () => {
      expect(occurrences(soFarBody, '<rect ')).toBe(23);
      expect(soFarBody).toContain('<title>23 Oct 2026: ');
      expect(soFarBody).not.toContain('<title>24 Oct 2026');
      expect(soFarBody).not.toContain('<td class="td nowrap">24 Oct 2026</td>');
      expect(soFarBody).toContain('Paid USD per day of October 2026 so far (Europe/Berlin)');
    });
  });

  describe('for a quarter', () => {
    const quarter = renderReportPage(asQuarterReport(sampleReport()));
    const quarterBody = bodyOf(quarter);

    it('is named by its quarter and its days', () => {
      expect(quarter).toContain('<title>Acme · Invoice report · Q4 2026</title>');
      expect(quarterBody).toContain('<h1 class="title">Q4 2026</h1>');
      expect(quarterBody).toContain('<p class="subtitle">1 Oct – 31 Dec 2026 (Europe/Berlin)</p>');
      expect(quarterBody).toContain('<p class="tile-detail up">+12.5 % (+7,985.60\u00a0USD) vs Q3 2026</p>');
    });

    it('charts paid USD per month, with a row of figures per month, and no chart per day', () => {
      expect(quarterBody).toContain('<h2 class="heading">Paid per month</h2>');
      expect(quarterBody).not.toContain('Paid per day');
      expect(quarterBody).not.toContain('Figures per day');
      expect(occurrences(quarterBody, '<rect ')).toBe(3);
      expect(quarterBody).toContain('<title>October 2026: 71,898.00 USD from 120 paid invoices</title>');
      expect(quarterBody).toContain('<title>December 2026: 0.00 USD from 0 paid invoices</title>');
      for (const label of ['Oct', 'Nov', 'Dec']) expect(quarterBody).toContain(`>${label}</text>`);
      expect(quarterBody).toContain(
        '<tr><td class="td nowrap">November 2026</td><td class="td number">0</td><td class="td number">0.00 USD</td></tr>',
      );
      expect(quarterBody).toContain(
        'Paid USD per month of Q4 2026 (Europe/Berlin), by the month the invoice was created. Best month: October 2026: 71,898.00 USD from 120 paid invoices.',
      );
    });
  });
});
