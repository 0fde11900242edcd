// The Worker tests' entry: the app's Worker (worker/src/index.ts) with the NotificationHub class
// beside it. Deployed, the hubs are a Worker of their own (worker/src/hub.ts, ADR 52), bound by
// script name; here the test pool runs them in the app's runtime instead (vitest.config.ts binds
// the class locally), so that the tests can open a hub's state (runInDurableObject), evict it and
// clear it between files, as they do every other Durable Object.
export * from '../src/index';
export { default } from '../src/index';
export { NotificationHub } from '../src/notification-hub';
