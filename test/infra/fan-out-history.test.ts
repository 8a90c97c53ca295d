import { Stack } from 'aws-cdk-lib';
import type { CfnStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../infra/create-app';
import { AWS_LIMITS, atMostAsLong } from '../../infra/deployment-limits';
import { testAppProps } from './test-app';

/** Step Functions: the events one Standard execution's history holds; the execution fails at the next. */
const HISTORY_EVENTS = 25_000;

interface Retrier {
  ErrorEquals: string[];
  MaxAttempts?: number;
}
interface AslState {
  Type: string;
  Next?: string;
  Default?: string;
  Choices?: { Next: string }[];
  Retry?: Retrier[];
  Catch?: { ErrorEquals: string[]; Next: string }[];
  ItemProcessor?: { StartAt: string; States: Record<string, AslState> };
}
interface Asl {
  StartAt: string;
  States: Record<string, AslState>;
}

/** What each attempt at a task ends in: an error name, or `undefined` for success. */
type Attempts = (state: string, attempt: number) => string | undefined;

const matches = (names: string[], error: string) => names.includes(error) || names.includes('States.ALL');

/**
 * The history events of one pass through `states` from `start`, as Step Functions records them: a task
 * `TaskStateEntered`, per attempt its scheduled, started and succeeded (or failed) events, then
 * `TaskStateExited` (also when a catcher takes it on); a pass state entered and exited. Retriers are
 * tried in order, the first whose `ErrorEquals` matches decides, each with its own count (`MaxAttempts`
 * 3 when absent); an error no retrier takes further goes to the first matching catcher.
 */
function passEvents(states: Record<string, AslState>, start: string, attempts: Attempts): number {
  let events = 0;
  let name: string | undefined = start;
  while (name !== undefined) {
    const state: AslState = states[name]!;
    if (state.Type === 'Pass') {
      events += 2;
      name = state.Next;
      continue;
    }
    expect(state.Type, name).toBe('Task');
    events += 1;
    const retried = new Map<number, number>();
    let next: string | undefined;
    for (let attempt = 1; ; attempt++) {
      events += 3;
      const error = attempts(name, attempt);
      if (error === undefined) {
        next = state.Next;
        break;
      }
      const index = (state.Retry ?? []).findIndex((retrier) => matches(retrier.ErrorEquals, error));
      const retrier = state.Retry?.[index];
      const used = retried.get(index) ?? 0;
      if (retrier !== undefined && used < (retrier.MaxAttempts ?? 3)) {
        retried.set(index, used + 1);
        continue;
      }
      const catcher = state.Catch?.find((each) => matches(each.ErrorEquals, error));
      if (catcher === undefined) throw new Error(`${name} fails the iteration with ${error}`);
      next = catcher.Next;
      break;
    }
    events += 1;
    name = next;
  }
  return events;
}

describe("the fan-out's execution history, walked on the synthesized state machine", () => {
  let definition: Asl;
  let iteration: (attempts: Attempts) => number;

  beforeAll(() => {
    const { stack } = createApp(testAppProps());
    const resource = stack.fanOut.stateMachine.node.defaultChild as CfnStateMachine;
    definition = JSON.parse(atMostAsLong(Stack.of(stack).resolve(resource.definitionString)) as string);
    const map = definition.States.EachAccount!;
    iteration = (attempts) =>
      // MapIterationStarted and MapIterationSucceeded around the run.
      2 + passEvents(map.ItemProcessor!.States, map.ItemProcessor!.StartAt, attempts);
  });

  it('counts 9 events for a run that succeeds and 20 for one dead-lettered after its two retries', () => {
    expect(iteration(() => undefined)).toBe(9);
    expect(iteration((state) => (state === 'RunReport' ? 'InvoicingServerError' : undefined))).toBe(20);
  });

  /** ExecutionStarted; Dispatch entered, scheduled, started, succeeded, exited; the Map entered, started, succeeded, exited; the choice entered and exited; the end state entered; the execution's end. */
  const REST = 1 + 5 + 4 + 2 + 1 + 1;

  it('holds a slot of the most accounts allowed whose every run fails and is dead-lettered', () => {
    const perAccount = iteration((state) => (state === 'RunReport' ? 'InvoicingServerError' : undefined));
    expect(AWS_LIMITS.accountsPerSlot * perAccount + REST).toBeLessThanOrEqual(HISTORY_EVENTS);
  });

  it('counts 29 events for an account whose dead letter cannot be sent either, as the README says', () => {
    const perAccount = iteration((state) =>
      state === 'RunReport' ? 'InvoicingServerError' : 'SQS.AmazonSQSException',
    );
    // Three attempts at the run and four at the dead letter, each 3 events, with 2 + 2 entered and
    // exited, the outcome's pass state 2 and the iteration 2: 9 + 12 + 4 + 2 + 2. A slot runs out of
    // history after (25,000 - 14) / 29 = 861 such accounts.
    expect(perAccount).toBe(29);
    expect(Math.floor((HISTORY_EVENTS - REST) / perAccount)).toBe(861);
  });
});
