import { stat } from 'node:fs/promises';
import addressparser from 'nodemailer/lib/addressparser';
import * as z from 'zod';
import { EmailTooLargeError, InvalidEmailError } from './errors';

/** A file on disk to attach, read when the message is built; `filename` is what the recipient sees. */
export type EmailAttachment = { filename: string; path: string; contentType: string };

/** What the caller writes (delivery never knows the content). */
type EmailContent = { subject: string; html: string; text: string };

export interface ComposeReportEmailOptions extends EmailContent {
  /** The SES-verified sender: `reports@acme.example` or `Acme Reports <reports@acme.example>`. */
  from: string;
  to: string[];
  attachments?: EmailAttachment[];
  /** The `Date` header. @default new Date() */
  date?: Date;
}

/** The address of one mailbox, bare or with a name. @throws InvalidEmailError naming role and value */
export function mailboxAddress(value: unknown, role: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new InvalidEmailError(`${role} must be an email address`);
  }
  const parsed = addressparser(value);
  const only = parsed.length === 1 ? parsed[0] : undefined;
  if (!only || only.group !== undefined || !z.email().safeParse(only.address).success) {
    throw new InvalidEmailError(`${role} ${JSON.stringify(value)} is not one valid email address`);
  }
  return only.address;
}

/** @throws InvalidEmailError unless `to` lists at least one valid mailbox */
export function recipientAddresses(to: unknown): string[] {
  if (!Array.isArray(to) || to.length === 0) {
    throw new InvalidEmailError('to must list at least one recipient');
  }
  return to.map((recipient) => mailboxAddress(recipient, 'to'));
}

/**
 * The raw MIME message for SES `SendRawEmail`, built with nodemailer's MailComposer; attachments are base64
 * so their bytes (a CSV's BOM and CRLFs) arrive unchanged. Addresses are the caller's to check.
 */
export async function composeReportEmail(options: ComposeReportEmailOptions): Promise<Buffer> {
  // Loaded when a message is built: a function's cold start skips nodemailer's MIME code (about 130 KB).
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
  const composer = new MailComposer({
    // Text and HTML come with LF line ends, which MailComposer keeps unless told; bare LFs break RFC 5322.
    newline: '\r\n',
    from: options.from,
    to: options.to,
    subject: options.subject,
    date: options.date ?? new Date(),
    text: options.text,
    html: options.html,
    attachments: (options.attachments ?? []).map(({ filename, path, contentType }) => ({
      filename,
      path,
      contentType,
      contentTransferEncoding: 'base64',
    })),
  });
  return composer.compile().build();
}

/** About 1 MiB below SES v1's 10 MB (after base64), for the headers SES adds and in case MB are decimal. */
export const DEFAULT_MAX_MESSAGE_BYTES = 9 * 1024 * 1024;

export interface ComposeWithinLimitOptions extends Pick<ComposeReportEmailOptions, 'from' | 'to' | 'date'> {
  /** Told whether the attachments fit, so that its words can say "attached" or link. */
  render: (context: { attachmentsIncluded: boolean }) => EmailContent | Promise<EmailContent>;
  /** Attached while the message stays under `maxMessageBytes`. */
  attachments: EmailAttachment[];
  /** @default DEFAULT_MAX_MESSAGE_BYTES */
  maxMessageBytes?: number;
}

/** base64 turns 3 bytes into 4 and MailComposer breaks its lines at 76 characters with CRLF. */
function base64Size(bytes: number): number {
  const encoded = Math.ceil(bytes / 3) * 4;
  return encoded + Math.ceil(encoded / 76) * 2;
}

/**
 * The message with its attachments when it fits `maxMessageBytes` (files too large once encoded are not
 * read), else rendered again without them. @throws EmailTooLargeError when even that is over the limit
 */
export async function composeWithinLimit(
  options: ComposeWithinLimitOptions,
): Promise<{ raw: Buffer; attachmentsIncluded: boolean }> {
  const maxBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  if (!Number.isInteger(maxBytes) || maxBytes <= 0) {
    throw new RangeError('maxMessageBytes must be a positive whole number');
  }
  const envelope = { from: options.from, to: options.to, date: options.date ?? new Date() };
  if (options.attachments.length > 0) {
    const sizes = await Promise.all(options.attachments.map(async (file) => (await stat(file.path)).size));
    if (sizes.reduce((sum, size) => sum + base64Size(size), 0) <= maxBytes) {
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
