import { AVAILABILITY_TARGETS, DATA_SENSITIVITIES, DEPLOYMENT_ENVIRONMENTS, suggestionsInputSchema, WORKLOAD_KINDS } from '@kubemarket/shared';
import type { SuggestionsInput } from '@kubemarket/shared';
import { z } from 'zod';

/**
 * The questionnaire in its three forms: the address (short names, so a link can be read and
 * shared), the form's values (what Mantine inputs hold) and the procedure's input (the shared
 * schema, whose messages the form shows).
 */

/**
 * The answers in the address: ?workload=ai&env=production,staging&nodes=3&data=health&sla=99.9&budget=2000&region=fr-par-1.
 * The router reads numbers as numbers (and 99.9 stays unquoted), anything else as text; values are
 * only trusted once the questionnaire's schema has read them.
 */
export interface SuggestionsSearch {
  workload?: string | number;
  /** Comma-separated environments. */
  env?: string | number;
  nodes?: string | number;
  data?: string | number;
  /** 99.5, 99.9, 99.95 or best-effort. */
  sla?: string | number;
  budget?: string | number;
  region?: string | number;
}

export type QuestionnaireValues = {
  workload: string | null;
  environments: string[];
  /** NumberInput's value: a number, or text while being typed ('' when empty). */
  expectedNodes: number | string;
  dataSensitivity: string | null;
  availability: string | null;
  monthlyBudgetEur: number | string;
  /** null: any region. */
  regionId: string | null;
};

export const DEFAULT_VALUES: QuestionnaireValues = {
  workload: null,
  environments: ['production'],
  expectedNodes: 3,
  dataSensitivity: null,
  availability: null,
  monthlyBudgetEur: '',
  regionId: null,
};

const oneOf = <T extends string>(values: readonly T[], value: unknown): T | null =>
  typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : null;

/** 99.9 read from the address as a number is the answer '99.9'. */
const availabilityOf = (value: unknown) => oneOf(AVAILABILITY_TARGETS, typeof value === 'number' ? String(value) : value);

/**
 * Form values from the address: known choices are kept, numbers are kept as they are (even out of
 * range, so the form can say what is wrong with them), anything else starts blank.
 */
export function valuesFromSearch(search: SuggestionsSearch): QuestionnaireValues {
  const environments = String(search.env ?? '')
    .split(',')
    .map((environment) => oneOf(DEPLOYMENT_ENVIRONMENTS, environment.trim()))
    .filter((environment) => environment !== null);
  const number = (value: unknown, fallback: number | string) =>
    typeof value === 'number' && Number.isFinite(value) ? value : typeof value === 'string' && value.trim() !== '' ? value : fallback;
  return {
    workload: oneOf(WORKLOAD_KINDS, search.workload),
    environments: search.env === undefined ? DEFAULT_VALUES.environments : environments,
    expectedNodes: number(search.nodes, search.workload === undefined ? DEFAULT_VALUES.expectedNodes : ''),
    dataSensitivity: oneOf(DATA_SENSITIVITIES, search.data),
    availability: availabilityOf(search.sla),
    monthlyBudgetEur: number(search.budget, ''),
    regionId: typeof search.region === 'string' && search.region !== '' ? search.region : null,
  };
}

/** Whether the address holds answers at all (a first visit has none). */
export function hasAnswers(search: SuggestionsSearch): boolean {
  return Object.values(search).some((value) => value !== undefined);
}

function numberOrText(value: number | string): number | string | undefined {
  if (typeof value === 'number') return value;
  const text = value.trim();
  if (text === '') return undefined;
  const number = Number(text);
  return Number.isFinite(number) ? number : text;
}

/** The procedure's input, before the schema judges it: blanks are missing answers. */
export function questionnaireInput(values: QuestionnaireValues): Record<string, unknown> {
  const budget = numberOrText(values.monthlyBudgetEur);
  return {
    workload: values.workload ?? undefined,
    environments: values.environments,
    expectedNodes: numberOrText(values.expectedNodes),
    dataSensitivity: values.dataSensitivity ?? undefined,
    availability: values.availability ?? undefined,
    monthlyBudgetEur: budget === undefined ? null : budget,
    regionId: values.regionId,
  };
}

/**
 * The form's values checked by the shared schema (the procedure's own), read as the input to send;
 * each field's message under that field.
 */
export const questionnaireSchema = z.custom<QuestionnaireValues>().transform((values, context): SuggestionsInput => {
  const parsed = suggestionsInputSchema.safeParse(questionnaireInput(values));
  if (parsed.success) {
    const { regionId, monthlyBudgetEur, ...rest } = parsed.data;
    return { ...rest, monthlyBudgetEur: monthlyBudgetEur ?? null, regionId };
  }
  for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', path: [String(issue.path[0] ?? '')], message: issue.message });
  return z.NEVER;
});

export type ValidatedQuestionnaire = { ok: true; input: SuggestionsInput } | { ok: false; errors: Record<string, string> };

/** The shared schema's verdict: the input to send, or the first message of each field. */
export function validateQuestionnaire(values: QuestionnaireValues): ValidatedQuestionnaire {
  const parsed = questionnaireSchema.safeParse(values);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
  return { ok: false, errors };
}

/** The address of a set of answers; numbers as numbers, so the address reads ?nodes=3&sla=99.9. */
export function searchFromInput(input: SuggestionsInput): SuggestionsSearch {
  const sla = input.availability === 'best-effort' ? input.availability : Number(input.availability);
  return {
    workload: input.workload,
    env: input.environments.join(','),
    nodes: input.expectedNodes,
    data: input.dataSensitivity,
    sla,
    ...(input.monthlyBudgetEur ? { budget: input.monthlyBudgetEur } : {}),
    ...(input.regionId ? { region: input.regionId } : {}),
  };
}
