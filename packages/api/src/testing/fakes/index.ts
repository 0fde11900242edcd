/** Local stand-ins for the outside services the adapters speak to, each checking requests as the real API would. */
export * from './clouds';
export * from './gardener';
export * from './stripe';
export * from './vies';
