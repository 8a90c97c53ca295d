import type { Reconciliation, ReconciliationCheck, UncheckedCheck } from './model';
import { describeCheck } from './reconciliation-check';

/** Whether the listed figure lies between the service's figures before and after the lists were read. */
function liesBetween(before: ReconciliationCheck, after: ReconciliationCheck): boolean {
  const [low, high] = before.service.lt(after.service)
    ? [before.service, after.service]
    : [after.service, before.service];
  return after.computed.gte(low) && after.computed.lte(high);
}

/**
 * A reconciliation whose checks did not all agree, made again against the statistics asked for once the
 * lists had been read (`after`). Reading a month's lists takes a while, and the service's figures move
 * meanwhile: an invoice of the window's last days is paid, and the list shows it paid where the
 * statistics asked for first did not. Each check then agrees when it agrees with either answer; a
 * listed figure that lies between the two answers (some pages read before the change, some after) is
 * one that cannot be checked exactly, and is said so rather than called a difference. Only a figure
 * outside both answers is a difference.
 */
export function reconcileOverRead(before: Reconciliation, after: Reconciliation): Reconciliation {
  const earlier = new Map(before.checks.map((check) => [check.name, check]));
  const checks: ReconciliationCheck[] = [];
  const moved: UncheckedCheck[] = [];
  for (const check of after.checks) {
    const first = earlier.get(check.name);
    // Only the same comparison made twice (a currency compared in the same unit) is judged over both.
    if (check.ok || first === undefined || !first.computed.eq(check.computed)) {
      checks.push(check);
    } else if (first.ok) {
      checks.push(first);
    } else if (liesBetween(first, check)) {
      // In the check's own unit, as the checks table writes its figures.
      const unit = after.currencyUnit ?? 'fiat';
      const [was, now] = [describeCheck(first, unit), describeCheck(check, unit)];
      moved.push({
        name: check.name,
        reason: `The service's figure changed while its invoices were listed, from ${was.service} to ${now.service}; the listed ${now.computed} lies between the two.`,
      });
    } else {
      checks.push(check);
    }
  }
  return {
    ...after,
    ok: checks.every((check) => check.ok),
    checks,
    notChecked: [...after.notChecked, ...moved],
  };
}
