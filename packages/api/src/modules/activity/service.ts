import { apiTokenUsage, auditLog, organizations, users } from '@kubemarket/db';
import { and, count, desc, eq, gte, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Context } from '../../context';
import { escapeLike } from '../../platform/sql-like';
import { CSV_MAX_ROWS, type ActivityEntry, type ActivityFilter } from './schemas';

type Db = Context['db'];

function conditions(filter: ActivityFilter & { organizationId?: string | undefined }): SQL | undefined {
  const actor = filter.actor?.toLowerCase();
  const action = filter.action?.toLowerCase();
  return and(
    filter.organizationId ? eq(auditLog.organizationId, filter.organizationId) : undefined,
    action ? or(eq(auditLog.action, action), sql`${auditLog.action} like ${`${escapeLike(action)}.%`} escape '\\'`) : undefined,
    actor
      ? or(
          sql`lower(${users.name}) like ${`%${escapeLike(actor)}%`} escape '\\'`,
          like(users.email, `%${actor}%`),
          like(users.username, `%${actor}%`),
          eq(auditLog.actorUserId, filter.actor!),
        )
      : undefined,
    filter.from != null ? gte(auditLog.createdAt, filter.from) : undefined,
    filter.to != null ? lt(auditLog.createdAt, filter.to) : undefined,
  );
}

function selectEntries(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      action: auditLog.action,
      actorUserId: auditLog.actorUserId,
      actorName: users.name,
      actorEmail: users.email,
      organizationId: auditLog.organizationId,
      organizationName: organizations.name,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      ipAddress: auditLog.ipAddress,
      metadata: auditLog.metadata,
      usage: { requests: apiTokenUsage.requests, rateLimited: apiTokenUsage.rateLimited, lastUsedAt: apiTokenUsage.lastUsedAt },
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(organizations, eq(organizations.id, auditLog.organizationId))
    // An API token's use is one entry per token and hour (its first request); the hour's count is read here.
    .leftJoin(
      apiTokenUsage,
      and(
        inArray(auditLog.action, ['token.used', 'token.rate_limited']),
        eq(apiTokenUsage.tokenId, auditLog.targetId),
        eq(apiTokenUsage.hourStart, sql`(${auditLog.createdAt} / 3600000) * 3600000`),
      ),
    )
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
}

type EntryRow = Awaited<ReturnType<typeof selectEntries>>[number];

/** The entry as shown: a token's hourly entry carries the hour's count (requests, or 429s) and its last use. */
function entryOf({ usage, ...row }: EntryRow): ActivityEntry {
  const metadata = row.metadata ?? null;
  if (!usage) return { ...row, metadata };
  const hourCount = row.action === 'token.used' ? usage.requests : usage.rateLimited;
  return { ...row, metadata: { ...metadata, count: hourCount, lastUsedAt: usage.lastUsedAt } };
}

/** One page, newest first; the organisation index (organization_id, created_at) serves it. */
export async function listActivity(db: Db, filter: ActivityFilter & { organizationId?: string | undefined }, page: number, pageSize: number) {
  const where = conditions(filter);
  const [rows, [total]] = await Promise.all([
    selectEntries(db, where).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ value: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorUserId)).where(where),
  ]);
  return { items: rows.map(entryOf), total: total?.value ?? 0, page, pageSize };
}

const CSV_COLUMNS: Array<[string, (entry: ActivityEntry) => string | number | null]> = [
  ['time_utc', (entry) => new Date(entry.createdAt).toISOString()],
  ['action', (entry) => entry.action],
  ['actor_id', (entry) => entry.actorUserId],
  ['actor_name', (entry) => entry.actorName],
  ['actor_email', (entry) => entry.actorEmail],
  ['organization_id', (entry) => entry.organizationId],
  ['organization', (entry) => entry.organizationName],
  ['target_type', (entry) => entry.targetType],
  ['target_id', (entry) => entry.targetId],
  ['ip_address', (entry) => entry.ipAddress],
  ['details', (entry) => (entry.metadata ? JSON.stringify(entry.metadata) : null)],
];

/**
 * RFC 4180 quoting, and a leading = + - @ (or tab, CR) neutralised with a quote: a spreadsheet must
 * not run a formula a customer typed into a name.
 */
export function csvCell(value: string | number | null): string {
  if (value == null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export async function activityCsv(db: Db, filter: ActivityFilter & { organizationId?: string | undefined }, now: number, label: string) {
  const rows = await selectEntries(db, conditions(filter)).limit(CSV_MAX_ROWS + 1);
  const truncated = rows.length > CSV_MAX_ROWS;
  const entries = rows.slice(0, CSV_MAX_ROWS).map(entryOf);
  const lines = [CSV_COLUMNS.map(([name]) => name).join(','), ...entries.map((entry) => CSV_COLUMNS.map(([, cell]) => csvCell(cell(entry))).join(','))];
  const day = new Date(now).toISOString().slice(0, 10);
  return { filename: `activity-${label}-${day}.csv`, csv: `${lines.join('\r\n')}\r\n`, rows: entries.length, truncated };
}
