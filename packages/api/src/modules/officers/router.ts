import { z } from 'zod';
import { publicProcedure, router, STAFF_ROLES } from '../../trpc';

export const officersRouter = router({
  /** docs/product/entities.md#client-side-records: a plain boolean; false when anonymous, so the header can always ask. */
  checkAccess: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/officers/check-access', summary: 'Whether the caller may open the Officers Panel', tags: ['Staff'] } })
    .output(z.boolean())
    .query(({ ctx }) => ctx.user !== null && STAFF_ROLES.includes(ctx.user.role)),
});
