import { sql, type SQL } from 'drizzle-orm';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** Random lower-case base-36 string from the Web Crypto RNG (uniform: 252 = 7 * 36). */
export function randomString(length: number, alphabet = ALPHABET): string {
  const out: string[] = [];
  const limit = 256 - (256 % alphabet.length);
  while (out.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const byte of bytes) {
      if (byte < limit && out.length < length) out.push(alphabet[byte % alphabet.length]!);
    }
  }
  return out.join('');
}

export const ID_PREFIXES = {
  organization: 'org',
  user: 'usr',
  session: 'ses',
  tier: 'tier',
  token: 'tok',
  apiToken: 'apt',
  recoveryCode: 'rec',
  mail: 'mail',
  audit: 'aud',
  notification: 'ntf',
  cluster: 'clu',
  order: 'ord',
  orderEvent: 'oev',
  payment: 'pay',
  invoicePayment: 'ipy',
  lead: 'lead',
  newsletter: 'nws',
  customSolutionRequest: 'csr',
  nodePool: 'npl',
  node: 'nod',
  clusterOperation: 'cop',
  clusterEvent: 'cev',
  kubeconfig: 'kcf',
  clusterAddon: 'cad',
  middlewareInstance: 'mwi',
  middlewareBackup: 'mwb',
  hibernation: 'hib',
  usage: 'use',
  invoice: 'inv',
  invoiceLine: 'inl',
  invoiceReceipt: 'irc',
  credit: 'crd',
  creditRequest: 'crq',
  creditNoteRequest: 'cnr',
  catalogueChangeRequest: 'ccr',
  catalogueAloneChange: 'cac',
  creditApplication: 'cap',
  paymentMethod: 'pmt',
  billingPlan: 'bpl',
  leftover: 'lft',
  clusterQuote: 'cqt',
  budget: 'bdg',
  budgetAlert: 'bda',
} as const;

/** Prefixed ids as docs/architecture.md#conventions asks: `usr_…`, `org_…`. */
export function newId(kind: keyof typeof ID_PREFIXES): string {
  return `${ID_PREFIXES[kind]}_${randomString(20)}`;
}

/** Customer-facing billing id, unambiguous characters only: "KM-7F3K9Q". */
export function newBillingId(): string {
  return `KM-${randomString(6, '23456789ABCDEFGHJKLMNPQRSTUVWXYZ')}`;
}

/**
 * A new id computed by the database, for rows an INSERT … SELECT makes many of in one statement
 * (an organisation's notice to each member): the prefix, then 20 random lower-case hex digits
 * (80 bits from SQLite's randomblob, characters newId also uses).
 */
export function newIdSql(kind: keyof typeof ID_PREFIXES): SQL<string> {
  return sql<string>`${`${ID_PREFIXES[kind]}_`} || lower(hex(randomblob(10)))`;
}
