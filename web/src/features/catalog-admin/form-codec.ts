import type { AppRouter } from '@kubemarket/api';
import type { TRPCClient } from '@trpc/client';
import { z } from 'zod';
import type { ChangeRequestInput } from './catalog-admin-types';
import { priceChangeDate, requiredText, sortOrderField, changedFields, type NumberValue } from './form-fields';
import { basisPointsToPercent, centsToEuros, millicentsToEuros } from './money';
import { fieldMap } from './server-errors';
import { epochToUtcDate, epochToUtcDateTime, utcDateTimeToEpoch, utcDateToEpoch } from './utc-dates';

/**
 * One description per catalogue entity, field by field, from which everything its form needs is
 * derived: the zod schema, the empty values of a new item, the values of a stored one, the create
 * input, the update input with only the fields that changed, and the map from the server's field
 * names to the form's. An entity declares only what is particular to it: its fields, its
 * cross-field rules (`refine`) and how its fields depend on each other when sent (`adjust`).
 */

/** One field of a catalogue form: how it is checked, its value in a new item, and its API field. */
export interface FormField<In, Out> {
  schema: z.ZodType<Out, In>;
  /** The value of a new item. */
  empty: In;
  /** The API's name of the field, where it differs from the form's. */
  api?: string;
  /** The form's value of the stored value (default: as it is, lists copied); gets the whole item too. */
  fromApi?(value: never, item: never): In;
  /** What is sent for the checked value (default: the value). */
  toApi?(value: Out): unknown;
  /** The stored value as the form can hold it, to tell whether it changed (default: as it is). */
  before?(value: never): unknown;
  /** Sent with every update and never stored as such (the date a price change applies from). */
  updateOnly?: boolean;
}

type AnyField = FormField<unknown, unknown>;
type Shape<F extends Record<string, AnyField>> = { [K in keyof F]: F[K]['schema'] };
/** The values a catalogue form holds. */
export type ValuesOf<F extends Record<string, AnyField>> = { [K in keyof F]: F[K]['empty'] };
type Unknown1 = (value: unknown, item?: unknown) => unknown;

/** A field whose form value is the API's value, under the same name unless `api` says otherwise. */
export const field = <In, Out>(schema: z.ZodType<Out, In>, empty: In, api?: string): FormField<In, Out> => ({ schema, empty, api });

/** A field the API may leave empty (null) and the form shows as an empty input. */
export const optionalField = <Out>(schema: z.ZodType<Out, NumberValue>, empty: NumberValue = ''): FormField<NumberValue, Out> => ({
  schema,
  empty,
  fromApi: (value: number | null) => value ?? '',
});

/** A field whose form value is converted from the API's unit; null stored, empty input. */
const converted =
  (toForm: (value: number) => number) =>
  <Out>(schema: z.ZodType<Out, NumberValue>, api: string, empty: NumberValue = ''): FormField<NumberValue, Out> => ({
    schema,
    empty,
    api,
    fromApi: (value: number | null) => (value === null ? '' : toForm(value)),
  });

/** Euros in the form, EUR cents in the API. */
export const cents = converted(centsToEuros);
/** A percentage in the form, basis points in the API. */
export const basisPoints = converted(basisPointsToPercent);
/** Euros to 5 decimals in the form, thousandths of a cent in the API; empty: the server derives it. */
export const millicents = <Out>(schema: z.ZodType<Out, NumberValue>, api: string): FormField<NumberValue, Out> => ({
  ...converted(millicentsToEuros)(schema, api),
  toApi: (value) => value ?? undefined,
});

/** A day (YYYY-MM-DD, UTC) in the form, epoch ms in the API; a time stored another hour that day is unchanged. */
export const utcDay = <Out>(schema: z.ZodType<Out, string>, api: string): FormField<string, Out> => ({
  schema,
  empty: '',
  api,
  fromApi: (value: number | null) => (value === null ? '' : epochToUtcDate(value)),
  before: (value: number | null) => (value === null ? null : utcDateToEpoch(epochToUtcDate(value))),
});

/** The form shows times to the minute: a stored time with seconds is unchanged when its minute is. */
const toMinute = (epoch: number) => utcDateTimeToEpoch(epochToUtcDateTime(epoch)) ?? epoch;

/** A time (YYYY-MM-DDTHH:mm, UTC) in the form, epoch ms in the API. */
export const utcMinute = <Out>(schema: z.ZodType<Out, string>): FormField<string, Out> => ({
  schema,
  empty: '',
  fromApi: (value: number | null) => (value === null ? '' : epochToUtcDateTime(value)),
  before: (value: number | null) => (value === null ? null : toMinute(value)),
});

/** The fields most items open with: the id, their key (a slug, fixed once created), and a required name. */
export const idAndName = () => ({ id: field(z.string().trim(), ''), name: field(requiredText('Name'), '') });

/** A position in the lists; empty keeps the current one (or puts a new item last). */
export const sortOrder = () => field(sortOrderField(), '' as NumberValue);

/** YYYY-MM-DD (UTC) when a price change applies; empty: at once. */
export const priceDate = (): FormField<string, number | undefined> => ({ schema: priceChangeDate(), empty: '', api: 'priceEffectiveFrom', fromApi: () => '', updateOnly: true });

/** A catalogue procedure that can be sent for approval (ADR 27). */
export type ApprovableProcedure = ChangeRequestInput['procedure'];

