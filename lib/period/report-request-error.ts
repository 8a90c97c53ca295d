/**
 * A request for a report that cannot be met as asked: a malformed period, an unknown time zone, a period
 * that has not begun (and, from the report builder, a bad project id or API URL). The report API answers
 * it with 400 and the CLI exits 2; its message says what is wrong and never holds a secret.
 */
export class ReportRequestError extends Error {
  override readonly name = 'ReportRequestError';
}
