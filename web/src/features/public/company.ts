/** Contact points published on the public pages. */
export const COMPANY = {
  legalName: 'KubeMarket SAS',
  registeredOffice: 'Paris, France',
  salesEmail: 'sales@kubemarket.eu',
  supportEmail: 'support@kubemarket.eu',
  billingEmail: 'billing@kubemarket.eu',
  privacyEmail: 'privacy@kubemarket.eu',
  dpoEmail: 'dpo@kubemarket.eu',
  securityEmail: 'security@kubemarket.eu',
  careersEmail: 'careers@kubemarket.eu',
  pressEmail: 'press@kubemarket.eu',
  legalEmail: 'legal@kubemarket.eu',
} as const;

/** Date the legal pages were last revised. */
export const LEGAL_LAST_UPDATED = '2 March 2026';
