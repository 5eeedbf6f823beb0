import { AppError } from '@app/common';
import { ORG_AUDIT_CSV_COLUMNS, type OrgAuditEntry } from '@app/contracts';
import type { AuditRecord, Caller, OrganizationContext } from './organization.ts';
import { workspaceFor } from './workspace.ts';

/** A page's cursor: the last entry's time and id (base64url of `<ISO time>|<id>`), opaque to clients. */
export function encodeAuditCursor(entry: { at: Date; id: string }): string {
  return Buffer.from(`${entry.at.toISOString()}|${entry.id}`, 'utf8').toString('base64url');
}

export function decodeAuditCursor(cursor: string): { at: Date; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([A-Za-z0-9-]{1,64})$/.exec(text);
  const at = match ? new Date(match[1]!) : null;
  if (!match || !at || Number.isNaN(at.getTime())) {
    throw AppError.badRequest('Invalid cursor', [{ path: ['cursor'], message: 'Invalid cursor' }]);
  }
  return { at, id: match[2]! };
}

export function toAuditView(entry: AuditRecord): OrgAuditEntry {
  return {
    id: entry.id,
    action: entry.action,
    actor: entry.actor,
    target: entry.target,
    details: entry.details,
    at: entry.at.toISOString(),
  };
}

/** Org admins: the audit log, newest first, a page at a time. */
export async function listAudit(
  ctx: OrganizationContext,
  caller: Caller,
  userId: string,
  slug: string,
  query: { cursor?: string | undefined; limit: number },
): Promise<{ items: OrgAuditEntry[]; nextCursor: string | null }> {
  const after = query.cursor === undefined ? null : decodeAuditCursor(query.cursor);
  const { org } = await workspaceFor(ctx, caller, userId, slug, 'viewAudit');
  // Entries still waiting on the organization (a crash between the two writes) join the log first.
  await ctx.audit.flushPending(org.id);
  // One more than asked says whether another page follows.
  const rows = await ctx.audit.page(org.id, { after, limit: query.limit + 1 });
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: items.map(toAuditView),
    nextCursor: rows.length > query.limit && last ? encodeAuditCursor(last) : null,
  };
}

/** One CSV row of an entry, in `ORG_AUDIT_CSV_COLUMNS` order; the details as JSON. */
export function auditCsvRow(entry: AuditRecord): string[] {
  const row: Record<(typeof ORG_AUDIT_CSV_COLUMNS)[number], string> = {
    at: entry.at.toISOString(),
    action: entry.action,
    actor: entry.actor.displayName,
    actorId: entry.actor.userId,
    target: entry.target,
    details: JSON.stringify(entry.details),
  };
  return ORG_AUDIT_CSV_COLUMNS.map((column) => row[column]);
}

/**
 * Org admins: the whole log for the CSV export, newest first, read page by page (the caller streams the
 * rows as they come). The file is named after the organization and the day.
 */
export async function exportAudit(
  ctx: OrganizationContext,
  caller: Caller,
  userId: string,
  slug: string,
): Promise<{ fileName: string; pages: AsyncGenerator<AuditRecord[]> }> {
  const { org } = await workspaceFor(ctx, caller, userId, slug, 'viewAudit');
  await ctx.audit.flushPending(org.id);
  const day = ctx.clock().toISOString().slice(0, 10);
  async function* pages(): AsyncGenerator<AuditRecord[]> {
    let after: { at: Date; id: string } | null = null;
    for (;;) {
      const rows = await ctx.audit.page(org.id, { after, limit: 500 });
      if (rows.length === 0) return;
      yield rows;
      const last = rows.at(-1)!;
      after = { at: last.at, id: last.id };
      if (rows.length < 500) return;
    }
  }
  return { fileName: `${org.slug}-audit-${day}.csv`, pages: pages() };
}
