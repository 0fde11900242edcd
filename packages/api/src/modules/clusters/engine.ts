/**
 * The cluster operation engine (ADR 6), one part a file (issue 32): an operation and the cluster it
 * changes as stored (engine-state.ts), starting and retrying one (engine-start.ts), running it step
 * by step through the provisioner port (engine-advance.ts), and telling members how it goes
 * (engine-progress.ts). The cluster operator (a Durable Object in the Worker, a loop in tests)
 * calls advanceOperation whenever the operation is due.
 */
export * from './engine-state';
export * from './engine-start';
export * from './engine-advance';
export * from './engine-progress';
