import { Duration } from 'aws-cdk-lib';
import {
  type Alarm,
  AlarmStatusWidget,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { METRIC_NAMES, REPORT_TRIGGERS, type StatusClass } from '../lib/metrics';
import type { PeriodKind } from '../lib/period';
import { METRIC_PERIOD, projectMetric } from './project-metric';

export interface ReportDashboardProps {
  /** The functions, by the name their graphs use. */
  functions: Readonly<Record<string, IFunction>>;
  fanOut: IStateMachine;
  deadLetterQueue: IQueue;
  alarms: readonly Alarm[];
}

export const DASHBOARD_NAME = 'InvoiceReports';

const PERIOD_KINDS: readonly PeriodKind[] = ['month', 'quarter', 'year'];
const STATUS_CLASSES: readonly StatusClass[] = ['2xx', '3xx', '4xx', '5xx'];
const WIDTH = 8;
const HEIGHT = 6;

/** The metric for each kind of period and each trigger: builds are published with those dimensions. */
function perBuild(metricName: string, statistic: string): IMetric[] {
  return PERIOD_KINDS.flatMap((kind) =>
    REPORT_TRIGGERS.map((trigger) =>
      projectMetric(metricName, { dimensions: { kind, trigger }, statistic, label: `${kind}, ${trigger}` }),
    ),
  );
}

/** One CloudWatch dashboard: the alarms' states, reports and emails, the report API, the functions, the fan-out. */
export class ReportDashboard extends Construct {
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: ReportDashboardProps) {
    super(scope, id);
    const graph = (title: string, left: IMetric[], options: { stacked?: boolean; right?: IMetric[] } = {}) =>
      new GraphWidget({ title, left, width: WIDTH, height: HEIGHT, period: METRIC_PERIOD, ...options });
    const labelled = (metricName: string, label: string) => projectMetric(metricName, { label });
    const perFunction = (metric: 'metricErrors' | 'metricDuration' | 'metricThrottles', statistic?: string) =>
      Object.entries(props.functions).map(([name, fn]) =>
        fn[metric]({ period: METRIC_PERIOD, label: name, ...(statistic ? { statistic } : {}) }),
      );

    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: DASHBOARD_NAME,
      defaultInterval: Duration.days(7),
    });
    this.dashboard.addWidgets(
      new AlarmStatusWidget({ title: 'Alarms', alarms: [...props.alarms], width: 3 * WIDTH, height: 4 }),
    );
    this.dashboard.addWidgets(
      graph('Reports built, by period and trigger', perBuild(METRIC_NAMES.reportsBuilt, 'Sum'), {
        stacked: true,
      }),
      graph('Build time, longest (seconds)', perBuild(METRIC_NAMES.buildSeconds, 'Maximum')),
      graph(
        'Records fetched; reconciliation differences',
        [labelled(METRIC_NAMES.recordsFetched, 'records fetched')],
        {
          right: [labelled(METRIC_NAMES.reconciliationDifferences, 'reconciliation differences')],
        },
      ),
    );
    this.dashboard.addWidgets(
      graph('Emails', [
        labelled(METRIC_NAMES.emailsSent, 'sent'),
        labelled(METRIC_NAMES.emailsAlreadySent, 'already sent'),
        labelled(METRIC_NAMES.emailsUnconfirmed, 'unconfirmed'),
      ]),
      graph(
        'Report API answers, by status class',
        STATUS_CLASSES.map((statusClass) =>
          projectMetric(METRIC_NAMES.apiAnswers, { dimensions: { statusClass }, label: statusClass }),
        ),
        { stacked: true },
      ),
      graph('Fan-out executions and dead letters', [
        props.fanOut.metricSucceeded({ period: METRIC_PERIOD, label: 'slots succeeded' }),
        new MathExpression({
          expression: 'failed + timedOut',
          usingMetrics: {
            failed: props.fanOut.metricFailed({ period: METRIC_PERIOD }),
            timedOut: props.fanOut.metricTimedOut({ period: METRIC_PERIOD }),
          },
          label: 'slots failed or timed out',
          period: METRIC_PERIOD,
        }),
        props.deadLetterQueue.metricNumberOfMessagesSent({ period: METRIC_PERIOD, label: 'dead letters' }),
      ]),
    );
    this.dashboard.addWidgets(
      graph('Function errors', perFunction('metricErrors')),
      graph('Function duration, longest (ms)', perFunction('metricDuration', 'Maximum')),
      graph('Function throttles', perFunction('metricThrottles')),
    );
  }
}
