// The budgets feature's door (API module `budgets`): the Budgets section of /billing.
export { BudgetsSection } from './budgets-section';
