import { Panel } from '../../render';
import { renderPage, SERVICE_NAME } from './page-frame';

const ROUTES: Array<[string, string]> = [
  ['GET /reports/<account>', 'the account’s reports, newest first'],
  ['GET /reports/<account>/<period>', 'a report’s figures and links to its files, built on first request'],
  ['GET /reports/<account>/<period>/<file>', 'a file of a report'],
  ['GET /health', 'whether the service runs'],
];

/** `GET /`: what the service is and where a person finds their reports; it names no account. */
export function renderHomePage(): string {
  return renderPage({
    title: SERVICE_NAME,
    eyebrow: SERVICE_NAME,
    heading: 'Invoice and payment reports',
    subtitle:
      'This service keeps the monthly invoice and payment reports of its merchants and emails each one to their accountants.',
    children: (
      <>
        <Panel heading="Your reports">
          <p class="paragraph">
            Open the “All reports” link in one of your report emails: it lists every month, quarter and year
            kept for your account, opens each report, and lets you ask for one that has not been built yet.
            Each email also links to its own report.
          </p>
          <p class="paragraph">
            Links from an email work for a limited time. When one has expired, the latest email has a fresh
            one.
          </p>
        </Panel>
        <Panel heading="For programs">
          <p class="paragraph">
            {
              'The same addresses answer JSON to a request with “Accept: application/json” and “Authorization: Bearer <token>”, where the token is an account’s own or the operator’s.'
            }
          </p>
          <ul class="paragraph">
            {ROUTES.map(([route, what]) => (
              <li>
                <code class="code">{route}</code>
                {`: ${what}`}
              </li>
            ))}
          </ul>
        </Panel>
      </>
    ),
  });
}
