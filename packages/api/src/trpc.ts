import { initTRPC, TRPCError } from '@trpc/server';
import type { Context, SessionUser } from './context';
import { publicErrorMessage } from './errors';

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    return { ...shape, message: publicErrorMessage(error) };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

export const publicProcedure = t.procedure;

export const protectedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

function requireRole(allowed: ReadonlyArray<SessionUser['role']>) {
  return protectedProcedure.use(({ ctx, next }) => {
    if (!allowed.includes(ctx.user.role)) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'You do not have permission to do this.' });
    }
    return next();
  });
}

/** Roles that may open the Officers Panel. */
export const STAFF_ROLES: ReadonlyArray<SessionUser['role']> = ['officer', 'admin', 'super_admin'];

export const officerProcedure = requireRole(STAFF_ROLES);
export const adminProcedure = requireRole(['admin', 'super_admin']);
export const superAdminProcedure = requireRole(['super_admin']);
