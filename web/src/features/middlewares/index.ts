// The middlewares feature's door: a managed middleware's page (/middlewares/{id}: connection,
// credentials, backups, resize, deletion, live progress), the organisation's list of them, and
// ordering a plan with where it runs.
export { MiddlewareInstancePage } from './middleware-instance-page';
export { MiddlewareInstancesTable, YourMiddlewares } from './middleware-list';
export { OrderMiddleware } from './order-middleware';
