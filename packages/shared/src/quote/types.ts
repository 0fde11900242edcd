import type { BillingCycle } from '../constants';

/**
 * Types of the pricing engine (issue 10). Every amount is an integer number of EUR cents; every
 * percentage is an integer number of basis points (1 % = 100 bp, so PARIS's 5 % is 500 and
 * Finland's 25.5 % VAT is 2550). Currencies never enter: conversion happens only at display.
 *
 * Optional yearly prices: when an item has none, its yearly price is 12 × its monthly price (no
 * discount). A yearly price above 12 × monthly is capped at 12 × monthly, so a yearly order never
 * costs more than twelve monthly ones.
 */

// ---------------------------------------------------------------------------------------------
// Price book: the catalogue prices a quote needs, already resolved to those in effect on its date.
// ---------------------------------------------------------------------------------------------

export type HaControlPlaneMode = 'included' | 'optional' | 'unavailable';

export interface PriceBookTier {
  id: string;
  /** e.g. 'Standard (Blue)'; used in labels and messages. */
  name: string;
  /** Control-plane price. */
  monthlyCents: number;
  yearlyCents: number;
  /** The high-availability control plane: prices are read only when the mode is 'optional'. */
  haControlPlane: { mode: HaControlPlaneMode; monthlyCents: number; yearlyCents?: number | null };
  /** Most nodes a cluster of this tier may have (autoscaling pools count at their maximum); null: no limit. */
  maxNodes: number | null;
  /** Most node pools; null: no limit. */
  maxPools: number | null;
  flavorIds: readonly string[];
  regionIds: readonly string[];
}

export interface PriceBookFlavor {
  id: string;
  name: string;
  /** Shown to the customer; quotes use the monthly and yearly prices. */
  hourlyCents: number;
  monthlyCents: number;
  yearlyCents?: number | null;
}

export interface PriceBookAddon {
  id: string;
  name: string;
  /** Per cluster. */
  monthlyCents: number;
  yearlyCents?: number | null;
  /** Tiers whose clusters may run it. */
  tierIds: readonly string[];
  /**
   * Kubernetes versions it supports, or null for all. An entry matches the same version or any patch
   * of it: '1.31' matches '1.31' and '1.31.2'.
   */
  kubernetesVersions: readonly string[] | null;
  /** Add-ons that must run on the same cluster. */
  requires: readonly string[];
  /** Add-ons that cannot run on the same cluster (the relation is read both ways). */
  conflicts: readonly string[];
}

export interface PriceBookMiddlewarePlan {
  id: string;
  middlewareId: string;
  /** e.g. 'Small (2 vCPU, 4 GB, 50 GB)'. */
  name: string;
  /** e.g. 'PostgreSQL'; when given, labels read 'PostgreSQL: Small (...)'. */
  middlewareName?: string | null;
  monthlyCents: number;
  yearlyCents?: number | null;
}

export type SupportPricing =
  | { kind: 'fixed'; monthlyCents: number; yearlyCents?: number | null }
  | {
      kind: 'share';
      /** Share of the monthly spend, in basis points (10 % = 1000). */
      percentOfSpendBasisPoints: number;
      minimumMonthlyCents: number;
    };

export interface PriceBookSupportPlan {
  id: string;
  name: string;
  pricing: SupportPricing;
}

export type PromotionKind = 'percent' | 'amount';

export interface Promotion {
  /** Matched without regard to case or surrounding spaces. */
  code: string;
  kind: PromotionKind;
  /** 'percent': basis points (5 % = 500). 'amount': EUR cents off the order, once per order. */
  value: number;
  /** Epoch ms from which the code works (inclusive); null: always. */
  validFrom: number | null;
  /** Epoch ms at which the code stops working (exclusive); null: no end. */
  validUntil: number | null;
  /** Only for an organisation that has never purchased. */
  firstPurchaseOnly: boolean;
  /** Smallest order subtotal (for the quote's cycle, before discount and VAT) that qualifies; 0: any. */
  minimumSubtotalCents: number;
  /** The line kinds the discount applies to; null: all. */
  appliesTo: readonly OrderLineKind[] | null;
}

export interface PriceBook {
  tiers: readonly PriceBookTier[];
  flavors: readonly PriceBookFlavor[];
  addons: readonly PriceBookAddon[];
  middlewarePlans: readonly PriceBookMiddlewarePlan[];
  supportPlans: readonly PriceBookSupportPlan[];
  promotions: readonly Promotion[];
}

// ---------------------------------------------------------------------------------------------
// Order lines
// ---------------------------------------------------------------------------------------------

export interface NodePoolInput {
  name: string;
  flavorId: string;
  /** Nodes at creation; with autoscaling, between min and max. */
  count: number;
  /** Priced at `min`; the price at `max` is shown as the line's `maxTotalCents`. */
  autoscale?: { min: number; max: number } | null;
}

