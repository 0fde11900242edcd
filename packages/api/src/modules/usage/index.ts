// The usage module's door: the hourly metering the crons and the seed run.
export { meterHour, meterUpTo, type MeteringDeps, type MeteringResult } from './metering';
