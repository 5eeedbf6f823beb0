import type { RiskReason } from '@app/contracts';
import { translate } from '../../i18n/i18n';

/*
 * Issue 21: a risk reason's words, for the cohort dashboard, a mentor's ventures and a program's at-risk rules.
 * The answers' `text` (`riskReasonText`, @app/contracts) is always English, so the web words the reason again
 * from its kind and value, in the language active when it is shown. The value is written as the server writes
 * it (`{value}`, not `#`, which would group digits), so English stays byte-identical.
 */

/** One reason: "no activity for 14 days", "3 tasks overdue", … */
export function riskReasonLabel(reason: Pick<RiskReason, 'kind' | 'value'>): string {
  const { value } = reason;
  switch (reason.kind) {
    case 'inactive':
      return translate('no activity for {value} {value, plural, one {day} other {days}}', { value });
    case 'overdue':
      return translate('{value} {value, plural, one {task} other {tasks}} overdue', { value });
    case 'blocked':
      return translate('blocked for {value} {value, plural, one {day} other {days}}', { value });
    case 'belowMedian':
      return translate('{value} points below the cohort median at mid-program', { value });
  }
}

/** A venture's reasons, as one line. */
export function riskReasonsLine(reasons: ReadonlyArray<Pick<RiskReason, 'kind' | 'value'>>): string {
  return reasons.map(riskReasonLabel).join('; ');
}