/** How an entity's form saves: its procedures, and the words of its toasts. */
export interface CatalogSaving<Create, Update, Saved> {
  /** What the item is: "Add-on saved", "Add-on created", "Add-on not saved". */
  noun: string;
  /** The toast's word for a new item, "created" unless told. */
  created?: string;
  /** The entity's create and update procedures on the tRPC client, e.g. `client.catalogAdmin.addons`. */
  procedures: (client: TRPCClient<AppRouter>) => { create: { mutate(input: Create): Promise<Saved> }; update: { mutate(input: Update): Promise<Saved> } };
  /** The saved item's name, for the toast: its `name` unless told. */
  nameOf?: (saved: Saved) => string;
  /**
   * The procedures the server can refuse with 412 because the change needs a second administrator
   * (a large price cut, a large promotion; ADR 27): the form then offers to send the same call for
   * approval with a reason.
   */
  approval?: { update: ApprovableProcedure; create?: ApprovableProcedure };
}

interface CodecSpec<Stored, Create, Update, Saved, F extends Record<string, AnyField>, Key extends keyof F & keyof Create & keyof Stored, S> {
  /** The field naming the item: sent on create, fixed afterwards. */
  key: Key;
  fields: F;
  /** The entity's rules across fields, on the schema of its fields. */
  refine?: (schema: z.ZodObject<Shape<F>>) => S;
  /** How the entity's fields depend on each other when sent (a GPU count only for a GPU flavour). */
  adjust?: (fields: Omit<Create, Key>, parsed: z.output<S>) => Omit<Create, Key>;
  saving: CatalogSaving<Create, Update, Saved>;
}

/**
 * The codec of an entity's form: `catalogCodec<AdminTier, TierCreateInput, TierUpdateInput>()({ … })`
 * (the item types given, the fields inferred).
 */
export function catalogCodec<Stored, Create, Update>() {
  return <F extends Record<string, AnyField>, Key extends keyof F & keyof Create & keyof Stored, Saved, S extends z.ZodType = z.ZodObject<Shape<F>>>(
    spec: CodecSpec<Stored, Create, Update, Saved, F, Key, S>,
  ) => {
    type Parsed = z.output<S>;
    const entries = Object.entries(spec.fields) as [string, AnyField][];
    const sent = entries.filter(([name, f]) => name !== spec.key && !f.updateOnly);
    const shape = Object.fromEntries(entries.map(([name, f]) => [name, f.schema])) as Shape<F>;
    const object = z.object(shape);
    // The refinements keep the object's input: the values the form holds.
    const schema = (spec.refine ? spec.refine(object) : object) as unknown as z.ZodType<Parsed, ValuesOf<F>>;
    const apiOf = (name: string, f: AnyField) => f.api ?? name;
    const read = (item: Stored, name: string, f: AnyField) => (item as Record<string, unknown>)[apiOf(name, f)];

    const apiFields = (parsed: Parsed): Omit<Create, Key> => {
      const values = parsed as Record<string, unknown>;
      const fields = Object.fromEntries(sent.map(([name, f]) => [apiOf(name, f), f.toApi ? f.toApi(values[name]) : values[name]])) as Omit<Create, Key>;
      return spec.adjust ? spec.adjust(fields, parsed) : fields;
    };
    const storedFields = (item: Stored) =>
      Object.fromEntries(sent.map(([name, f]) => [apiOf(name, f), f.before ? (f.before as Unknown1)(read(item, name, f)) : read(item, name, f)])) as Omit<Create, Key>;

    return {
      saving: spec.saving,
      schema,
      /** The values of a new item. */
      empty: (): ValuesOf<F> => Object.fromEntries(entries.map(([name, f]) => [name, f.empty])) as ValuesOf<F>,
      /** The values of a stored item, to edit it. */
      valuesOf: (item: Stored): ValuesOf<F> =>
        Object.fromEntries(
          entries.map(([name, f]) => {
            const value = read(item, name, f);
            return [name, f.fromApi ? (f.fromApi as Unknown1)(value, item) : Array.isArray(value) ? [...value] : value];
          }),
        ) as ValuesOf<F>,
      createInput: (parsed: Parsed): Create => ({ [spec.key]: (parsed as Record<string, unknown>)[spec.key as string], ...apiFields(parsed) }) as Create,
      /** Only what changed, so the audit log records the edit and nothing else. */
      updateInput: (item: Stored, parsed: Parsed): Update => {
        const always = entries.filter(([, f]) => f.updateOnly).map(([name, f]) => [apiOf(name, f), (parsed as Record<string, unknown>)[name]]);
        return { [spec.key]: item[spec.key], ...changedFields(storedFields(item), apiFields(parsed)), ...Object.fromEntries(always) } as Update;
      },
      /** The form field of an API field, for the server's field messages. */
      fieldOf: fieldMap(
        entries.map(([name]) => name),
        Object.fromEntries(entries.filter(([, f]) => f.api).map(([name, f]) => [f.api, name])),
      ),
    };
  };
}

/** What `catalogCodec` makes. */
export type CatalogCodec<Stored, Create, Update, Values, Parsed, Saved> = {
  saving: CatalogSaving<Create, Update, Saved>;
  schema: z.ZodType<Parsed, Values>;
  empty: () => Values;
  valuesOf: (item: Stored) => Values;
  createInput: (parsed: Parsed) => Create;
  updateInput: (item: Stored, parsed: Parsed) => Update;
  fieldOf: (apiField: string) => string | null;
};
