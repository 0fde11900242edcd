import { z } from 'zod';
import { EU_VAT_RATES } from '../quote/vat';
import { ORDER_LINE_KINDS } from '../quote/types';
import { isCountryCode } from './country-codes';

/**
 * The lines of POST /api/quotes and of orders: zod mirrors of the pricing engine's OrderLine
 * (packages/shared/src/quote), and who buys. The caps keep a quote small enough to price in a
 * request; the engine checks the catalogue rules (tier limits, flavours, add-on compatibility) and
 * says what is wrong in its own words. Shared so that screens check what the server checks.
 */

export const MAX_QUOTE_LINES = 20;
export const MAX_NODE_POOLS = 10;
export const MAX_NODES_PER_POOL = 1000;
const MAX_ID = 64;
const MAX_ADDONS = 50;

const id = (what: string) =>
  z
    .string({ error: `${what} is required.` })
    .trim()
    .min(1, `${what} is required.`)
    .max(MAX_ID, `${what} is at most ${MAX_ID} characters.`);

const nodeCount = (what: string) =>
  z
    .number({ error: `${what} must be a number.` })
    .int(`${what} must be a whole number.`)
    .min(1, `${what} must be at least 1.`)
    .max(MAX_NODES_PER_POOL, `${what} must be at most ${MAX_NODES_PER_POOL}.`);

const kubernetesVersion = z
  .string({ error: 'The Kubernetes version is required.' })
  .trim()
  .regex(/^v?\d{1,3}\.\d{1,3}(\.\d{1,4})?$/, 'Write the Kubernetes version as a minor such as 1.37, or with its patch such as 1.37.1.');

const addonIds = (what: string) =>
  z.array(id('Add-on id'), { error: `${what} must be a list of add-on ids.` }).max(MAX_ADDONS, `At most ${MAX_ADDONS} add-ons.`);

export const quoteNodePoolSchema = z.object({
  name: z
    .string({ error: 'Every node pool needs a name.' })
    .trim()
    .min(1, 'Every node pool needs a name.')
    .max(MAX_ID, `Node pool names are at most ${MAX_ID} characters.`),
  flavorId: id('The node flavour'),
  count: nodeCount('The node count'),
  autoscale: z
    .object(
      { min: nodeCount('The autoscaling minimum'), max: nodeCount('The autoscaling maximum') },
      { error: 'Autoscaling needs a minimum and a maximum number of nodes.' },
    )
    .refine((range) => range.max >= range.min, {
      path: ['max'],
      message: 'The autoscaling maximum must be at least the minimum.',
    })
    .nullish()
    .describe('Priced at the minimum; the price at the maximum is shown as maxTotalCents.'),
});

export const quoteClusterLineSchema = z.object({
  kind: z.literal('cluster'),
  tierId: id('The cluster tier'),
  regionId: id('The region'),
  kubernetesVersion,
  highAvailability: z.boolean({ error: 'highAvailability must be true or false.' }).default(false),
  nodePools: z
    .array(quoteNodePoolSchema, { error: 'nodePools must be a list of node pools.' })
    .min(1, 'A cluster needs at least one node pool.')
    .max(MAX_NODE_POOLS, `A cluster has at most ${MAX_NODE_POOLS} node pools.`),
  addonIds: addonIds('addonIds').default([]),
});

const middlewareLineSchema = z.object({ kind: z.literal('middleware'), planId: id('The middleware plan') });

const addonLineSchema = z.object({
  kind: z.literal('addon'),
  addonId: id('The add-on'),
  clusterTierId: id('The cluster tier'),
  kubernetesVersion,
  existingAddonIds: addonIds('existingAddonIds').default([]).describe('Add-ons the cluster already runs.'),
});

const supportLineSchema = z.object({ kind: z.literal('support'), planId: id('The support plan') });

export const quoteLineSchema = z.discriminatedUnion('kind', [quoteClusterLineSchema, middlewareLineSchema, addonLineSchema, supportLineSchema], {
  error: `Each line needs a kind: ${ORDER_LINE_KINDS.join(', ')}.`,
});

const VAT_NUMBER = /^[A-Z]{2}[0-9A-Z+*]{2,13}$/;

/** Spaces, dots and dashes people type inside VAT numbers are dropped; empty means none. */
const vatNumber = z
  .string({ error: 'The VAT number must be text.' })
  .transform((value) => value.replace(/[\s.-]/g, '').toUpperCase())
  .pipe(z.string().refine((value) => value === '' || VAT_NUMBER.test(value), 'A VAT number is its two-letter country prefix and 2 to 13 letters or digits, e.g. DE123456789.'));

export const quoteCustomerSchema = z
  .object({
    countryCode: z
      .string({ error: 'The country is required.' })
      .trim()
      .toUpperCase()
      .refine(isCountryCode, 'Use the two-letter ISO code of a country, e.g. FR, DE or US.')
      .default('FR')
      .describe('ISO 3166-1 alpha-2 country of the organisation; decides the VAT.'),
    vatNumber: vatNumber.nullish().describe('EU VAT number; with isBusiness outside France, the VAT is reverse-charged.'),
    isBusiness: z.boolean({ error: 'isBusiness must be true or false.' }).optional().describe('Defaults to true when a VAT number is given.'),
  })
  .superRefine((customer, context) => {
    const { vatNumber: vat, countryCode } = customer;
    // Only a well-formed number of an EU country: the format has its own message, and VAT outside
    // the EU is 0 % anyway. Values of the wrong type (already reported) are not looked at.
    if (typeof vat !== 'string' || typeof countryCode !== 'string' || !VAT_NUMBER.test(vat)) return;
    if (!(Object.hasOwn(EU_VAT_RATES, countryCode) || countryCode === 'EL')) return;
    const prefix = countryCode === 'GR' ? 'EL' : countryCode;
    if (!vat.startsWith(prefix)) {
      context.addIssue({ code: 'custom', path: ['vatNumber'], message: `A VAT number of ${countryCode} starts with ${prefix}.` });
    }
  });

