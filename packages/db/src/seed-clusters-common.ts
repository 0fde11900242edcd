

/**
 * The seeded clusters' lives: node pools and nodes, the provisioning that built each one (steps
 * timed within its order's timeline), what was done to them since, their activity, add-ons and
 * hibernation nights, as the operation engine and the simulator (packages/api) would have written
 * them. Step durations, node names and endpoints come from packages/shared like the simulator's;
 * the step plans are written out here (packages/db cannot import the API), and an API test holds
 * them equal to the simulator's.
 */

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Changes made after provisioning take a little longer than planned, as real ones do. */
export const LATER_OPERATION_PACE = 1.3;

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
