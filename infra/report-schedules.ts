import { Duration, Stack, TimeZone, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CfnFunction, type IFunction } from 'aws-cdk-lib/aws-lambda';
import {
  ContextAttribute,
  Schedule,
  ScheduleExpression,
  ScheduleTargetInput,
  TimeWindow,
} from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { AccountConfig, ScheduledReportEvent } from '../lib/config';

export interface ReportSchedulesProps {
  accounts: readonly AccountConfig[];
  /** The scheduled report function. */
  target: IFunction;
  /** Where an invocation goes when the scheduler gives up on it. */
  deadLetterQueue: IQueue;
}

/** How often, and for how long, the scheduler retries an invocation Lambda refused (throttling, say). */
export const SCHEDULER_RETRY_ATTEMPTS = 10;
export const SCHEDULER_MAX_EVENT_AGE = Duration.hours(6);

/**
 * One EventBridge Scheduler schedule per account: monthly, at the account's day and time in its own
 * time zone (Scheduler follows daylight saving; an EventBridge rule's cron is UTC only).
 */
export class ReportSchedules extends Construct {
  readonly schedules: ReadonlyMap<string, Schedule>;
  readonly role: Role;

  constructor(scope: Construct, id: string, props: ReportSchedulesProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.role = new Role(this, 'Role', {
      description: 'Lets EventBridge Scheduler start the monthly invoice reports',
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        // Only schedules of this account's default group may use the role (the confused-deputy guard).
        conditions: {
          StringEquals: {
            'aws:SourceAccount': stack.account,
            'aws:SourceArn': stack.formatArn({
              service: 'scheduler',
              resource: 'schedule-group',
              resourceName: 'default',
            }),
          },
        },
      }),
    });

    const schedules = new Map<string, Schedule>();
    for (const account of props.accounts) {
      const { dayOfMonth, hour, minute } = account.schedule;
      const event: ScheduledReportEvent = {
        account: account.name,
        // The month is read from when the schedule fired, not from when a retry happens to run.
        scheduledTime: ContextAttribute.scheduledTime,
      };
      const schedule = new Schedule(this, account.name, {
        description: `Monthly invoice report of ${account.name}: day ${dayOfMonth} at ${pad(hour)}:${pad(minute)} ${account.timezone}`,
        schedule: ScheduleExpression.cron({
          minute: String(minute),
          hour: String(hour),
          day: String(dayOfMonth),
          timeZone: TimeZone.of(account.timezone),
        }),
        timeWindow: TimeWindow.off(),
        target: new LambdaInvoke(props.target, {
          role: this.role,
          input: ScheduleTargetInput.fromObject(event),
          deadLetterQueue: props.deadLetterQueue,
          retryAttempts: SCHEDULER_RETRY_ATTEMPTS,
          maxEventAge: SCHEDULER_MAX_EVENT_AGE,
        }),
      });
      schedules.set(account.name, schedule);
    }
    this.schedules = schedules;

    Validations.of(this.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${stack.getLogicalId(functionResource(props.target))}.Arn>:*]`,
      reason:
        "The scheduler target's invoke grant also names the function's versions and aliases (`<function ARN>:*`); it reaches no other function.",
    });
  }
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** The CloudFormation resource of a function, whose logical id appears in cdk-nag's finding. */
function functionResource(fn: IFunction): CfnFunction {
  const resource = fn.node.defaultChild;
  if (!(resource instanceof CfnFunction))
    throw new Error(`${fn.node.path} is not a function defined in this app`);
  return resource;
}
