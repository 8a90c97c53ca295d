import { Duration, NestedStack, Stack, TimeZone } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  ContextAttribute,
  Schedule,
  ScheduleExpression,
  ScheduleTargetInput,
  TimeWindow,
} from 'aws-cdk-lib/aws-scheduler';
import { StepFunctionsStartExecution } from 'aws-cdk-lib/aws-scheduler-targets';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { type ScheduleSlot, scheduleClock } from '../lib/config';
import type { SlotEvent } from '../lib/pipeline';

/** Within CloudFormation's 500 resources a template; a thousand accounts may make two thousand slots. */
const SCHEDULES_PER_STACK = 400;

/**
 * One EventBridge Scheduler schedule per slot (Scheduler follows the zone's daylight saving; a rule's cron
 * is UTC only), starting the fan-out with the slot's id, in nested stacks of `SCHEDULES_PER_STACK`.
 */
export class ReportSchedules extends Construct {
  /** Each slot's schedule, by slot id. */
  readonly schedules = new Map<string, Schedule>();
  readonly stacks: NestedStack[] = [];

  constructor(
    scope: Construct,
    id: string,
    /** `target`: the fan-out each schedule starts. */
    props: { slots: readonly ScheduleSlot[]; target: IStateMachine; deadLetterQueue: IQueue },
  ) {
    super(scope, id);
    const stack = Stack.of(this);

    const role = new Role(this, 'Role', {
      description: 'Lets EventBridge Scheduler start the invoice reports of each schedule slot',
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

    props.slots.forEach((slot, index) => {
      if (index % SCHEDULES_PER_STACK === 0) {
        const last = Math.min(index + SCHEDULES_PER_STACK, props.slots.length);
        const description = `invoice reports: schedule slots ${index + 1} to ${last}`;
        this.stacks.push(new NestedStack(this, `Slots${this.stacks.length}`, { description }));
      }
      // When the schedule fired, not when a retry happens to run, decides the period.
      const event: SlotEvent = { slot: slot.id, scheduledTime: ContextAttribute.scheduledTime };
      const count = slot.accounts.length === 1 ? '1 account' : `${slot.accounts.length} accounts`;
      const when = slot.month === undefined ? `day ${slot.dayOfMonth}` : `${slot.dayOfMonth} January`;
      const kind = slot.periodKind === 'year' ? 'Yearly' : 'Monthly';
      // A plus sign is spelt out: `Etc/GMT+5` and `Etc/GMT-5` would otherwise share an id.
      const constructId = `Slot-${slot.id.replace(/\+/g, 'plus').replace(/[^A-Za-z0-9]+/g, '-')}`;
      const schedule = new Schedule(this.stacks.at(-1)!, constructId, {
        description: `${kind} invoice reports of ${count}: ${when} at ${scheduleClock(slot)} ${slot.timezone}`,
        schedule: ScheduleExpression.cron({
          minute: String(slot.minute),
          hour: String(slot.hour),
          day: String(slot.dayOfMonth),
          ...(slot.month === undefined ? {} : { month: String(slot.month) }),
          timeZone: TimeZone.of(slot.timezone),
        }),
        timeWindow: TimeWindow.off(),
        target: new StepFunctionsStartExecution(props.target, {
          role,
          input: ScheduleTargetInput.fromObject(event),
          deadLetterQueue: props.deadLetterQueue,
          retryAttempts: 10,
          maxEventAge: Duration.hours(6),
        }),
      });
      this.schedules.set(slot.id, schedule);
    });
  }
}
