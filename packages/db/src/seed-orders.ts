/**
 * The demo organisations orders (issue 32: split in two): the orders as a customer placed them,
 * with their payments and timelines (seed-orders-data.ts), and their quotes and rows as stored
 * (seed-order-rows.ts).
 */
export * from './seed-orders-data';
export * from './seed-order-rows';