export interface ClusterLineInput {
  kind: 'cluster';
  tierId: string;
  regionId: string;
  kubernetesVersion: string;
  highAvailability: boolean;
  nodePools: readonly NodePoolInput[];
  addonIds: readonly string[];
}

export interface MiddlewareLineInput {
  kind: 'middleware';
  planId: string;
}

/** An add-on for a cluster that already exists. */
export interface AddonLineInput {
  kind: 'addon';
  addonId: string;
  clusterTierId: string;
  kubernetesVersion: string;
  /** The add-ons the cluster already runs. */
  existingAddonIds: readonly string[];
}

export interface SupportLineInput {
  kind: 'support';
  planId: string;
}

export type OrderLine = ClusterLineInput | MiddlewareLineInput | AddonLineInput | SupportLineInput;
export type OrderLineKind = OrderLine['kind'];
export const ORDER_LINE_KINDS = ['cluster', 'middleware', 'addon', 'support'] as const satisfies readonly OrderLineKind[];

// ---------------------------------------------------------------------------------------------
// Context
// ---------------------------------------------------------------------------------------------

export interface QuoteCustomer {
  /** ISO 3166-1 alpha-2 country of the organisation ('FR', 'DE', 'US'; 'EL' is read as Greece). */
  countryCode: string;
  /** EU VAT identification number, already checked by the caller. */
  vatNumber?: string | null;
  isBusiness: boolean;
  /** Whether the organisation has purchased before (first-purchase-only promotions). */
  hasPurchased: boolean;
}

export interface QuoteContext {
  cycle: BillingCycle;
  /** Epoch ms of the quote; promotions are checked against it. */
  now: number;
  promotionCode?: string | null;
  customer: QuoteCustomer;
  /**
   * What the organisation already spends per month (EUR cents) outside this quote; added to the
   * quote's own spend for support plans priced as a share of spend.
   */
  existingMonthlySpendCents?: number;
}

// ---------------------------------------------------------------------------------------------
// Quote
// ---------------------------------------------------------------------------------------------

export interface QuoteComponent {
  label: string;
  /** Price of one unit for the quote's cycle. */
  unitCents: number;
  quantity: number;
  /** unitCents × quantity. */
  amountCents: number;
  /** Autoscaling pools: the node count and amount at the pool's maximum. */
  maxQuantity?: number;
  maxAmountCents?: number;
}

/** How a support plan priced as a share of spend came to its price (per month). */
export interface ShareOfSpend {
  /** The monthly spend the share applies to: the quote's other non-support lines plus the existing spend. */
  monthlySpendCents: number;
  basisPoints: number;
  minimumMonthlyCents: number;
  /** The price per month: the share rounded to the cent, or the minimum when that is more. */
  monthlyCents: number;
  minimumApplied: boolean;
}

export interface QuoteLine {
  /** Position of the order line this prices. */
  index: number;
  kind: OrderLineKind;
  label: string;
  components: QuoteComponent[];
  /** What the line costs for the quote's cycle: the sum of its components. */
  amountCents: number;
  /** amountCents per month: itself when monthly, amountCents / 12 rounded to the cent when yearly. */
  monthlyEquivalentCents: number;
  /** Lines with autoscaling pools: amountCents with every pool at its maximum. */
  maxTotalCents?: number;
  /** What the line costs billed monthly, and billed yearly (whatever the quote's cycle). */
  monthlyPriceCents: number;
  yearlyPriceCents: number;
  /** Whole percent saved on this line by paying yearly (docs/product/constants.md#currencies-and-prices). */
  yearlyDiscountPercent: number;
  shareOfSpend?: ShareOfSpend;
}

export type PromotionRejection =
  | 'unknown'
  | 'not_started'
  | 'expired'
  | 'first_purchase_only'
  | 'minimum_not_met'
  | 'not_applicable';

export interface QuotePromotion {
  /** The catalogue's spelling when known, else the code as entered (trimmed). */
  code: string;
  applied: boolean;
  /** Why it did not apply, in a sentence a customer understands. */
  reason?: string;
  rejection?: PromotionRejection;
}

export interface QuoteDiscount {
  code: string;
  label: string;
  amountCents: number;
}

export interface QuoteTax {
  countryCode: string;
  /** 2000 = 20 %. */
  rateBasisPoints: number;
  amountCents: number;
  reverseCharge: boolean;
  /** e.g. 'VAT 20%', 'VAT reverse-charged', 'No VAT (outside the EU)'. */
  label: string;
}

export interface Quote {
  cycle: BillingCycle;
  lines: QuoteLine[];
  /** Σ lines' amountCents. */
  subtotalCents: number;
  discount: QuoteDiscount | null;
  /** null when no code was given. */
  promotion: QuotePromotion | null;
  /** subtotalCents − discount. */
  taxableCents: number;
  tax: QuoteTax;
  /** taxableCents + tax. */
  totalCents: number;
  /** Whole percent the yearly cycle saves on these lines' list prices, whatever the quote's cycle. */
  yearlyDiscountPercent: number;
}
