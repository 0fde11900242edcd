// The middlewares module's door: placing ordered middlewares, their instances once paid, and the
// crons' sweep and backups (ADR 31).
export { instanceStatements, startOrderInstances, startPendingAfter, startPendingInstances, takeScheduledBackups } from './lifecycle';
export { placeMiddlewareLines } from './placement';
