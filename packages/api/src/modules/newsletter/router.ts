import { z } from 'zod';
import { emailRequestInputSchema, tokenInputSchema } from '@kubemarket/shared';
import { publicProcedure, router } from '../../trpc';
import { confirmSubscription, subscribe, unsubscribe } from './service';

export { NEWSLETTER_CONFIRM_TTL_MS } from './service';

const TAGS: ['Public site'] = ['Public site'];

export const newsletterRouter = router({
  /**
   * Double opt-in: mails a confirmation link. The answer is the same whatever the address's
   * state, so nobody can learn who is subscribed.
   */
  subscribe: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/newsletter/subscribe', summary: 'Subscribe to the newsletter (double opt-in)', tags: TAGS } })
    .input(emailRequestInputSchema)
    .output(z.object({ sent: z.literal(true) }))
    .mutation(({ ctx, input }) => subscribe(ctx, input)),

  /** Single use, valid 48 hours; mails the unsubscribe link. */
  confirm: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/newsletter/confirm', summary: 'Confirm a newsletter subscription', tags: TAGS } })
    .input(tokenInputSchema)
    .output(z.object({ confirmed: z.literal(true), email: z.string() }))
    .mutation(({ ctx, input }) => confirmSubscription(ctx, input)),

  /**
   * The link of the welcome email. The address is erased, as the newsletter page promises; the
   * row stays as a tombstone so a second click still says "unsubscribed" (with no address).
   */
  unsubscribe: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/newsletter/unsubscribe', summary: 'Unsubscribe and erase the address', tags: TAGS } })
    .input(tokenInputSchema)
    .output(z.object({ unsubscribed: z.literal(true), email: z.string().nullable() }))
    .mutation(({ ctx, input }) => unsubscribe(ctx, input)),
});
