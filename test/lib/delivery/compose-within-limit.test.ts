import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailTooLargeError } from '../../../lib/delivery';
import {
  composeWithinLimit,
  DEFAULT_MAX_MESSAGE_BYTES,
  type RenderContext,
  SES_V1_MAX_MESSAGE_BYTES,
} from '../../../lib/delivery/compose-email';
import { writeReportFolder } from './report-fixture';

describe('composeWithinLimit', () => {
  let folder: string;
  const calls: RenderContext[] = [];

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

  it('keeps the default under SES v1 limit of 10 MB with room to spare', () => {
    expect(DEFAULT_MAX_MESSAGE_BYTES).toBe(9 * 1024 * 1024);
    expect(SES_V1_MAX_MESSAGE_BYTES - DEFAULT_MAX_MESSAGE_BYTES).toBe(1024 * 1024);
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
