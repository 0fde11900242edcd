// The leftovers module's door: what deleting a cluster would leave billable, and keeping some of it
// with the delete operation (issue 34).
export { keepStatements, reportLeftovers } from './service';
export { clusterLeftoversSchema, keepListSchema } from './schemas';
