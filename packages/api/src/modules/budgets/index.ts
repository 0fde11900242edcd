// The budgets module's door: the hourly evaluation the housekeeping cron runs after metering.
export { evaluateBudgets, type BudgetRun } from './evaluate';
