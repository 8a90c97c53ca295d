/** One thing that stands in the way of a deploy, or of the reports working after it, and its fix. */
export interface Finding {
  /** What was checked: `credentials`, `SES`, `secret invoice-reports/accounts/acme/api-key`. */
  subject: string;
  /** What is wrong, in a few words. */
  problem: string;
  /** What to do, with the command where there is one. */
  fix: string;
}

/** A finding as its one output line: `SES identity acme.example: not verified. Fix: ...`. */
export function findingLine(finding: Finding): string {
  return `${finding.subject}: ${finding.problem}. Fix: ${finding.fix}`;
}
