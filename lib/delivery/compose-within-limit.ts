import { stat } from 'node:fs/promises';
import { composeReportEmail, type EmailAttachment, type EmailContent } from './compose-email';
import { EmailTooLargeError } from './errors';

/** SES v1's limit for a whole message, after base64: 10 MB. */
export const SES_V1_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/**
 * The size `deliverReportEmailOnce` keeps a message under: 9 MiB, leaving about 1 MiB below SES's limit for
 * the headers SES adds (DKIM signature, Message-ID) and in case the limit is counted in decimal megabytes.
 */
export const DEFAULT_MAX_MESSAGE_BYTES = 9 * 1024 * 1024;

/** Tells the caller's template whether the CSVs are attached, so its text can say "attached" or point at the links. */
export interface RenderContext {
  attachmentsIncluded: boolean;
}

/** Writes the subject, HTML and text of the message; supplied by the caller, as delivery never knows the content. */
export type RenderEmail = (context: RenderContext) => EmailContent | Promise<EmailContent>;

/** Options of `composeWithinLimit`. */
export interface ComposeWithinLimitOptions {
  from: string;
  to: string[];
  render: RenderEmail;
  attachments: EmailAttachment[];
  /** @default DEFAULT_MAX_MESSAGE_BYTES */
  maxMessageBytes?: number;
  date?: Date;
}

/** A composed message and whether it carries the attachments. */
export interface ComposedEmail {
  raw: Buffer;
  attachmentsIncluded: boolean;
}

/** base64 turns 3 bytes into 4 and MailComposer breaks its lines at 76 characters with CRLF. */
function base64Size(bytes: number): number {
  const encoded = Math.ceil(bytes / 3) * 4;
  return encoded + Math.ceil(encoded / 76) * 2;
}

/**
 * Composes the message with its attachments when the whole raw message fits `maxMessageBytes`;
 * otherwise renders again for no attachments and composes without them. Attachments whose encoded size
 * alone is over the limit are not read at all.
 * @throws EmailTooLargeError when even the message without attachments is over the limit
 */
export async function composeWithinLimit(options: ComposeWithinLimitOptions): Promise<ComposedEmail> {
  const maxBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  if (!Number.isInteger(maxBytes) || maxBytes <= 0) {
    throw new RangeError('maxMessageBytes must be a positive whole number');
  }
  const envelope = { from: options.from, to: options.to, date: options.date ?? new Date() };

  if (options.attachments.length > 0) {
    const sizes = await Promise.all(options.attachments.map(async (file) => (await stat(file.path)).size));
    const encodedSize = sizes.reduce((sum, size) => sum + base64Size(size), 0);
    if (encodedSize <= maxBytes) {
      const content = await options.render({ attachmentsIncluded: true });
      const raw = await composeReportEmail({ ...envelope, ...content, attachments: options.attachments });
      if (raw.length <= maxBytes) return { raw, attachmentsIncluded: true };
    }
  }
  const content = await options.render({ attachmentsIncluded: false });
  const raw = await composeReportEmail({ ...envelope, ...content });
  if (raw.length > maxBytes) throw new EmailTooLargeError(raw.length, maxBytes);
  return { raw, attachmentsIncluded: false };
}
