import type { ReportApiErrorCode } from '../api-error';
import { renderPage, SERVICE_NAME } from './page-frame';

/** What an error page is about: the refusal the API answers with. */
export interface ErrorPageRefusal {
  status: number;
  code: ReportApiErrorCode;
  /** The refusal's own message, shown only where it helps a person (a bad period, for instance). */
  message: string;
}

/** What the page knows beyond the refusal, to say what to do. */
export interface ErrorPageContext {
  /** How long emailed links work, in days. */
  linkLifetimeDays: number;
  /** The least time between two builds of an account's reports asked for on request, in seconds. */
  rebuildIntervalSeconds: number;
  /** Whether the refused request came from the list's form: a bad value in it is one the visitor typed. */
  fromForm?: boolean;
  /** For a 429: when to try again. */
  retryAfterSeconds?: number;
  /** An address of the account's list of reports the visitor may open (they just came from it). */
  backTo?: string;
}

interface ErrorWording {
  heading: string;
  /** What happened. */
  what: string;
  /** What to do about it. */
  todo: string;
  /** Whether the refusal's own message is shown as the details. */
  details?: boolean;
}

const FROM_THE_EMAIL = 'Open the “All reports” link in your latest report email.';
const TELL_THE_OPERATOR = 'If it keeps happening, tell whoever runs the reports for you.';

function seconds(count: number): string {
  return count === 1 ? '1 second' : `${count} seconds`;
}

/** The words of each refusal, for a person with a browser rather than a program. */
function wording(refusal: ErrorPageRefusal, context: ErrorPageContext): ErrorWording {
  const days = context.linkLifetimeDays === 1 ? '1 day' : `${context.linkLifetimeDays} days`;
  switch (refusal.code) {
    case 'invalid_request':
      return {
        heading: 'This request cannot be answered',
        what: 'Something in the address or the form is not as the service expects it.',
        todo: `${context.fromForm ? 'Check the period you typed.' : 'Check the address.'} A month is written 2026-09, a quarter 2026-Q3 and a year 2026, from 2000 on; a period that has not begun cannot be reported yet.`,
        details: true,
      };
    case 'unauthorized':
      return {
        heading: 'This page needs a link from your email',
        what: 'It was opened without a valid link or token.',
        todo: `${FROM_THE_EMAIL} Programs send their report API token as “Authorization: Bearer <token>”.`,
      };
    case 'invalid_signature':
      return {
        heading: 'This link is not valid',
        what: 'The link was changed, or cut short when it was copied, so it no longer matches its signature.',
        todo: `Open it again from the email it came in, with nothing added or left out. ${FROM_THE_EMAIL}`,
      };
    case 'link_expired':
      return {
        heading: 'This link has expired',
        what: `Links in report emails work for ${days}, and this one has run out.`,
        todo: 'Open the latest report email for a fresh link, or ask whoever sends you the reports for a new one.',
      };
    case 'unknown_account':
      return {
        heading: 'There is no such account',
        what: 'No reports are kept under this account for you.',
        todo: `Check the address. ${FROM_THE_EMAIL}`,
      };
    case 'report_not_found':
      return {
        heading: 'This report is not ready',
        what: 'There is no complete report for this period yet.',
        todo: 'Ask for the period on the list of reports: it appears there once it is built.',
      };
    case 'not_found':
      return {
        heading: 'Page not found',
        what: 'There is no page at this address.',
        todo: FROM_THE_EMAIL,
      };
    case 'method_not_allowed':
      return {
        heading: 'This address cannot be used this way',
        what: 'The page at this address is opened with a link, not sent a form or other request.',
        todo: FROM_THE_EMAIL,
      };
    case 'too_many_rebuilds':
      return {
        heading: 'Please wait a moment',
        what: `Reports of an account are built on request at most once in ${seconds(context.rebuildIntervalSeconds)}, and one of this account was asked for less than ${seconds(context.rebuildIntervalSeconds)} ago.`,
        todo:
          context.retryAfterSeconds === undefined
            ? 'Try again in a minute.'
            : `Try again in ${seconds(context.retryAfterSeconds)}.`,
      };
    case 'invoicing_authentication_failed':
      return {
        heading: 'The invoicing service refused the report',
        what: 'The report could not be built: the invoicing service did not accept this account’s API key.',
        todo: 'Tell whoever runs the reports for you: the key needs renewing. Reports already built still open.',
      };
    case 'invoicing_failed':
      return {
        heading: 'The invoicing service did not answer',
        what: 'The report could not be built because the invoicing service failed or could not be reached.',
        todo: `Try again in a few minutes. ${TELL_THE_OPERATOR}`,
      };
    case 'configuration_error':
      return {
        heading: 'The report service is not set up correctly',
        what: 'A setting of the service itself is wrong; it is nothing you did.',
        todo: 'Tell whoever runs the reports for you: the details are in the service’s log.',
      };
    case 'internal_error':
      return {
        heading: 'Something went wrong',
        what: 'The service failed while answering; it is nothing you did.',
        todo: `Try again in a few minutes. ${TELL_THE_OPERATOR}`,
      };
  }
}

/**
 * The page a browser gets instead of `{"error":…}`: what happened and what to do, in words for people,
 * with the status and code at the bottom for whoever helps. It never shows a secret, a stack trace or
 * text the invoicing service sent: only the refusal's own message of a bad request is quoted.
 */
export function renderErrorPage(refusal: ErrorPageRefusal, context: ErrorPageContext): string {
  const words = wording(refusal, context);
  return renderPage({
    title: `${words.heading} · ${SERVICE_NAME}`,
    eyebrow: SERVICE_NAME,
    heading: words.heading,
    children: (
      <div class="panel message">
        <p class="paragraph">{words.what}</p>
        {words.details ? <p class="paragraph">{`Details: ${refusal.message}`}</p> : null}
        <p class="paragraph">{words.todo}</p>
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
