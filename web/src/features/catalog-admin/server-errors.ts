/** The server's field messages, split for the forms: the generic helper lives in lib/. */
export { fieldMap, serverProblems, type ServerProblems } from '../../lib/server-errors';
