import type { ReportSummary } from '../../report';
import { formatInstant } from '../../report';
import { look, type Variant } from './looks';

/** The host a report's data came from (`api.example.com`), never the whole address; null if unreadable. */
export function sourceHost(apiUrl: string): string | null {
  try {
    return new URL(apiUrl).host || null;
  } catch {
    return null;
  }
}

/** When and from where the report was made: `Made 1 Nov 2026, 06:00 (Europe/Berlin) from the data of api.example.com.` */
export function provenance(summary: ReportSummary): string {
  const host = sourceHost(summary.source.apiUrl);
  const made = `Made ${formatInstant(summary.generatedAt, summary.period.timezone)}`;
  return host === null ? `${made}.` : `${made} from the data of ${host}.`;
}

/** When and from where the report was made. */
export function ReportFooter({ variant, summary }: { variant: Variant; summary: ReportSummary }) {
  return (
    <p {...look(variant, 'footer')}>
      {provenance(summary)}
      {' Amounts in USD are the service’s USD values; crypto amounts keep every digit.'}
    </p>
  );
}
