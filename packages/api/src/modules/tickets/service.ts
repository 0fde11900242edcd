/**
 * Support tickets (issue 14). Three audiences read the same rows: the organisation (its own
 * tickets, a 404 for any other), a visitor (a public ticket, by reference and email or by an
 * emailed link) and staff (every confirmed ticket). Internal notes exist only in staff answers:
 * customer queries never select them, and customer schemas cannot express them.
 */
// One file per audience: customers.ts, visitors.ts, staff.ts; the views and writes they share in
// views.ts and shared.ts; the rest in service-common.ts (issue 32).
export * from './service-common';
export * from './shared';
export * from './views';
export * from './customers';
export * from './visitors';
export * from './staff';
