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
import type { ScheduleSlot } from '../lib/config';
import type { SlotEvent } from '../lib/pipeline';

export interface ReportSchedulesProps {
  /** The deployment's schedule slots (`scheduleSlots`). */
  slots: readonly ScheduleSlot[];
  /** The fan-out each schedule starts. */
  target: IStateMachine;
  /** Where a start goes when the scheduler gives up on it. */
  deadLetterQueue: IQueue;
}

/** How often, and for how long, the scheduler retries a start Step Functions refused (throttling, say). */
export const SCHEDULER_RETRY_ATTEMPTS = 10;
export const SCHEDULER_MAX_EVENT_AGE = Duration.hours(6);

/**
 * Schedules per nested stack: CloudFormation allows 500 resources in a template, and a thousand accounts
 * in as many different zones and times would make a thousand slots (two thousand with yearly reports).
 */
export const SCHEDULES_PER_STACK = 400;

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A construct id for a slot: its id with what a logical id cannot hold turned into hyphens. A plus sign
 * is spelt out first: `Etc/GMT+5` and `Etc/GMT-5` are different zones (UTC-5 and UTC+5), whose slots
 * would otherwise share an id and fail synthesis.
 */
function constructIdOf(slot: ScheduleSlot): string {
  return `Slot-${slot.id.replace(/\+/g, 'plus').replace(/[^A-Za-z0-9]+/g, '-')}`;
}

function describe(slot: ScheduleSlot): string {
  const count = slot.accounts.length === 1 ? '1 account' : `${slot.accounts.length} accounts`;
  const when = slot.month === undefined ? `day ${slot.dayOfMonth}` : `${slot.dayOfMonth} January`;
  return `${slot.periodKind === 'year' ? 'Yearly' : 'Monthly'} invoice reports of ${count}: ${when} at ${pad(slot.hour)}:${pad(slot.minute)} ${slot.timezone}`;
}

/**
 * One EventBridge Scheduler schedule per schedule slot (a local time in a time zone, monthly or in
 * January), which starts the fan-out with the slot's id. Scheduler follows the zone's daylight saving;
 * an EventBridge rule's cron is UTC only. The schedules live in nested stacks of `SCHEDULES_PER_STACK`,
 * so that no template outgrows CloudFormation's 500 resources however many slots there are.
 */
export class ReportSchedules extends Construct {
  /** Each slot's schedule, by slot id. */
  readonly schedules: ReadonlyMap<string, Schedule>;
  readonly stacks: readonly NestedStack[];
  readonly role: Role;

  constructor(scope: Construct, id: string, props: ReportSchedulesProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.role = new Role(this, 'Role', {
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

    const schedules = new Map<string, Schedule>();
    const stacks: NestedStack[] = [];
    for (let first = 0; first < props.slots.length; first += SCHEDULES_PER_STACK) {
      const slots = props.slots.slice(first, first + SCHEDULES_PER_STACK);
      const nested = new NestedStack(this, `Slots${stacks.length}`, {
        description: `invoice reports: schedule slots ${first + 1} to ${first + slots.length}`,
      });
      stacks.push(nested);
      for (const slot of slots) schedules.set(slot.id, this.scheduleOf(nested, slot, props));
    }
    this.schedules = schedules;
    this.stacks = stacks;
  }

  private scheduleOf(scope: Construct, slot: ScheduleSlot, props: ReportSchedulesProps): Schedule {
    const event: SlotEvent = {
      slot: slot.id,
      // The period is read from when the schedule fired, not from when a retry happens to run.
      scheduledTime: ContextAttribute.scheduledTime,
    };
    return new Schedule(scope, constructIdOf(slot), {
      description: describe(slot),
      schedule: ScheduleExpression.cron({
        minute: String(slot.minute),
        hour: String(slot.hour),
        day: String(slot.dayOfMonth),
        ...(slot.month === undefined ? {} : { month: String(slot.month) }),
        timeZone: TimeZone.of(slot.timezone),
      }),
      timeWindow: TimeWindow.off(),
      target: new StepFunctionsStartExecution(props.target, {
        role: this.role,
        input: ScheduleTargetInput.fromObject(event),
        deadLetterQueue: props.deadLetterQueue,
        retryAttempts: SCHEDULER_RETRY_ATTEMPTS,
        maxEventAge: SCHEDULER_MAX_EVENT_AGE,
      }),
    });
  }
}
