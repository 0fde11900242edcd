export type HttpMethod = 'GET' | 'POST' | 'PUT';
export type Access = 'Public' | 'Signed in' | 'Staff';

export interface Endpoint {
  method: HttpMethod;
  path: string;
  access: Access;
  summary: string;
  /** JSON body, when the endpoint takes one. */
  request?: string;
  /** JSON of a successful answer. */
  response?: string;
  notes?: string;
}

export interface EndpointGroup {
  id: string;
  title: string;
  endpoints: readonly Endpoint[];
}

const USER = `{
  "id": "usr_01J...",
  "username": "alice",
  "email": "alice@acme.example",
  "name": "Alice Martin",
  "role": "user",
  "emailVerified": true,
  "companyName": "Acme Industries",
  "companyId": "KM-ACME01",
  "organizationId": "org_01J..."
}`;

const OK = '{ "success": true }';
const SENT = '{ "sent": true }';

export const API_GROUPS: readonly EndpointGroup[] = [
  {
    id: 'authentication',
    title: 'Authentication',
    endpoints: [
      { method: 'GET', path: '/api/user', access: 'Public', summary: 'The signed-in user.', response: USER, notes: '401 { "message": "Not signed in." } when there is no session: this means anonymous, not an error.' },
      { method: 'POST', path: '/api/register', access: 'Public', summary: 'Creates an account and its organisation, then signs in.', request: '{ "email": "...", "username": "...", "name": "...", "password": "...", "companyName": "..." }', response: USER, notes: 'Sets the session cookie. 409 when the email or username is taken.' },
      { method: 'POST', path: '/api/login', access: 'Public', summary: 'Signs in with an email or username and a password.', request: '{ "identifier": "alice", "password": "..." }', response: `${USER.replace(/\n}$/, '')}\n}\n\n// or, with two-step verification enabled:\n{ "mfaRequired": true, "mfaToken": "...", "tempUserId": "usr_01J..." }`, notes: '"username" or "email" are accepted instead of "identifier". An mfaRequired answer does not sign in.' },
      { method: 'POST', path: '/api/login/mfa', access: 'Public', summary: 'Completes a sign-in with a 6-digit code or a recovery code.', request: '{ "mfaToken": "...", "code": "123456" }', response: USER },
      { method: 'POST', path: '/api/logout', access: 'Signed in', summary: 'Ends the current session on the server.', response: OK, notes: 'Send the X-CSRF-Token header. On 403, refresh the token with GET /api/user and retry.' },
      { method: 'POST', path: '/api/auth/resend-verification', access: 'Public', summary: 'Sends a new email-verification link.', request: '{ "email": "alice@acme.example" }', response: SENT },
      { method: 'POST', path: '/api/auth/verify-email', access: 'Public', summary: 'Verifies an email address with the token of the link.', request: '{ "token": "..." }', response: '{ "verified": true, "email": "alice@acme.example" }' },
      { method: 'POST', path: '/api/auth/forgot-password', access: 'Public', summary: 'Emails a password-reset link.', request: '{ "email": "alice@acme.example" }', response: SENT, notes: 'Same answer whether or not the address has an account.' },
      { method: 'POST', path: '/api/auth/reset-password', access: 'Public', summary: 'Sets a new password with the token of the link.', request: '{ "token": "...", "password": "..." }', response: '{ "reset": true }' },
      { method: 'POST', path: '/api/auth/magic-link', access: 'Public', summary: 'Emails a one-time sign-in link.', request: '{ "email": "alice@acme.example" }', response: SENT },
      { method: 'POST', path: '/api/auth/magic-link/consume', access: 'Public', summary: 'Signs in with the token of a magic link.', request: '{ "token": "..." }', response: USER },
    ],
  },
  {
    id: 'catalogue',
    title: 'Catalogue and site',
    endpoints: [
      {
        method: 'GET',
        path: '/api/cluster-tiers',
        access: 'Public',
        summary: 'Cluster tiers on sale, in display order.',
        response: '[\n  {\n    "id": "tier_standard",\n    "name": "Standard (Blue)",\n    "description": "...",\n    "nodes": 3,\n    "vcpu": 4,\n    "memoryGb": 16,\n    "storageGb": 100,\n    "monthlyPriceCents": 28900,\n    "yearlyPriceCents": 294780\n  }\n]',
        notes: 'Prices are integer EUR cents. Clients cache the list for 30 minutes.',
      },
      { method: 'GET', path: '/api/cluster-tiers/{id}', access: 'Public', summary: 'One cluster tier.', response: '{ "id": "tier_standard", "name": "Standard (Blue)", ... }', notes: '404 when the tier does not exist or is not on sale.' },
      {
        method: 'GET',
        path: '/api/data-centers',
        access: 'Public',
        summary: 'Regions, including planned ones.',
        response: '[\n  {\n    "id": "fr-par-1",\n    "name": "Paris PAR1",\n    "city": "Paris",\n    "country": "France",\n    "countryCode": "FR",\n    "certifications": ["ISO 27001", "HDS"],\n    "status": "operational",\n    "openedYear": 2019\n  }\n]',
      },
      { method: 'GET', path: '/api/version/summary', access: 'Public', summary: 'Version shown in the footer.', response: '{ "displayVersion": "v1.16.0", "environment": "production" }', notes: 'environment is "development" or "production". Cached 5 minutes.' },
      {
        method: 'GET',
        path: '/api/currency/rates',
        access: 'Public',
        summary: 'Exchange rates against EUR, refreshed daily from the European Central Bank.',
        response: '{\n  "rates": { "EUR": 1, "USD": 1.0832, "GBP": 0.8571, "CNY": 7.8411 },\n  "timestamp": 1773446400000,\n  "date": "2026-03-13"\n}',
        notes: 'The fallback source of the site: browsers try a public rates service first, then this endpoint, then their own cache.',
      },
      {
        method: 'GET',
        path: '/api/health',
        access: 'Public',
        summary: 'Health of the API, the database and the exchange rates.',
        response: '{\n  "api": { "ok": true },\n  "database": { "ok": true, "latencyMs": 3 },\n  "rates": { "ok": true, "updatedAt": 1773446400000 }\n}',
      },
      { method: 'POST', path: '/api/leads', access: 'Public', summary: 'Sends a contact, demo, quote or migration request.', request: '{\n  "kind": "contact_sales",\n  "name": "Camille Durand",\n  "email": "camille@example.eu",\n  "company": "Example SAS",\n  "phone": "+33 1 23 45 67 89",\n  "message": "...",\n  "details": { "timeline": "1-3-months" }\n}', response: '{ "id": "lead_01J...", "received": true }', notes: 'kind is one of contact_sales, schedule_demo, custom_quote, workload_migration, contact. Rate-limited per address and per email (429 with Retry-After).' },
      { method: 'POST', path: '/api/newsletter/subscribe', access: 'Public', summary: 'Starts a double opt-in subscription: emails a confirmation link.', request: '{ "email": "camille@example.eu" }', response: '{ "sent": true }' },
      { method: 'POST', path: '/api/newsletter/confirm', access: 'Public', summary: 'Confirms a subscription with the token of the link (valid 48 hours).', request: '{ "token": "..." }', response: '{ "confirmed": true, "email": "camille@example.eu" }' },
      { method: 'POST', path: '/api/newsletter/unsubscribe', access: 'Public', summary: 'Unsubscribes with the token of the welcome email.', request: '{ "token": "..." }', response: '{ "unsubscribed": true, "email": "camille@example.eu" }' },
    ],
  },
  {
    id: 'notifications',
    title: 'Notifications',
    endpoints: [
      { method: 'GET', path: '/api/notifications', access: 'Signed in', summary: 'Notifications of the user, newest first, trashed ones excluded.', response: '[\n  {\n    "id": "ntf_01J...",\n    "type": "success",\n    "message": "Your cluster webshop-prod is running.",\n    "timestamp": 1773446400000,\n    "read": false,\n    "trash": false\n  }\n]', notes: 'type is success, warning, error or system; anything else is shown as info. The console polls every 10 s.' },
      { method: 'GET', path: '/api/notifications/count', access: 'Signed in', summary: 'Number of unread notifications.', response: '{ "count": 3 }' },
      { method: 'PUT', path: '/api/notifications/{id}/read', access: 'Signed in', summary: 'Marks one notification as read.', response: '{ "id": "ntf_01J...", "read": true, ... }' },
      { method: 'POST', path: '/api/notifications/mark-all-read', access: 'Signed in', summary: 'Marks every notification as read.', response: '{ "success": true, "updated": 3 }' },
      { method: 'PUT', path: '/api/notifications/{id}/trash', access: 'Signed in', summary: 'Moves a notification to the trash.', response: '{ "id": "ntf_01J...", "trash": true, ... }' },
    ],
  },
  {
    id: 'console',
    title: 'Console',
    endpoints: [
      { method: 'GET', path: '/api/sidebar-counts', access: 'Signed in', summary: 'Counts shown in the dashboard sidebar, for the organisation.', response: '{ "clusters": 3, "orders": { "total": 4 } }' },
      { method: 'GET', path: '/api/officers/check-access', access: 'Public', summary: 'Whether the caller may open the Officers Panel.', response: 'true', notes: 'A plain boolean; false for anonymous callers.' },
      { method: 'GET', path: '/api/billing/credits', access: 'Signed in', summary: 'Prepaid and promotional credits of the organisation.' },
      { method: 'GET', path: '/api/billing/summary', access: 'Signed in', summary: 'Current period: amount due, next invoice date and plan totals.' },
      { method: 'GET', path: '/api/billing/plans', access: 'Signed in', summary: 'Active monthly and yearly plans of the organisation.' },
      { method: 'GET', path: '/api/billing/payment-methods', access: 'Signed in', summary: 'Cards and SEPA mandates on file.' },
      { method: 'GET', path: '/api/billing/invoices', access: 'Signed in', summary: 'Invoices, newest first, with links to their PDF.' },
      { method: 'GET', path: '/api/usage', access: 'Signed in', summary: 'Resource usage per cluster for the current and previous periods.' },
    ],
  },
];

export const WEBSOCKET_MESSAGE = '{ "type": "notification", "userId": "usr_01J...", "notificationId": "ntf_01J..." }';
