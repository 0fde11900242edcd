/** Choice lists shared by the request forms. */

export const COMPANY_SIZES = [
  { value: '1-10', label: '1–10 employees' },
  { value: '11-50', label: '11–50 employees' },
  { value: '51-250', label: '51–250 employees' },
  { value: '251-1000', label: '251–1,000 employees' },
  { value: '1000+', label: 'More than 1,000 employees' },
] as const;

export const WORKLOAD_TYPES = [
  { value: 'web', label: 'Web applications and APIs' },
  { value: 'data', label: 'Data platforms and analytics' },
  { value: 'ai', label: 'AI/ML training or inference' },
  { value: 'regulated', label: 'Regulated workloads (health, finance, public sector)' },
  { value: 'devtest', label: 'CI, testing and staging' },
  { value: 'other', label: 'Something else' },
] as const;

export const SUPPORT_LEVELS = [
  { value: 'basic', label: 'Basic: business hours, email' },
  { value: 'business', label: 'Business: 24/7 for critical incidents' },
  { value: 'enterprise', label: 'Enterprise: 24/7, named technical account manager' },
] as const;

export const TIMELINES = [
  { value: 'now', label: 'As soon as possible' },
  { value: '1-3-months', label: 'Within 3 months' },
  { value: '3-6-months', label: 'In 3 to 6 months' },
  { value: 'exploring', label: 'Just exploring' },
] as const;
