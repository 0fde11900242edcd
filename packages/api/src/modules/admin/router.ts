import { USER_ROLES } from '@kubemarket/db';
import { z } from 'zod';
import { idParam } from '../../platform/contracts';
import { adminProcedure, router } from '../../trpc';
import * as admin from './service';

const TAGS: ['Administration'] = ['Administration'];

// Staff actions stay in the console: closed to API tokens.
export const adminRouter = router({
  endUserSessions: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/users/{id}/end-sessions', summary: 'Sign a user out of every session', tags: TAGS, sessionOnly: true } })
    .input(z.object({ id: idParam('User') }))
    .output(z.object({ ended: z.number().int() }))
    .mutation(({ ctx, input }) => admin.endUserSessions(ctx, input.id)),

  setUserRole: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/admin/users/{id}/role', summary: "Lower a user's platform role (ends their sessions); promotions go through promotion requests", tags: TAGS, sessionOnly: true } })
    .input(z.object({ id: idParam('User'), role: z.enum(USER_ROLES, { error: `Role must be one of ${USER_ROLES.join(', ')}.` }) }))
    .output(z.object({ id: z.string(), role: z.enum(USER_ROLES), sessionsEnded: z.number().int() }))
    .mutation(({ ctx, input }) => admin.setUserRole(ctx, input.id, input.role)),
});
