import type { ReportFileName } from '../report-files';

/** The parts of the answer to `GET /reports/:account/:month`. */
export interface MonthAnswer {
  account: string;
  month: string;
  /** When the report was built (the manifest's `generatedAt`). */
  generatedAt: string;
  /** The text of `summary.json`, a JSON object. */
  summaryJson: string;
  /** A signed link per file, by file name. */
  files: Record<ReportFileName, string>;
  /** When those links stop working. */
  linksExpireAt: string;
}

/**
 * The answer's JSON text, with `summary` spliced in as the saved text rather than parsed and
 * re-serialised: `JSON.parse` turns `0.00000095` into `9.5e-7` and rounds amounts past 17 digits,
 * and Node 20 has no `JSON.rawJSON` to keep them.
 * @example monthAnswerJson({ account: 'acme', month: '2026-10', ... })
 * // '{"account":"acme","month":"2026-10","generatedAt":"…","summary":{…},"files":{…},"linksExpireAt":"…"}'
 */
export function monthAnswerJson(answer: MonthAnswer): string {
  const member = (name: string, json: string) => `${JSON.stringify(name)}:${json}`;
  return `{${[
    member('account', JSON.stringify(answer.account)),
    member('month', JSON.stringify(answer.month)),
    member('generatedAt', JSON.stringify(answer.generatedAt)),
    member('summary', answer.summaryJson.trim()),
    member('files', JSON.stringify(answer.files)),
    member('linksExpireAt', JSON.stringify(answer.linksExpireAt)),
  ].join(',')}}`;
}
