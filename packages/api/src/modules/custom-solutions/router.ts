import {
  CONTACT_PREFERENCES,
  CUSTOM_SOLUTION_CATEGORIES,
  CUSTOM_SOLUTION_STATUSES,
  customSolutionRequestInputSchema,
  customSolutionStaffUpdateInputSchema,
} from '@kubemarket/shared';
import { z } from 'zod';
import { idParam, pageInputFields } from '../../platform/contracts';
import { officerProcedure, orgProcedure, router } from '../../trpc';
import * as customSolutions from './service';

const TAGS: ['Custom solutions'] = ['Custom solutions'];

const person = z.object({ id: z.string(), name: z.string() });

const requestSchema = z.object({
  id: z.string().describe('The reference, e.g. csr_…'),
  subject: z.string(),
  category: z.enum(CUSTOM_SOLUTION_CATEGORIES),
  description: z.string(),
  scaleDetails: z.string().nullable(),
  expectedNodes: z.number().int().nullable(),
  monthlyBudgetCents: z.number().int().nullable().describe('EUR cents per month.'),
  desiredDate: z.string().nullable().describe('YYYY-MM-DD.'),
  contactPreference: z.enum(CONTACT_PREFERENCES),
  contactPhone: z.string().nullable(),
  status: z.enum(CUSTOM_SOLUTION_STATUSES),
  staffResponse: z.string().nullable().describe("The solutions team's answer."),
  respondedAt: z.number().int().nullable().describe('When the response was last written, UTC epoch ms.'),
  requestedBy: person.nullable().describe('Null when the account no longer exists.'),
  createdAt: z.number().int().describe('UTC epoch ms.'),
  updatedAt: z.number().int().describe('UTC epoch ms.'),
});

const staffRequestSchema = requestSchema.extend({
  requestedBy: person.extend({ email: z.string() }).nullable(),
  organization: z.object({ id: z.string(), name: z.string(), billingId: z.string() }),
  assignedTo: person.nullable().describe('The staff member handling it.'),
});

const page = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().describe('Requests matching, over every page.'),
    page: z.number().int(),
    pageSize: z.number().int(),
    pageCount: z.number().int(),
  });

const pageFields = pageInputFields(20);

export const customSolutionsRouter = router({
  // Sending a request is asking to buy something: the roles that may order.
  submit: orgProcedure('orders:write')
    .meta({ rest: { method: 'POST', path: '/api/custom-solutions', summary: 'Ask the solutions team for something the catalogue lacks', tags: TAGS, successStatus: 201 } })
    .input(customSolutionRequestInputSchema)
    .output(requestSchema)
    .mutation(({ ctx, input }) => customSolutions.submitRequest(ctx, input)),

  list: orgProcedure('orders:read')
    .meta({ rest: { method: 'GET', path: '/api/custom-solutions', summary: "Your organisation's custom solution requests, newest first", tags: TAGS } })
    .input(z.object(pageFields).default({ page: 1, pageSize: 20 }))
    .output(page(requestSchema))
    .query(({ ctx, input }) => customSolutions.listRequests(ctx, input)),

  get: orgProcedure('orders:read')
    .meta({ rest: { method: 'GET', path: '/api/custom-solutions/{id}', summary: 'One custom solution request of your organisation', tags: TAGS } })
    .input(z.object({ id: idParam('Request') }))
    .output(requestSchema)
    .query(({ ctx, input }) => customSolutions.getRequest(ctx, input.id)),

  // The solutions team's queue stays in the console: closed to API tokens.
  staffList: officerProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/custom-solutions', summary: "Every organisation's custom solution requests, by status and words", tags: TAGS, sessionOnly: true } })
    .input(
      z
        .object({
          status: z.enum(CUSTOM_SOLUTION_STATUSES, { error: `Status must be one of: ${CUSTOM_SOLUTION_STATUSES.join(', ')}.` }).optional(),
          q: z.string({ error: 'Search must be text.' }).trim().max(100, 'Search for at most 100 characters.').optional().describe('Words in the reference, subject, description, organisation or requester.'),
          ...pageFields,
        })
        .default({ page: 1, pageSize: 20 }),
    )
    .output(page(staffRequestSchema).extend({ statusCounts: z.record(z.enum(CUSTOM_SOLUTION_STATUSES), z.number().int()).describe('Requests in each status, over every organisation.') }))
    .query(({ ctx, input }) => customSolutions.staffListRequests(ctx, input)),

  staffUpdate: officerProcedure
    .meta({ rest: { method: 'PATCH', path: '/api/admin/custom-solutions/{id}', summary: 'Answer a custom solution request: status, response, assignment', tags: TAGS, sessionOnly: true } })
    .input(customSolutionStaffUpdateInputSchema)
    .output(staffRequestSchema)
    .mutation(({ ctx, input }) => customSolutions.staffUpdateRequest(ctx, input)),
});
