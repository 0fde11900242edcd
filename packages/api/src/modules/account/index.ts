// The account module's door: what other modules may call. Its router is mounted by root.ts.
export { assertPassword } from './service';
