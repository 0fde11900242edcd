import { z } from 'zod';

/** A support ticket's fields, as the server checks them and the forms check them before sending. */
export const ticketSubjectSchema = z.string({ error: 'Subject is required.' }).trim().min(3, 'Subject must be at least 3 characters.').max(200, 'Subject must be at most 200 characters.');

export const ticketDescriptionSchema = z
  .string({ error: 'Description is required.' })
  .trim()
  .min(10, 'Describe the problem in at least 10 characters.')
  .max(20_000, 'Description must be at most 20000 characters.')
  .describe('Markdown.');

export const ticketMessageSchema = z.string({ error: 'Message is required.' }).trim().min(1, 'Write a message.').max(20_000, 'A message must be at most 20000 characters.').describe('Markdown.');

export const ticketEmailSchema = z.string({ error: 'Email is required.' }).trim().toLowerCase().pipe(z.email('Enter a valid email address.')).pipe(z.string().max(254, 'Email is too long.'));

/** A visitor's ticket on /submit-ticket, without its category and severity (chosen from lists). */
export const publicTicketFormSchema = z.object({
  name: z.string({ error: 'Name is required.' }).trim().min(1, 'Name is required.').max(120, 'Name must be at most 120 characters.'),
  email: ticketEmailSchema,
  subject: ticketSubjectSchema,
  description: ticketDescriptionSchema,
});

/** Looking a ticket up on /track-ticket by its reference and the address it was opened with. */
export const ticketTrackInputSchema = z.object({
  reference: z.string({ error: 'Reference is required.' }).trim().toUpperCase().regex(/^KM-T-\d{5,8}$/, 'A reference looks like KM-T-48213.'),
  email: ticketEmailSchema,
});
