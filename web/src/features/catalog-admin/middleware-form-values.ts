import { z } from 'zod';
import { choicesOf, MIDDLEWARE_CATEGORY_LABELS } from './catalog-admin-options';
import type { AdminMiddleware, MiddlewareCreateInput, MiddlewareUpdateInput } from './catalog-admin-types';
import { catalogCodec, field, idAndName, sortOrder } from './form-codec';
import { requiredText } from './form-fields';

/** The middleware form (its plans have their own). */
export const middlewareCodec = catalogCodec<AdminMiddleware, MiddlewareCreateInput, MiddlewareUpdateInput>()({
  key: 'id',
  fields: {
    ...idAndName(),
    engine: field(requiredText('Engine'), ''),
    category: field(z.enum(choicesOf(MIDDLEWARE_CATEGORY_LABELS)), 'database'),
    description: field(requiredText('Description'), ''),
    /** Major versions, newest first; empty for a versionless service. */
    versions: field(z.array(z.string().trim()).max(20, 'At most 20 versions.'), []),
    regionIds: field(z.array(z.string()).min(1, 'Choose at least one region.'), []),
    sortOrder: sortOrder(),
  },
  saving: { noun: 'Middleware', procedures: (client) => client.catalogAdmin.middlewares },
});

export type MiddlewareFormValues = ReturnType<typeof middlewareCodec.empty>;
