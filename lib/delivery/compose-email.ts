import { mailboxAddress, recipientAddresses } from './email-address';
import { InvalidEmailError } from './errors';

/** A file on disk to attach. */
export interface EmailAttachment {
  /** The name the recipient sees, such as `acme-2026-10-payments.csv`. */
  filename: string;
  /** Where the file is; it is read when the message is built. */
  path: string;
  /** Such as `text/csv; charset=utf-8`. */
  contentType: string;
}

/** The parts of a message that its caller writes. */
export interface EmailContent {
  subject: string;
  html: string;
  /** The plain-text alternative. */
  text: string;
}

/** Options of `composeReportEmail`. */
export interface ComposeReportEmailOptions extends EmailContent {
  /** The sender, verified in SES: `reports@acme.example` or `Acme Reports <reports@acme.example>`. */
  from: string;
  /** One or more recipients. */
  to: string[];
  attachments?: EmailAttachment[];
  /** The `Date` header. @default new Date() */
  date?: Date;
}

/**
 * Builds the raw MIME message (multipart/alternative text and HTML, plus attachments) with nodemailer's
 * MailComposer, ready for SES `SendRawEmail`, every line ending in CRLF. Attachments are base64-encoded so
 * their bytes (a CSV's BOM and CRLF line ends included) arrive unchanged.
 * @throws InvalidEmailError for a missing or malformed sender or recipient, or an attachment without a name
 */
export async function composeReportEmail(options: ComposeReportEmailOptions): Promise<Buffer> {
  mailboxAddress(options.from, 'from');
  recipientAddresses(options.to);
  const attachments = options.attachments ?? [];
  for (const attachment of attachments) {
    if (!attachment.filename || !attachment.path) {
      throw new InvalidEmailError('every attachment needs a filename and a path');
    }
  }
  // Loaded when a message is built, not when the module is: a function's cold start skips running
  // nodemailer's MIME code (about 130 KB).
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
  const composer = new MailComposer({
    // Text and HTML are written with LF line ends; MailComposer keeps them as given unless told, and a
    // message with bare LFs breaks RFC 5322 (strict servers refuse it). nodemailer's own SES transport
    // converts them too.
    newline: '\r\n',
    from: options.from,
    to: options.to,
    subject: options.subject,
    date: options.date ?? new Date(),
    text: options.text,
    html: options.html,
    attachments: attachments.map((attachment) => ({
      filename: attachment.filename,
      path: attachment.path,
      contentType: attachment.contentType,
      contentTransferEncoding: 'base64',
    })),
  });
  return composer.compile().build();
}
