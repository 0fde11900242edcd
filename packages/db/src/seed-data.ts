/** Shared by every demo account; listed in the README. */
export const DEMO_PASSWORD = 'KubeMarket-demo-2026';
// scrypt (N=16384, r=8, p=5) of DEMO_PASSWORD, precomputed so the seed needs no hasher.
const DEMO_PASSWORD_HASH = 'scrypt$N=16384,r=8,p=5$P8OX7uib9WBgGIuQJK7z8w$UCFJ2XKrJSyWoPQyFQLwZqFvivTzOMnj7hRdL-1hH5w';
/**
 * TOTP secret of the MFA demo customer: add it to an authenticator app to get codes. Staff accounts
 * must use TOTP, so each has its own secret (listed in the README); the seed stores them sealed.
 */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export const DEMO_ORGANIZATIONS = [
  { id: 'org_demo_acme', name: 'Acme Industries', billingId: 'KM-ACME01', status: 'active' as const },
  { id: 'org_demo_staff', name: 'KubeMarket Operations', billingId: 'KM-STAFF1', status: 'active' as const },
  // Staff approved Globex for invoicing: it may pay orders by bank transfer, owing at most €20,000 at once.
  { id: 'org_demo_globex', name: 'Globex Logistics', billingId: 'KM-GLOBX1', status: 'active' as const, invoicingAllowed: true, creditLimitCents: 2_000_000 },
  // A registration staff have not reviewed yet (/admin/pending-registrations): it browses but cannot order.
  { id: 'org_demo_initech', name: 'Initech Cloud', billingId: 'KM-INITC1', status: 'pending' as const },
];

export const DEMO_ACCOUNTS = [
  { id: 'usr_demo_alice', username: 'alice', email: 'alice@acme.example', name: 'Alice Martin', role: 'user' as const, organizationId: 'org_demo_acme', organizationRole: 'owner' as const, totpSecret: null, description: 'Customer, owner of Acme Industries' },
  { id: 'usr_demo_marc', username: 'marc', email: 'marc@acme.example', name: 'Marc Dubois', role: 'user' as const, organizationId: 'org_demo_acme', organizationRole: 'member' as const, totpSecret: DEMO_TOTP_SECRET, description: 'Customer with two-factor authentication (TOTP)' },
  { id: 'usr_demo_bruno', username: 'bruno', email: 'bruno@acme.example', name: 'Bruno Petit', role: 'user' as const, organizationId: 'org_demo_acme', organizationRole: 'billing' as const, totpSecret: null, description: 'Billing manager of Acme Industries (invoices and payment, no cluster changes)' },
  { id: 'usr_demo_vera', username: 'vera', email: 'vera@acme.example', name: 'Vera Lang', role: 'user' as const, organizationId: 'org_demo_acme', organizationRole: 'viewer' as const, totpSecret: null, description: 'Read-only viewer at Acme Industries' },
  { id: 'usr_demo_gabriel', username: 'gabriel', email: 'gabriel@globex.example', name: 'Gabriel Roux', role: 'user' as const, organizationId: 'org_demo_globex', organizationRole: 'owner' as const, totpSecret: null, description: 'Customer, owner of Globex Logistics (another organisation)' },
  { id: 'usr_demo_olivia', username: 'olivia', email: 'olivia@kubemarket.example', name: 'Olivia Laurent', role: 'officer' as const, organizationId: 'org_demo_staff', organizationRole: 'member' as const, totpSecret: 'ANKOJD2DYD6HKUQUZZYKR44YXRQ6BVYB', description: 'Officer (staff)' },
  { id: 'usr_demo_adam', username: 'adam', email: 'adam@kubemarket.example', name: 'Adam Bernard', role: 'admin' as const, organizationId: 'org_demo_staff', organizationRole: 'admin' as const, totpSecret: 'C2PYGM4SFDRKETKBOTU3KZWTPHGBSA3C', description: 'Administrator' },
  { id: 'usr_demo_sophie', username: 'sophie', email: 'sophie@kubemarket.example', name: 'Sophie Moreau', role: 'super_admin' as const, organizationId: 'org_demo_staff', organizationRole: 'owner' as const, totpSecret: 'S7OG2OPOUJUPX6GN3BC72DWO6HQOTJFL', description: 'Super administrator' },
  { id: 'usr_demo_pauline', username: 'pauline', email: 'pauline@initech.example', name: 'Pauline Girard', role: 'user' as const, organizationId: 'org_demo_initech', organizationRole: 'owner' as const, totpSecret: null, description: 'Owner of Initech Cloud, a registration awaiting approval (browses, cannot order yet)' },
] as const;

export { DEMO_PASSWORD_HASH };

/**
 * ECB euro reference rates of a recent working day, so currency conversion works offline and
 * before the first scheduled refresh. The refresh replaces them; the seed never overwrites it.
 */
export const EXCHANGE_RATE_SEED = {
  date: '2026-11-20',
  rates: { EUR: 1, USD: 1.0841, GBP: 0.8527, CNY: 7.8112 },
} as const;

const DAY_MS = 24 * 60 * 60_000;

/**
 * The clusters of the demo customer Acme as they stand after their history (seed-clusters.ts):
 * analytics-eu got a second pool (autoscaled from 2 to 4 nodes lately), a bigger memory pool and an
 * upgrade; staging sleeps on weeknights.
 * `ageMs`: how long before the first seed their order was placed.
 */
export const DEMO_CLUSTERS = [
  { id: 'clu_demo_webshop', name: 'webshop-prod', tierId: 'tier_standard', region: 'fr-par-1', status: 'running' as const, kubernetesVersion: '1.36.4', nodeCount: 3, ageMs: 180 * DAY_MS },
  { id: 'clu_demo_analytics', name: 'analytics-eu', tierId: 'tier_data', region: 'de-fra-1', status: 'running' as const, kubernetesVersion: '1.36.4', nodeCount: 9, ageMs: 95 * DAY_MS },
  { id: 'clu_demo_staging', name: 'staging', tierId: 'tier_devtest', region: 'fr-par-1', status: 'hibernated' as const, kubernetesVersion: '1.37.1', nodeCount: 2, ageMs: 21 * DAY_MS },
] as const;

export const DEMO_CUSTOMER_ORGANIZATION_ID = 'org_demo_acme';
