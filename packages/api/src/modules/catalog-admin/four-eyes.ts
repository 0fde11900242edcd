/**
 * Catalogue changes that move money, under four eyes (issue 29, ADR 27). Staff who manage the
 * catalogue make small changes alone; a price cut or rise, or a promotion, above
 * STAFF_CATALOGUE_LIMITS waits for an administrator other than the requester (./change-requests.ts).
 *
 * The rule is checked where the change is computed, just before it is written: planPriceChanges
 * for every priced item, createPromotion, updatePromotion and restorePromotion for codes. A change
 * that gives money away counts against the person's monthly allowance too (`Allowance` below),
 * however small it is. Each check calls
 * `fourEyes()`, which
 * - passes a change within the limits, or one an approval carries (`approval.kind === 'approved'`);
 * - refuses one above them with 412 and what to do;
 * - in a probe (`approval.kind === 'probe'`, used when a request is filed) always throws
 *   ApprovalProbe with what the change is and why it needs approval (or null: it needs none), so
 *   the catalogue function never reaches its write. A probe's database also refuses every write.
 */
import { catalogueAloneChanges, newId, type Database } from '@kubemarket/db';
import { STAFF_CATALOGUE_LIMITS, utcMonthStart } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, eq, gte, sql } from 'drizzle-orm';
import { euros } from '@kubemarket/shared';

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

/**
 * What one person may still give away alone this month (STAFF_CATALOGUE_LIMITS.aloneGiveawaysPerMonth
 * changes that cut a price or offer a discount). Read before the change to answer at once (and to
 * tell a probe); enforced by the change's own batch (`claimGiveaway`), which parallel changes
 * cannot race.
 */
export interface Allowance {
  staffUserId: string;
  name: string;
  now: number;
  /** This month's giveaways made alone so far. */
  used: number;
}

export async function giveawayAllowance(db: Database, user: { id: string; name: string }, now: number): Promise<Allowance> {
  const used = await db.$count(catalogueAloneChanges, and(eq(catalogueAloneChanges.staffUserId, user.id), gte(catalogueAloneChanges.monthStart, utcMonthStart(now))));
  return { staffUserId: user.id, name: user.name, now, used };
}

const ALLOWANCE = STAFF_CATALOGUE_LIMITS.aloneGiveawaysPerMonth;

/** Why a giveaway needs a second person because the month's allowance is spent, or null. */
export function giveawayLimit(allowance: Allowance): string | null {
  if (allowance.used < ALLOWANCE) return null;
  return `${allowance.name} has made ${ALLOWANCE} price cuts or discounts alone this month, the most one person makes alone in a month.`;
}

/**
 * The statement that counts a giveaway made alone, for the change's own batch: its number is the
 * person's count this month plus one, computed inside the batch, and NULL past the allowance, which
 * the NOT NULL constraint refuses, and the whole batch with it (`isAllowanceSpent`).
 */
export function claimGiveaway(db: Database, allowance: Allowance, subject: string) {
  const month = utcMonthStart(allowance.now);
  const used = sql`(SELECT count(*) FROM catalogue_alone_changes WHERE staff_user_id = ${allowance.staffUserId} AND month_start = ${month})`;
  return db.run(sql`
    INSERT INTO catalogue_alone_changes (id, staff_user_id, month_start, ordinal, subject, created_at)
    VALUES (${newId('catalogueAloneChange')}, ${allowance.staffUserId}, ${month}, CASE WHEN ${used} < ${ALLOWANCE} THEN ${used} + 1 END, ${subject}, ${allowance.now})`);
}

/** A batch refused by `claimGiveaway`: the allowance was spent by a parallel change meanwhile. */
export function isAllowanceSpent(error: unknown): boolean {
  const message = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}` : String(error);
  return message.includes('NOT NULL constraint failed: catalogue_alone_changes.ordinal');
}

export const allowanceSpent = () =>
  new TRPCError({
    code: 'PRECONDITION_FAILED',
    message: `You have made ${ALLOWANCE} price cuts or discounts alone this month, the most one person makes alone in a month. Send it for approval with your reason; another administrator approves or refuses it.`,
  });
