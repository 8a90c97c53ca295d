import { Duration } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { METRICS_NAMESPACE, METRICS_SERVICE } from '../lib/metrics';

/** The period of every alarm and graph of the stack. */
export const METRIC_PERIOD = Duration.minutes(5);

/** A metric the functions publish through Powertools (`lib/metrics`), with its dimensions: `service` and these. */
export function projectMetric(
  metricName: string,
  options: { dimensions?: Record<string, string>; statistic?: string; label?: string } = {},
): Metric {
  return new Metric({
    namespace: METRICS_NAMESPACE,
    metricName,
    dimensionsMap: { service: METRICS_SERVICE, ...options.dimensions },
    statistic: options.statistic ?? 'Sum',
    period: METRIC_PERIOD,
    ...(options.label ? { label: options.label } : {}),
  });
}
