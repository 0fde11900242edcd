import { z } from 'zod';
import { readItem, removeItems, writeItem } from '../../lib/browser-storage';
import type { KeyValueStorage } from '../../lib/browser-storage';
import { CNI_PLUGINS, TAINT_EFFECTS, WEEKDAYS } from '@kubemarket/shared';
import { emptyDraft } from './draft';
import type { ClusterDraft } from './draft';
import { STEP_COUNT } from './steps';

/**
 * The draft is kept in the browser (local storage, one entry per user), so that a reload, the back
 * button or a later visit finds it as it was left; "Start over" removes it. What is read back is
 * checked: an entry written by an older version of the page, or edited by hand, gives a new draft.
 */

const STORAGE_PREFIX = 'kubemarket.configurator.draft.';

export function draftStorageKey(userId: string): string {
  return `${STORAGE_PREFIX}${userId}`;
}

const STORAGE_VERSION = 1;

/** Node counts as typed (0 or −3 too: the pools step shows the error under the field). */
const count = z.number().int();
const shortText = z.string().max(512);

const storedPool = z.object({
  name: shortText,
  flavorId: shortText,
  count,
  autoscale: z.object({ min: count, max: count }).nullable(),
  labels: z.array(z.object({ key: shortText, value: shortText })).max(100),
  taints: z.array(z.object({ key: shortText, value: shortText, effect: z.enum(TAINT_EFFECTS) })).max(100),
});

/** Shapes only: the values themselves are checked by the steps, with the server's rules. */
const storedDraft = z.object({
  tierId: shortText.nullable(),
  regionId: shortText,
  zones: z.array(shortText).max(20),
  kubernetesVersion: shortText,
  highAvailability: z.boolean(),
  pools: z.array(storedPool).max(50),
  addonIds: z.array(shortText).max(100),
  networking: z.object({ cni: z.enum(CNI_PLUGINS), podCidr: shortText, serviceCidr: shortText, apiAllowList: z.array(shortText).max(100) }),
  maintenance: z.object({ day: z.enum(WEEKDAYS), startHour: z.number().int().min(0).max(23), autoUpgrade: z.boolean() }),
  name: shortText,
  promotionCode: shortText,
  countryCode: shortText,
  isBusiness: z.boolean(),
  vatNumber: shortText,
  billing: z.object({ companyName: shortText, addressLine1: shortText, addressLine2: shortText, postalCode: shortText, city: shortText }),
  idempotencyKey: z.string().min(8).max(128),
  furthestStep: z.number().int().min(1).max(STEP_COUNT),
  placedOrder: z.object({ id: shortText, fingerprint: z.string().max(100_000) }).nullable(),
  preloadedFrom: z.string().max(10_000).nullable(),
}) satisfies z.ZodType<ClusterDraft>;

const storedEntry = z.object({ version: z.literal(STORAGE_VERSION), draft: storedDraft });

/** The kept draft, or null when there is none or it cannot be read. */
export function loadDraft(storage: KeyValueStorage | null, key: string): ClusterDraft | null {
  const raw = readItem(storage, key);
  if (raw === null) return null;
  try {
    const parsed = storedEntry.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.draft : null;
  } catch {
    return null;
  }
}

export function saveDraft(storage: KeyValueStorage | null, key: string, draft: ClusterDraft): void {
  writeItem(storage, key, JSON.stringify({ version: STORAGE_VERSION, draft }));
}

export function clearDraft(storage: KeyValueStorage | null, key: string): void {
  removeItems(storage, [key]);
}

/** The kept draft, or a new one. */
export function initialDraft(storage: KeyValueStorage | null, key: string): ClusterDraft {
  return loadDraft(storage, key) ?? emptyDraft();
}
