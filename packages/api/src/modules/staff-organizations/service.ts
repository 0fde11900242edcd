/**
 * Staff pages of customer organisations (issue 15) in two parts: the organisations themselves
 * (lists, the detail page, settings, billing country) in organizations.ts, and bank transfers
 * recorded against orders and invoices in transfers.ts.
 */
export * from './organizations';
export * from './transfers';
