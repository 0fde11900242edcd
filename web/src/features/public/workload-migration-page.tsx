import { LeadForm } from '../leads';
import { LeadPage } from './lead-page';

const CURRENT_PLATFORMS = [
  { value: 'aws-eks', label: 'Amazon EKS' },
  { value: 'gcp-gke', label: 'Google GKE' },
  { value: 'azure-aks', label: 'Azure AKS' },
  { value: 'openshift', label: 'Red Hat OpenShift' },
  { value: 'self-managed-k8s', label: 'Self-managed Kubernetes' },
  { value: 'vms', label: 'Virtual machines, no containers yet' },
  { value: 'other', label: 'Another platform' },
] as const;

export function WorkloadMigrationPage() {
  return (
    <LeadPage
      eyebrow="Migration"
      title="Move your workloads to sovereign Kubernetes"
      description="Leaving a hyperscaler or an ageing on-premises platform? Our migration team plans and runs the move with you, workload by workload, without a big-bang cut-over."
      asideTitle="How a migration works"
      points={[
        'Assessment: we inventory your workloads, data volumes and dependencies, and flag what needs change.',
        'Landing zone: clusters, networks, identity and observability prepared in your target regions.',
        'Migration waves: stateless services first, then data, with rehearsed cut-overs and rollback plans.',
        'Hand-over: runbooks, training for your team, and hypercare for the first 30 days.',
        'Egress fees of your current provider and a parallel-run period can be credited on your first invoices.',
      ]}
      form={
        <LeadForm
          kind="workload_migration"
          title="Tell us about your current platform"
          submitLabel="Plan my migration"
          rules={{ company: 'required' }}
          messageLabel="What do you want to migrate?"
          messagePlaceholder="Applications, databases, constraints, deadlines (for example the end of a contract)..."
          detailFields={[
            { name: 'currentPlatform', label: 'Current platform', type: 'select', options: CURRENT_PLATFORMS, required: true },
            { name: 'workloads', label: 'Number of applications', type: 'number', min: 1, max: 10000 },
            { name: 'dataVolumeTb', label: 'Data to move (TB)', type: 'number', min: 0, max: 100000 },
            { name: 'targetDate', label: 'Target completion date', type: 'date' },
          ]}
          confirmation="Our migration team will contact you within one working day to schedule a free assessment workshop."
        />
      }
    />
  );
}
