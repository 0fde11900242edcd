export { appRouter, createCaller, type AppRouter } from './root';
export {
  createContext,
  systemClock,
  type AppConfig,
  type Context,
  type CreateContextOptions,
  type Environment,
  type Ports,
  type SessionUser,
} from './context';
export { publicErrorMessage } from './errors';
export type { PublicClusterTier } from './routers/catalog';
