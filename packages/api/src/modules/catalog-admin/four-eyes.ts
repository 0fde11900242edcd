/**
 * Catalogue changes that move money, under four eyes (issue 29, ADR 27). Staff who manage the
 * catalogue make small changes alone; a price cut or rise, or a promotion, above
 * STAFF_CATALOGUE_LIMITS waits for an administrator other than the requester (./change-requests.ts).
 *
 * The rule is checked where the change is computed, just before it is written: planPriceChanges
 * for every priced item, createPromotion and updatePromotion for codes. Each check calls
 * `fourEyes()`, which
 * - passes a change within the limits, or one an approval carries (`approval.kind === 'approved'`);
 * - refuses one above them with 412 and what to do;
 * - in a probe (`approval.kind === 'probe'`, used when a request is filed) always throws
 *   ApprovalProbe with what the change is and why it needs approval (or null: it needs none), so
 *   the catalogue function never reaches its write. A probe's database also refuses every write.
 */
import type { Database } from '@kubemarket/db';
import { STAFF_CATALOGUE_LIMITS } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { euros } from '../orders/money';

export type Approval = { kind: 'probe' } | { kind: 'approved'; requestId: string; requestedBy: string };

/** What a probe learnt: the change and why one person may not make it alone; null when they may. */
export class ApprovalProbe extends Error {
  constructor(readonly outcome: { summary: string; limitReason: string } | null) {
    super('approval probe');
  }
}

export function fourEyes(approval: Approval | undefined, summary: string, limitReason: string | null): void {
  if (approval?.kind === 'probe') throw new ApprovalProbe(limitReason === null ? null : { summary, limitReason });
  if (limitReason === null || approval?.kind === 'approved') return;
  throw new TRPCError({
    code: 'PRECONDITION_FAILED',
    message: `${summary}: ${limitReason} Send it for approval with your reason; another administrator approves or refuses it.`,
  });
}

const percent = (basisPoints: number) => `${new Intl.NumberFormat('en-IE', { maximumFractionDigits: 2 }).format(basisPoints / 100)} %`;

/** How far a price moves, in basis points of the old one (+ rise, − cut); null for a price that had none (0 → x). */
export function priceMoveBasisPoints(from: number, to: number): number | null {
  if (from === 0) return to === 0 ? 0 : null;
  return Math.round(((to - from) * 10_000) / from);
}

/** Why a price going from `from` to `to` (same unit) needs a second person, or null. */
export function priceChangeLimit(label: string, from: number | null, to: number | null): string | null {
  if (from === null || to === null) return null;
  const move = priceMoveBasisPoints(from, to);
  if (move === null) return null;
  if (move < -STAFF_CATALOGUE_LIMITS.alonePriceCutBasisPoints) {
    return `${label} falls by ${percent(-move)}; one person lowers a price by at most ${percent(STAFF_CATALOGUE_LIMITS.alonePriceCutBasisPoints)} alone.`;
  }
  if (move > STAFF_CATALOGUE_LIMITS.alonePriceRiseBasisPoints) {
    return `${label} rises by ${percent(move)}; one person raises a price by at most ${percent(STAFF_CATALOGUE_LIMITS.alonePriceRiseBasisPoints)} alone.`;
  }
  return null;
}

/** Why a promotion of this size needs a second person, or null. */
export function promotionLimit(promotion: { kind: 'percent' | 'amount'; value: number }): string | null {
  if (promotion.kind === 'percent' && promotion.value > STAFF_CATALOGUE_LIMITS.alonePromotionPercentBasisPoints) {
    return `A ${percent(promotion.value)} discount is above the ${percent(STAFF_CATALOGUE_LIMITS.alonePromotionPercentBasisPoints)} one person offers alone.`;
  }
  if (promotion.kind === 'amount' && promotion.value > STAFF_CATALOGUE_LIMITS.alonePromotionAmountCents) {
    return `A ${euros(promotion.value)} discount is above the ${euros(STAFF_CATALOGUE_LIMITS.alonePromotionAmountCents)} one person offers alone.`;
  }
  return null;
}

const WRITES = new Set(['batch', 'insert', 'update', 'delete', 'run', 'transaction']);

/** The database of a probe: reads as usual, any write throws (a probe must never change anything). */
export function readOnly(db: Database): Database {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (typeof property === 'string' && WRITES.has(property)) {
        return () => {
          throw new Error(`A catalogue approval probe tried to write (${property}).`);
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
