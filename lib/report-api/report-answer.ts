import type { ReportFileName } from '../delivery';
import { isMonthId } from '../period';

/** The parts of the answer to `GET /reports/:account/:period`. */
export interface ReportAnswer {
  account: string;
  /** A month `2026-10`, a quarter `2026-Q3` or a year `2026`. */
  period: string;
  /** Whether the period had ended when the report was built (`summary.period.complete`). */
  complete: boolean;
  /** The instant its figures run to (`summary.period.asOf`). */
  asOf: string;
  /** When the report was built (the manifest's `generatedAt`). */
  generatedAt: string;
  /** The text of `summary.json`, a JSON object. */
  summaryJson: string;
  /** A signed link per file of the build, by file name. */
  files: Partial<Record<ReportFileName, string>>;
  /** When those links stop working. */
  linksExpireAt: string;
}

/**
 * The answer's JSON text, with `summary` spliced in as the saved text rather than parsed and
 * re-serialised: `JSON.parse` turns `0.00000095` into `9.5e-7` and rounds amounts past 17 digits,
 * and Node 20 has no `JSON.rawJSON` to keep them. A month's answer also carries `month`, the member it
 * has always had.
 * @example reportAnswerJson({ account: 'acme', period: '2026-10', complete: true, ... })
 * // '{"account":"acme","period":"2026-10","month":"2026-10","complete":true,"asOf":"…","generatedAt":"…",
 * //   "summary":{…},"files":{…},"linksExpireAt":"…"}'
 */
export function reportAnswerJson(answer: ReportAnswer): string {
  const member = (name: string, json: string) => `${JSON.stringify(name)}:${json}`;
  return `{${[
    member('account', JSON.stringify(answer.account)),
    member('period', JSON.stringify(answer.period)),
    ...(isMonthId(answer.period) ? [member('month', JSON.stringify(answer.period))] : []),
    member('complete', JSON.stringify(answer.complete)),
    member('asOf', JSON.stringify(answer.asOf)),
    member('generatedAt', JSON.stringify(answer.generatedAt)),
    member('summary', answer.summaryJson.trim()),
    member('files', JSON.stringify(answer.files)),
    member('linksExpireAt', JSON.stringify(answer.linksExpireAt)),
  ].join(',')}}`;
}
