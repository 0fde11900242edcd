import { orgProcedure, router } from '../../trpc';
import { keptLeftoverListSchema, leftoverIdInput, removedLeftoverSchema } from './schemas';
import * as leftovers from './service';

const TAGS: ['Leftovers'] = ['Leftovers'];

/**
 * What deleted clusters left billable because the organisation kept it (issue 34). Every member
 * reads it (it is on /billing); whoever may delete clusters may remove what deleting one kept.
 */
export const leftoversRouter = router({
  list: orgProcedure('clusters:read')
    .meta({
      rest: {
        method: 'GET',
        path: '/api/leftovers',
        summary: 'What your organisation kept when deleting clusters (load balancers, volumes, backups, snapshots), each with its monthly price',
        description: 'Each is billed hourly (usage kind leftover) from the end of its cluster\'s deletion until it is removed.',
        tags: TAGS,
      },
    })
    .output(keptLeftoverListSchema)
    .query(({ ctx }) => leftovers.listKept(ctx)),

  remove: orgProcedure('clusters:write')
    .meta({
      rest: {
        method: 'DELETE',
        path: '/api/leftovers/{id}',
        summary: 'Delete a resource kept after its cluster was deleted: its billing stops this hour',
        description: 'Answers 409 when it was already removed (two removals act once).',
        tags: TAGS,
        errors: ['conflict'],
      },
    })
    .input(leftoverIdInput)
    .output(removedLeftoverSchema)
    .mutation(({ ctx, input }) => leftovers.removeKept(ctx, input.id)),
});
