// Types of race-scenarios.mjs, for the TypeScript test that runs its scenarios (web/e2e/races.e2e.test.ts).

/** What one scenario fired and counted: answers by HTTP status (or 'network'), effects against the one allowed. */
export interface RaceRow {
  statuses: Record<string, number>;
  fired: number;
  ms: number;
  effects: number;
  allowed: number;
  effect: string;
}

/** A D1 binding's statements (a Worker's database, scripts/lib/worker-database.mjs). */
export interface D1Like {
  prepare(query: string): { bind(...values: unknown[]): { first(): Promise<unknown>; run(): Promise<unknown> } };
}

export function holds(row: RaceRow): boolean;
export function insertInvoice(db: D1Like, organizationId: string, options?: { totalCents?: number }): Promise<{ id: string; number: string }>;
export function raceScenarios(options: { origin: string; db: D1Like }): Record<string, (n: number) => Promise<RaceRow>>;
