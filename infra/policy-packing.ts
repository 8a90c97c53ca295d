import type { IConstruct } from 'constructs';
import { policyCharacters } from './deployment-limits';

/**
 * Splits `resources` into groups of one statement each: the first within `firstBudget` characters (an
 * inline policy's room), the others within `budget`, counted as IAM does (`policyCharacters`) with the
 * document around the statement. The first group may be empty.
 */
export function packResources(
  scope: IConstruct,
  resources: readonly string[],
  statementOf: (resources: string[]) => unknown,
  budgets: { firstBudget: number; budget: number },
): string[][] {
  const documentOf = (group: string[]) => ({ Version: '2012-10-17', Statement: [statementOf(group)] });
  // The document with two placeholder resources, less them: the frame every group pays once.
  const frame = policyCharacters(scope, documentOf(['', ''])) - '"",""'.length;
  const groups: string[][] = [[]];
  let used = frame;
  let budget = budgets.firstBudget;
  for (const resource of resources) {
    const characters = policyCharacters(scope, resource) + 1;
    const current = groups[groups.length - 1]!;
    if (used + characters > budget && (current.length > 0 || groups.length === 1)) {
      groups.push([]);
      used = frame;
      budget = budgets.budget;
    }
    groups[groups.length - 1]!.push(resource);
    used += characters;
  }
  return groups;
}
