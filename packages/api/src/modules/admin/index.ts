// The admin module's door: ending a user's sessions, which staff-users reuses.
export { endUserSessions } from './service';
