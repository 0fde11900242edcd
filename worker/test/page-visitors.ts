import type { SessionUser } from '@kubemarket/api';

/** A user as the session middleware finds them; the name tries to close the page's data block. */
export const ALICE = {
  id: 'usr_alice',
  username: 'alice',
  email: 'alice@acme.example',
  name: 'Alice </script><script>alert(1)</script> <!-- Martin',
  role: 'user',
  emailVerified: true,
  companyName: 'Acme',
  companyId: 'KM-ACME01',
  organizationId: 'org_acme',
  organizationRole: 'owner',
} as SessionUser;
