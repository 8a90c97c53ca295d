import { renderPage, SERVICE_NAME } from './page-frame';

/** What the page knows beyond the refusal, to say what to do. */
export interface ErrorPageContext {
  linkLifetimeDays: number;
  rebuildIntervalSeconds: number;
  /** Whether the request came from the list's form: a bad value in it is one the visitor typed. */
  fromForm?: boolean;
  /** For a 429: when to try again. */
  retryAfterSeconds?: number;
  /** An address of the account's list of reports the visitor came from. */
  backTo?: string;
}

const FROM_THE_EMAIL = 'Open the “All reports” link in your latest report email.';
const TELL_THE_OPERATOR = 'If it keeps happening, tell whoever runs the reports for you.';

const seconds = (count: number) => (count === 1 ? '1 second' : `${count} seconds`);

/**
 * The `code` of an error answer, one per thing a caller can act on (statuses in `docs/api.md`), with its
 * page's heading, what happened and what to do, for a person with a browser.
 */
export type ReportApiErrorCode = keyof ReturnType<typeof wordings>;

function wordings(context: ErrorPageContext) {
  const days = context.linkLifetimeDays === 1 ? '1 day' : `${context.linkLifetimeDays} days`;
  const interval = seconds(context.rebuildIntervalSeconds);
  return {
    invalid_request: [
      'This request cannot be answered',
      'Something in the address or the form is not as the service expects it.',
      `${context.fromForm ? 'Check the period you typed.' : 'Check the address.'} A month is written 2026-09, a quarter 2026-Q3 and a year 2026, from 2000 on; a period that has not begun cannot be reported yet.`,
    ],
    unauthorized: [
      'This page needs a link from your email',
      'It was opened without a valid link or token.',
      `${FROM_THE_EMAIL} Programs send their report API token as “Authorization: Bearer <token>”.`,
    ],
    invalid_signature: [
      'This link is not valid',
      'The link was changed, or cut short when it was copied, so it no longer matches its signature.',
      `Open it again from the email it came in, with nothing added or left out. ${FROM_THE_EMAIL}`,
    ],
    link_expired: [
      'This link has expired',
      `Links in report emails work for ${days}, and this one has run out.`,
      'Open the latest report email for a fresh link, or ask whoever sends you the reports for a new one.',
    ],
    unknown_account: [
      'There is no such account',
      'No reports are kept under this account for you.',
      `Check the address. ${FROM_THE_EMAIL}`,
    ],
    report_not_found: [
      'This report is not ready',
      'There is no complete report for this period yet.',
      'Ask for the period on the list of reports: it appears there once it is built.',
    ],
    not_found: ['Page not found', 'There is no page at this address.', FROM_THE_EMAIL],
    method_not_allowed: [
      'This address cannot be used this way',
      'The page at this address is opened with a link, not sent a form or other request.',
      FROM_THE_EMAIL,
    ],
    too_many_rebuilds: [
      'Please wait a moment',
      `Reports of an account are built on request at most once in ${interval}, and one of this account was asked for less than ${interval} ago.`,
      context.retryAfterSeconds === undefined
        ? 'Try again in a minute.'
        : `Try again in ${seconds(context.retryAfterSeconds)}.`,
    ],
    invoicing_authentication_failed: [
      'The invoicing service refused the report',
      'The report could not be built: the invoicing service did not accept this account’s API key.',
      'Tell whoever runs the reports for you: the key needs renewing. Reports already built still open.',
    ],
    invoicing_failed: [
      'The invoicing service did not answer',
      'The report could not be built because the invoicing service failed or could not be reached.',
      `Try again in a few minutes. ${TELL_THE_OPERATOR}`,
    ],
    configuration_error: [
      'The report service is not set up correctly',
      'A setting of the service itself is wrong; it is nothing you did.',
      'Tell whoever runs the reports for you: the details are in the service’s log.',
    ],
    internal_error: [
      'Something went wrong',
      'The service failed while answering; it is nothing you did.',
      `Try again in a few minutes. ${TELL_THE_OPERATOR}`,
    ],
  } satisfies Record<string, [string, string, string]>;
}

/** The page a browser gets instead of `{"error":…}`; of the refusal's message, only a bad request's is quoted. */
export function renderErrorPage(
  refusal: { status: number; code: ReportApiErrorCode; message: string },
  context: ErrorPageContext,
): string {
  const [heading, what, todo] = wordings(context)[refusal.code];
  return renderPage({
    title: `${heading} · ${SERVICE_NAME}`,
    eyebrow: SERVICE_NAME,
    heading,
    children: (
      <div class="panel message">
        <p class="paragraph">{what}</p>
        {refusal.code === 'invalid_request' ? <p class="paragraph">{`Details: ${refusal.message}`}</p> : null}
        <p class="paragraph">{todo}</p>
        {context.backTo === undefined ? null : (
          <p class="paragraph">
            <a class="link" href={context.backTo}>
              Back to all reports
            </a>
          </p>
        )}
        <p class="footer">{`Error ${refusal.status} · ${refusal.code}`}</p>
      </div>
    ),
  });
}
