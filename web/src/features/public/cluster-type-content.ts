import type { ClusterType } from '@kubemarket/shared';
import { CLUSTER_TYPE_LABELS } from './cluster-type-labels';

export interface ClusterTypeContent {
  type: ClusterType;
  /** Mantine colour of the type's accents. */
  color: string;
  label: string;
  headline: string;
  summary: string;
  useCases: ReadonlyArray<{ title: string; description: string }>;
  included: readonly string[];
  /** Where a workload outgrows this type, and what to pick then. */
  notFor: string;
}

export const CLUSTER_TYPE_CONTENT: Record<ClusterType, ClusterTypeContent> = {
  blue: {
    type: 'blue',
    color: 'blue',
    label: CLUSTER_TYPE_LABELS.blue,
    headline: 'Production Kubernetes for web services and APIs',
    summary:
      'The Standard cluster is our general-purpose production tier: a highly available control plane spread over three availability zones, balanced nodes, and everything a team needs to ship services with confidence.',
    useCases: [
      { title: 'Customer-facing web applications', description: 'Stateless front ends and APIs behind our managed load balancer, scaled horizontally with the Horizontal Pod Autoscaler.' },
      { title: 'Microservice platforms', description: 'Dozens of services with their own namespaces, network policies and resource quotas, deployed by GitOps.' },
      { title: 'Internal business applications', description: 'ERP extensions, portals and back-office tools that must stay available during office hours and beyond.' },
    ],
    included: [
      'Highly available control plane across three zones, 99.95 % uptime SLA',
      'Managed Cilium networking with network policies and Hubble flow logs',
      'Block storage CSI driver with encrypted volumes and snapshots',
      'Automatic patch upgrades in your maintenance window',
      'Daily etcd backups kept 30 days in the same country',
    ],
    notFor: 'Workloads processing health data under HDS or needing a dedicated control plane should use the Enterprise (Red) tier.',
  },
  red: {
    type: 'red',
    color: 'red',
    label: CLUSTER_TYPE_LABELS.red,
    headline: 'Dedicated, certified clusters for regulated and critical workloads',
    summary:
      'Enterprise clusters run a dedicated control plane on HDS-certified infrastructure with a 99.99 % SLA, named technical account management and change windows agreed with your teams.',
    useCases: [
      { title: 'Health data (HDS)', description: 'Electronic patient records, imaging pipelines and telemedicine platforms hosted as French regulation requires.' },
      { title: 'Financial services', description: 'Payment and trading back ends subject to DORA, with audit trails and documented exit plans.' },
      { title: 'Public sector', description: 'Citizen services and sensitive administrative data that must stay under exclusive EU jurisdiction.' },
    ],
    included: [
      'Dedicated control plane and etcd, never shared with other customers',
      'HDS-certified hosting and a 99.99 % uptime SLA with service credits',
      'Customer-managed encryption keys (BYOK) for volumes and backups',
      'Audit logs of the Kubernetes API streamed to your SIEM',
      'Named technical account manager and quarterly architecture reviews',
    ],
    notFor: 'If you mainly need raw memory or GPUs, look at the Data Analytics and AI/ML tiers, which can also run under an Enterprise contract.',
  },
  green: {
    type: 'green',
    color: 'green',
    label: CLUSTER_TYPE_LABELS.green,
    headline: 'Cost-efficient clusters on low-carbon data centres',
    summary:
      'Economy clusters give small production services and internal tools a managed Kubernetes at a lower price, hosted in our most energy-efficient data centres and powered by renewable electricity.',
    useCases: [
      { title: 'Internal tools', description: 'Wikis, dashboards, CI runners and the small services every organisation accumulates.' },
      { title: 'Batch and scheduled jobs', description: 'CronJobs and queues that tolerate a node restart and run cheapest on compact nodes.' },
      { title: 'Small production services', description: 'Websites and APIs with modest traffic that still deserve managed upgrades and backups.' },
    ],
    included: [
      'Managed control plane with a 99.5 % uptime SLA',
      'Data centres with a PUE under 1.3 and renewable electricity',
      'Monthly carbon report per cluster in the console',
      'Encrypted block storage and daily etcd backups',
      'Upgrade to Standard at any time without redeploying',
    ],
    notFor: 'Services that must survive the loss of an availability zone should run on the Standard (Blue) tier.',
  },
  data: {
    type: 'data',
    color: 'cyan',
    label: CLUSTER_TYPE_LABELS.data,
    headline: 'Memory-rich nodes with fast NVMe for data platforms',
    summary:
      'Data Analytics clusters pair memory-optimised nodes with local NVMe storage, so Spark, Kafka, ClickHouse and friends run close to their data without leaving the EU.',
    useCases: [
      { title: 'Streaming platforms', description: 'Kafka or Redpanda clusters with the Strimzi operator, tuned for low-latency local disks.' },
      { title: 'Analytics and lakehouses', description: 'Spark on Kubernetes, Trino and ClickHouse reading object storage in the same region.' },
      { title: 'Machine-learning feature pipelines', description: 'Large joins and aggregations that need hundreds of gigabytes of memory per node.' },
    ],
    included: [
      'Memory-optimised nodes with local NVMe disks',
      'Local persistent volume provisioner for stateful data services',
      'Private, same-region access to S3-compatible object storage',
      'Node pools with taints reserved for heavy jobs',
      'Operator catalogue: Strimzi, Spark, CloudNativePG, ClickHouse',
    ],
    notFor: 'Model training and inference with GPUs belongs on the AI/ML (Violet) tier.',
  },
  ai: {
    type: 'ai',
    color: 'violet',
    label: CLUSTER_TYPE_LABELS.ai,
    headline: 'GPU-ready Kubernetes for sovereign AI',
    summary:
      'AI/ML clusters come with GPU node pools, the NVIDIA GPU operator preinstalled and large local storage for datasets and checkpoints, so models are trained and served without your data leaving European jurisdiction.',
    useCases: [
      { title: 'Private LLM inference', description: 'Open-weight models served with vLLM or Text Generation Inference behind your own API gateway.' },
      { title: 'Model training and fine-tuning', description: 'Distributed training jobs with Kubeflow or Ray, checkpoints on fast local disks.' },
      { title: 'Computer vision', description: 'Image and video analysis pipelines for industry, retail and healthcare.' },
    ],
    included: [
      'GPU node pools with the NVIDIA GPU operator and drivers maintained for you',
      'High-memory nodes with large local storage for datasets and checkpoints',
      'Time-slicing and MIG partitioning to share GPUs between workloads',
      'Kueue for fair scheduling of training jobs',
      'Model and dataset storage that never leaves the region',
    ],
    notFor: 'For experiments without GPUs, a Sandbox or Dev/Test cluster is a cheaper place to start.',
  },
  orange: {
    type: 'orange',
    color: 'orange',
    label: CLUSTER_TYPE_LABELS.orange,
    headline: 'Short-lived clusters for CI, previews and staging',
    summary:
      'Dev/Test clusters are built for the environments around production: they scale to zero outside working hours, are created from the API in minutes and cost a fraction of a production cluster.',
    useCases: [
      { title: 'Preview environments', description: 'One namespace or one cluster per pull request, created and destroyed by your pipeline.' },
      { title: 'Staging', description: 'A faithful copy of production versions and add-ons to rehearse releases and upgrades.' },
      { title: 'Integration testing', description: 'End-to-end test suites that need real Kubernetes APIs, not mocks.' },
    ],
    included: [
      'Automatic scale-to-zero of worker nodes on evenings and weekends',
      'Cluster creation and deletion through the REST API with API tokens',
      'Same Kubernetes versions and add-ons as production tiers',
      'Managed control plane with a 99 % uptime SLA',
      'Promotion of a configuration to a production tier in one step',
    ],
    notFor: 'Anything customers depend on should run on the Standard (Blue) tier or above.',
  },
  sandbox: {
    type: 'sandbox',
    color: 'gray',
    label: CLUSTER_TYPE_LABELS.sandbox,
    headline: 'A single-node cluster to learn and try things',
    summary:
      'The Sandbox is a small, isolated Kubernetes cluster for learning, workshops and trying add-ons from the marketplace, with the same console and APIs as production clusters.',
    useCases: [
      { title: 'Learning Kubernetes', description: 'Follow our tutorials on a real cluster instead of a local emulator.' },
      { title: 'Workshops and training', description: 'One sandbox per participant, created before the session and deleted after.' },
      { title: 'Evaluating add-ons', description: 'Install an ingress controller, a database operator or observability stack before committing to it.' },
    ],
    included: [
      'A single node, created in a few minutes',
      'Full access to the Kubernetes API and kubectl',
      'Marketplace add-ons and middlewares',
      'Isolated from production networks and clusters',
      'Upgrade to any other tier when the experiment becomes a project',
    ],
    notFor: 'Sandboxes carry no SLA and are not meant for production traffic.',
  },
};

export { CLUSTER_TYPE_ALIASES } from './cluster-type-aliases';
