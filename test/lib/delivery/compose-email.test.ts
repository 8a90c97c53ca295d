import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailTooLargeError, InvalidEmailError } from '../../../lib/delivery';
import {
  composeReportEmail,
  composeWithinLimit,
  DEFAULT_MAX_MESSAGE_BYTES,
  mailboxAddress,
  recipientAddresses,
} from '../../../lib/delivery/compose-email';
import { REPORT_FIXTURE, writeReportFolder } from './report-fixture';

describe('composeReportEmail', () => {
  let folder: string;

  beforeAll(async () => {
    folder = await writeReportFolder();
  });

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  function compose(overrides: Partial<Parameters<typeof composeReportEmail>[0]> = {}) {
    return composeReportEmail({
      from: 'Acme Reports <reports@acme.example>',
      to: ['books@acme.example', 'Ana Lima <ana@accountants.example>'],
      subject: 'Acme: report for October 2026 — 2 paid',
      html: '<p>Paid invoices: <b>2</b> ✓</p>',
      text: 'Paid invoices: 2 ✓',
      attachments: [
        {
          filename: 'acme-2026-10-paid-invoices.csv',
          path: join(folder, 'paid-invoices.csv'),
          contentType: 'text/csv; charset=utf-8',
        },
        {
          filename: 'acme-2026-10-payments.csv',
          path: join(folder, 'payments.csv'),
          contentType: 'text/csv; charset=utf-8',
        },
      ],
      date: new Date(Date.UTC(2026, 10, 1, 6, 0, 0)),
      ...overrides,
    });
  }

  it('carries subject, sender, recipients, HTML and text', async () => {
    const mail = await simpleParser(await compose());
    expect(mail.subject).toBe('Acme: report for October 2026 — 2 paid');
    expect(mail.from?.value).toEqual([{ name: 'Acme Reports', address: 'reports@acme.example' }]);
    const to = Array.isArray(mail.to) ? mail.to : [mail.to];
    expect(to.flatMap((list) => list?.value.map((entry) => entry.address))).toEqual([
      'books@acme.example',
      'ana@accountants.example',
    ]);
    expect(mail.html).toBe('<p>Paid invoices: <b>2</b> ✓</p>');
    expect(mail.text).toBe('Paid invoices: 2 ✓');
    expect(mail.date?.toISOString()).toBe('2026-11-01T06:00:00.000Z');
  });

  it('attaches the CSV files byte for byte, BOM and CRLF included', async () => {
    const mail = await simpleParser(await compose());
    expect(mail.attachments.map((file) => file.filename)).toEqual([
      'acme-2026-10-paid-invoices.csv',
      'acme-2026-10-payments.csv',
    ]);
    expect(mail.attachments[0]?.contentType).toBe('text/csv');
    expect(mail.attachments[0]?.content.equals(REPORT_FIXTURE['paid-invoices.csv'])).toBe(true);
    expect(mail.attachments[1]?.content.equals(REPORT_FIXTURE['payments.csv'])).toBe(true);
    expect(mail.attachments[0]?.content.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('builds a message without attachments when none are given', async () => {
    const mail = await simpleParser(await compose({ attachments: [] }));
    expect(mail.attachments).toEqual([]);
    expect(mail.text).toBe('Paid invoices: 2 ✓');
  });

  it('carries a subject with an Arabic name between Unicode isolates, every character kept', async () => {
    const subject = '\u2068متجر الرياض\u2069 · October 2026 · 71,898.00 USD from 120 paid invoices';
    const raw = await compose({ subject });
    // Encoded as RFC 2047 words, the header stays 7-bit ASCII.
    const header = raw.toString('latin1').split('\r\n\r\n')[0]!;
    expect(header).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/m);
    expect(header).not.toMatch(/[^\t\r\n -~]/);
    expect((await simpleParser(raw)).subject).toBe(subject);
  });

  it('ends every line of a multi-line text and HTML with CRLF, as RFC 5322 requires of a message', async () => {
    const text = 'Acme · October 2026\n\nPaid total: 71,898.00 USD\nPaid invoices: 120\n';
    const html = '<!doctype html>\n<html lang="en">\n<body><p>Paid invoices: 120</p></body>\n</html>';
    const raw = (await compose({ text, html })).toString('latin1');
    // A lone LF anywhere in the message: strict mail servers refuse such a message ("bare LF").
    expect(raw.match(/(?<!\r)\n/g)).toBeNull();
    const mail = await simpleParser(Buffer.from(raw, 'latin1'));
    expect(mail.text?.replace(/\r\n/g, '\n')).toBe(text);
    expect(String(mail.html).replace(/\r\n/g, '\n')).toBe(html);
  });

  it('keeps a line break in the subject from adding a header', async () => {
    const raw = await compose({ subject: 'Report\r\nBcc: intruder@evil.example' });
    const mail = await simpleParser(raw);
    expect(mail.bcc).toBeUndefined();
    expect(raw.toString('latin1')).not.toMatch(/^Bcc:/im);
  });

  it.each([
    ['no recipient', () => recipientAddresses([])],
    ['a malformed recipient', () => recipientAddresses(['not an address'])],
    ['two addresses in one recipient', () => recipientAddresses(['a@acme.example, b@acme.example'])],
    ['a malformed sender', () => mailboxAddress('reports at acme', 'from')],
    ['an empty sender', () => mailboxAddress('', 'from')],
  ])('refuses %s', (_, check) => {
    expect(check).toThrow(InvalidEmailError);
  });

  it('fails clearly when an attachment file is missing', async () => {
    await expect(
      compose({
        attachments: [{ filename: 'x.csv', path: join(folder, 'missing.csv'), contentType: 'text/csv' }],
      }),
    ).rejects.toThrow(/ENOENT/);
  });
});

describe('composeWithinLimit', () => {
  let folder: string;
  const calls: { attachmentsIncluded: boolean }[] = [];

  beforeAll(async () => {
    folder = await writeReportFolder();
  });

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  function compose(maxMessageBytes?: number, text = 'body') {
    calls.length = 0;
    return composeWithinLimit({
      from: 'reports@acme.example',
      to: ['books@acme.example'],
      render: (context) => {
        calls.push(context);
        return {
          subject: 'October report',
          html: context.attachmentsIncluded ? '<p>attached</p>' : '<p>too large, use the links</p>',
          text: context.attachmentsIncluded ? `attached ${text}` : `use the links ${text}`,
        };
      },
      attachments: [
        {
          filename: 'payments.csv',
          path: join(folder, 'payments.csv'),
          contentType: 'text/csv; charset=utf-8',
        },
      ],
      maxMessageBytes,
    });
  }

  it('keeps the default 1 MiB under SES v1 limit of 10 MB', () => {
    expect(DEFAULT_MAX_MESSAGE_BYTES).toBe(9 * 1024 * 1024);
  });

  it('attaches the files when the message fits', async () => {
    const composed = await compose();
    expect(composed.attachmentsIncluded).toBe(true);
    expect(calls).toEqual([{ attachmentsIncluded: true }]);
    const mail = await simpleParser(composed.raw);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.html).toBe('<p>attached</p>');
  });

  it('renders again without attachments when the message with them is over the limit', async () => {
    // Without attachments the message is about 1 KB; with the attachment it is more.
    const withAttachment = (await compose()).raw.length;
    const composed = await compose(withAttachment - 1);
    expect(composed.attachmentsIncluded).toBe(false);
    expect(calls).toEqual([{ attachmentsIncluded: true }, { attachmentsIncluded: false }]);
    expect(composed.raw.length).toBeLessThan(withAttachment);
    const mail = await simpleParser(composed.raw);
    expect(mail.attachments).toEqual([]);
    expect(mail.text).toBe('use the links body');
  });

  it('skips composing with attachments whose encoded size alone is over the limit', async () => {
    // payments.csv is 52 bytes, 74 once in base64 lines: over a 60-byte limit before any header.
    await expect(compose(60)).rejects.toThrow(EmailTooLargeError);
    expect(calls).toEqual([{ attachmentsIncluded: false }]);
  });

  it('refuses a message too large even without attachments, sending nothing', async () => {
    await expect(compose(2_000, 'x'.repeat(5_000))).rejects.toThrow(EmailTooLargeError);
  });

  it('refuses a limit that is not a positive whole number', async () => {
    await expect(compose(0)).rejects.toThrow(RangeError);
  });
});
