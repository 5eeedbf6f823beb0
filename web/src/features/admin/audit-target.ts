import type { AuditEntry } from '@app/contracts';
import { msg, translate } from '../../i18n/i18n';

/** What the dashboard knows to name audit targets with: target type → id → name. */
export type AuditNames = Readonly<Record<AuditEntry['targetType'], ReadonlyMap<string, string>>>;

const TYPE_LABELS: Readonly<Record<AuditEntry['targetType'], string>> = {
  user: msg('User'),
  organization: msg('Organization'),
  'task-template': msg('Template'),
};

/**
 * The audit log's Target cell: "Organization Harbor Labs" when the name is known, "Organization 65f0…" (the
 * id) when the thing is gone or not loaded, and the type alone for creations (no id yet).
 */
export function auditTargetLabel(
  entry: Pick<AuditEntry, 'targetType' | 'targetId'>,
  names: AuditNames,
): string {
  const label = TYPE_LABELS[entry.targetType];
  const type = label ? translate(label) : entry.targetType;
  if (!entry.targetId) return type;
  return `${type} ${names[entry.targetType]?.get(entry.targetId) ?? entry.targetId}`;
}
