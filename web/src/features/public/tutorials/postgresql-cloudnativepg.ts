import type { Tutorial } from './tutorial-types';

export const postgresqlCloudNativePg: Tutorial = {
  slug: 'highly-available-postgresql-with-cloudnativepg',
  title: 'Run highly available PostgreSQL with CloudNativePG',
  summary: 'Install the CloudNativePG operator, create a three-instance PostgreSQL cluster on encrypted volumes, and back it up to object storage in the same region.',
  level: 'Intermediate',
  minutes: 35,
  tags: ['postgresql', 'storage', 'backups', 'operators'],
  updated: '2026-01-22',
  blocks: [
    { type: 'paragraph', text: 'CloudNativePG is an open-source operator that runs PostgreSQL the Kubernetes way: one primary, streaming replicas, automated failover and continuous backups. It is available in the KubeMarket add-ons marketplace, and this tutorial also shows how to install it with kubectl.' },
    { type: 'heading', text: 'Before you start' },
    {
      type: 'list',
      items: [
        'A Standard (Blue) cluster or above with at least three nodes, so each PostgreSQL instance runs on its own node.',
        'An S3-compatible bucket in the same region for backups, with an access key and secret key.',
      ],
    },
    { type: 'heading', text: '1. Install the operator' },
    { type: 'paragraph', text: 'From the console, open Add-ons and install CloudNativePG on your cluster. To install it yourself instead:' },
    {
      type: 'code',
      language: 'bash',
      code: 'kubectl apply --server-side -f \\\n  https://raw.githubusercontent.com/cloudnative-pg/cloudnative-pg/release-1.28/releases/cnpg-1.28.0.yaml\nkubectl -n cnpg-system rollout status deployment/cnpg-controller-manager',
    },
    { type: 'heading', text: '2. Store the backup credentials' },
    { type: 'code', language: 'bash', code: 'kubectl create namespace db\nkubectl -n db create secret generic backup-credentials \\\n  --from-literal=ACCESS_KEY_ID=... \\\n  --from-literal=ACCESS_SECRET_KEY=...' },
    { type: 'heading', text: '3. Create the database cluster' },
    { type: 'paragraph', text: 'Save the following as `postgres.yaml`. The `km-block-ssd` storage class gives encrypted, replicated block volumes; the affinity rule spreads instances over nodes.' },
    {
      type: 'code',
      language: 'yaml',
      code: 'apiVersion: postgresql.cnpg.io/v1\nkind: Cluster\nmetadata:\n  name: orders-db\n  namespace: db\nspec:\n  instances: 3\n  imageName: ghcr.io/cloudnative-pg/postgresql:18\n  storage:\n    storageClass: km-block-ssd\n    size: 50Gi\n  affinity:\n    enablePodAntiAffinity: true\n    topologyKey: kubernetes.io/hostname\n  bootstrap:\n    initdb:\n      database: orders\n      owner: orders\n  backup:\n    retentionPolicy: 30d\n    barmanObjectStore:\n      destinationPath: s3://orders-db-backups/\n      endpointURL: https://s3.fr-par-1.kubemarket.eu\n      s3Credentials:\n        accessKeyId: { name: backup-credentials, key: ACCESS_KEY_ID }\n        secretAccessKey: { name: backup-credentials, key: ACCESS_SECRET_KEY }',
    },
    { type: 'code', language: 'bash', code: 'kubectl apply -f postgres.yaml\nkubectl -n db get cluster orders-db --watch' },
    { type: 'paragraph', text: 'After two to three minutes the cluster reports `Cluster in healthy state` with three ready instances.' },
    { type: 'heading', text: '4. Connect your application' },
    { type: 'paragraph', text: 'The operator creates a `orders-db-rw` service that always points to the primary, a `orders-db-ro` service for the replicas, and a secret `orders-db-app` with the credentials of the `orders` user. Reference it from your Deployment:' },
    {
      type: 'code',
      language: 'yaml',
      code: 'env:\n  - name: DATABASE_URL\n    valueFrom:\n      secretKeyRef:\n        name: orders-db-app\n        key: uri',
    },
    { type: 'heading', text: '5. Schedule backups and test a failover' },
    {
      type: 'code',
      language: 'yaml',
      code: 'apiVersion: postgresql.cnpg.io/v1\nkind: ScheduledBackup\nmetadata:\n  name: orders-db-nightly\n  namespace: db\nspec:\n  schedule: "0 0 2 * * *"\n  cluster: { name: orders-db }',
    },
    { type: 'paragraph', text: 'Write-ahead logs are archived continuously, so you can restore to any point in the last 30 days. To see failover at work, delete the primary pod and watch a replica take over in a few seconds:' },
    { type: 'code', language: 'bash', code: 'kubectl -n db get pods -l cnpg.io/instanceRole=primary\nkubectl -n db delete pod orders-db-1\nkubectl -n db get cluster orders-db --watch' },
    { type: 'note', tone: 'info', text: 'Backups stay in the region of the bucket you chose. For health data, use a bucket in an HDS-certified region such as fr-par-1.' },
  ],
};
