import type { Database } from './client';
import { apiTokens, apiTokenUsage, teamInvitations, users } from './schema';
import { sha256Hex } from './seed-cluster-replay';

export const DEMO_INVITATION_ID = 'tinv_demo_acme_nina';

const DAY_MS = 24 * 60 * 60_000;

/**
 * A colleague Alice invited to Acme and who has not answered yet, so the Team page shows a pending
 * invitation on first run. Its token was never mailed: the stored hash is of a value nobody holds.
 * Inserted once, never overwritten: withdrawing it in development stays.
 */
export async function seedTeam(db: Database, now: number): Promise<void> {
  await db
    .insert(teamInvitations)
    .values({
      id: DEMO_INVITATION_ID,
      organizationId: 'org_demo_acme',
      email: 'nina@acme.example',
      role: 'member',
      // SHA-256 of a random value discarded when the seed was written.
      tokenHash: '9c0f4e2d7b1a6e58f3c2d4b7a9e1f0c3d5b8a2e4f6c1d3b5a7e9f2c4d6b8a0e1',
      invitedBy: 'usr_demo_alice',
      expiresAt: now + 5 * DAY_MS,
      createdAt: now - 2 * DAY_MS,
    })
    .onConflictDoNothing();
}

/**
 * Acme's demo service account (ADR 37), so that scripts can be tried at once on a first run:
 * "GitLab CI", created by Alice, acting as an administrator with clusters:write and orders:read,
 * used an hour ago. Its token is published in the README, like the demo passwords: the local
 * demo's only. Inserted once.
 */
export const DEMO_SERVICE_ACCOUNT = {
  userId: 'usr_demo_acme_gitlab_ci',
  tokenId: 'apt_demoacmegitlabci0001',
  token: 'kmt_demoacmegitlabci0001_KubeMarket-demo-GitLab-CI-service-account-0',
} as const;

export async function seedServiceAccounts(db: Database, now: number): Promise<void> {
  const HOUR_MS = 3_600_000;
  const secret = DEMO_SERVICE_ACCOUNT.token.split('_').slice(2).join('_');
  await db.batch([
    db
      .insert(users)
      .values({
        id: DEMO_SERVICE_ACCOUNT.userId,
        organizationId: 'org_demo_acme',
        username: 'sa-demo-acme-gitlab-ci',
        email: `${DEMO_SERVICE_ACCOUNT.userId}@service-accounts.invalid`,
        name: 'GitLab CI',
        organizationRole: 'admin',
        kind: 'service',
        createdAt: now - 20 * DAY_MS,
        updatedAt: now - 20 * DAY_MS,
      })
      .onConflictDoNothing(),
    db
      .insert(apiTokens)
      .values({
        id: DEMO_SERVICE_ACCOUNT.tokenId,
        userId: DEMO_SERVICE_ACCOUNT.userId,
        name: 'GitLab CI',
        secretHash: await sha256Hex(secret),
        prefix: DEMO_SERVICE_ACCOUNT.token.slice(0, 12),
        scopes: ['clusters:write', 'orders:read'],
        createdAt: now - 20 * DAY_MS,
        expiresAt: now + 345 * DAY_MS,
        lastUsedAt: now - HOUR_MS,
        createdByUserId: 'usr_demo_alice',
      })
      .onConflictDoNothing(),
    db
      .insert(apiTokenUsage)
      .values({ tokenId: DEMO_SERVICE_ACCOUNT.tokenId, hourStart: Math.floor((now - HOUR_MS) / HOUR_MS) * HOUR_MS, requests: 42, rateLimited: 0, lastUsedAt: now - HOUR_MS, lastIpAddress: '203.0.113.40' })
      .onConflictDoNothing(),
  ]);
}
