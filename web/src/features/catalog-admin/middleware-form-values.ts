import { z } from 'zod';
import { choicesOf, MIDDLEWARE_CATEGORY_LABELS } from './catalog-admin-options';
import type { AdminMiddleware, MiddlewareCategory, MiddlewareCreateInput, MiddlewareUpdateInput } from './catalog-admin-types';
import { changedFields, requiredText, sortOrderField, type NumberValue } from './form-fields';
import { fieldMap } from './server-errors';

/** The middleware form (its plans have their own). */
export type MiddlewareFormValues = {
  id: string;
  name: string;
  engine: string;
  category: MiddlewareCategory;
  description: string;
  /** Major versions, newest first; empty for a versionless service. */
  versions: string[];
  regionIds: string[];
  sortOrder: NumberValue;
};

export const middlewareFormSchema = z.object({
  id: z.string().trim(),
  name: requiredText('Name'),
  engine: requiredText('Engine'),
  category: z.enum(choicesOf(MIDDLEWARE_CATEGORY_LABELS)),
  description: requiredText('Description'),
  versions: z.array(z.string().trim()).max(20, 'At most 20 versions.'),
  regionIds: z.array(z.string()).min(1, 'Choose at least one region.'),
  sortOrder: sortOrderField(),
});

type ParsedMiddleware = z.output<typeof middlewareFormSchema>;
type MiddlewareFields = Omit<MiddlewareCreateInput, 'id'>;

function middlewareFields(middleware: ParsedMiddleware): MiddlewareFields {
  return {
    name: middleware.name,
    engine: middleware.engine,
    category: middleware.category,
    description: middleware.description,
    versions: middleware.versions,
    regionIds: middleware.regionIds,
    sortOrder: middleware.sortOrder,
  };
}

export function emptyMiddlewareValues(): MiddlewareFormValues {
  return { id: '', name: '', engine: '', category: 'database', description: '', versions: [], regionIds: [], sortOrder: '' };
}

export function middlewareValuesOf(middleware: AdminMiddleware): MiddlewareFormValues {
  return {
    id: middleware.id,
    name: middleware.name,
    engine: middleware.engine,
    category: middleware.category,
    description: middleware.description,
    versions: [...middleware.versions],
    regionIds: [...middleware.regionIds],
    sortOrder: middleware.sortOrder,
  };
}

export function middlewareCreateInput(middleware: ParsedMiddleware): MiddlewareCreateInput {
  return { id: middleware.id, ...middlewareFields(middleware) };
}

export function middlewareUpdateInput(stored: AdminMiddleware, middleware: ParsedMiddleware): MiddlewareUpdateInput {
  const before: MiddlewareFields = {
    name: stored.name,
    engine: stored.engine,
    category: stored.category,
    description: stored.description,
    versions: stored.versions,
    regionIds: stored.regionIds,
    sortOrder: stored.sortOrder,
  };
  return { id: stored.id, ...changedFields(before, middlewareFields(middleware)) };
}

export const middlewareFieldOf = fieldMap(Object.keys(emptyMiddlewareValues()));
