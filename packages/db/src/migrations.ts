/** Splits a drizzle-kit migration file into statements, as wrangler and D1 execute them. */
export function splitMigration(sqlText: string): string[] {
  return sqlText
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
}
