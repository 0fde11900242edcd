/**
 * Support tickets (issue 14) by who acts: signed-in customers, visitors (public tickets confirmed
 * by email), staff (the queue, assignment, internal notes, merges); the views and the writes they
 * share (SLA targets, messages, attachments) in views.ts and shared.ts, the rest in service-common.ts.
 */
export * from './service-common';
export * from './shared';
export * from './views';
export * from './customers';
export * from './visitors';
export * from './staff';
