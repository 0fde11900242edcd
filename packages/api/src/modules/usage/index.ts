// The usage module's door: the hourly metering the crons and the seed run, and the month's forecast
// every screen (and budgets) reads.
export { meterHour, meterUpTo, type MeteringDeps, type MeteringResult } from './metering';
export { forecastOf, forecastView, type ForecastScope } from './forecast';
export { forecastOutput } from './schemas';
// The carbon model on metered hours (ADR 39), for the monthly invoice's annex.
export { meteredCarbon } from './carbon';
