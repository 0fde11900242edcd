import type { Tutorial } from './tutorial-types';

export const gitopsArgoCd: Tutorial = {
  slug: 'gitops-with-argo-cd',
  title: 'Deploy from Git with Argo CD',
  summary: 'Install Argo CD, connect a Git repository, and let every merge to main update your cluster automatically, with drift detection and one-click rollbacks.',
  level: 'Intermediate',
  minutes: 30,
  tags: ['gitops', 'argo-cd', 'ci/cd'],
  updated: '2026-02-03',
  blocks: [
    { type: 'paragraph', text: 'With GitOps, the desired state of your cluster lives in a Git repository. Argo CD runs inside the cluster, compares it with the repository and applies the differences. Changes go through pull requests and reviews, and the history of Git becomes the history of your deployments.' },
    { type: 'heading', text: '1. Install Argo CD' },
    { type: 'paragraph', text: 'Install it from the Add-ons page of the console, or with kubectl:' },
    { type: 'code', language: 'bash', code: 'kubectl create namespace argocd\nkubectl -n argocd apply -f \\\n  https://raw.githubusercontent.com/argoproj/argo-cd/stable/manifests/install.yaml\nkubectl -n argocd rollout status deployment/argocd-server' },
    { type: 'heading', text: '2. Sign in to the Argo CD interface' },
    { type: 'code', language: 'bash', code: '# The initial admin password\nkubectl -n argocd get secret argocd-initial-admin-secret \\\n  -o jsonpath=\'{.data.password}\' | base64 -d; echo\n\n# Open https://localhost:8080 while this runs\nkubectl -n argocd port-forward service/argocd-server 8080:443' },
    { type: 'note', tone: 'warning', text: 'Change the admin password after your first sign-in, or connect Argo CD to your identity provider with OIDC, then delete the initial secret.' },
    { type: 'heading', text: '3. Prepare the repository' },
    { type: 'paragraph', text: 'Put your Kubernetes manifests, a Kustomize overlay or a Helm chart in a folder of a Git repository, for example:' },
    { type: 'code', language: 'text', code: 'platform-config/\n└── apps/\n    └── shop/\n        ├── kustomization.yaml\n        ├── deployment.yaml\n        ├── service.yaml\n        └── ingress.yaml' },
    { type: 'paragraph', text: 'For a private repository, add a deploy key with read-only access and register it with Argo CD (Settings → Repositories).' },
    { type: 'heading', text: '4. Create the application' },
    {
      type: 'code',
      language: 'yaml',
      code: 'apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: shop\n  namespace: argocd\nspec:\n  project: default\n  source:\n    repoURL: https://git.example.eu/platform/platform-config.git\n    targetRevision: main\n    path: apps/shop\n  destination:\n    server: https://kubernetes.default.svc\n    namespace: shop\n  syncPolicy:\n    automated:\n      prune: true\n      selfHeal: true\n    syncOptions:\n      - CreateNamespace=true',
    },
    { type: 'code', language: 'bash', code: 'kubectl apply -f shop-application.yaml' },
    { type: 'paragraph', text: 'Within a few seconds Argo CD clones the repository and creates the resources. `selfHeal` reverts manual changes made with kubectl, and `prune` deletes resources removed from Git.' },
    { type: 'heading', text: '5. Ship a change' },
    { type: 'list', ordered: true, items: ['Change the image tag in `deployment.yaml` in a pull request.', 'Merge it into `main` after review.', 'Argo CD detects the new commit (every three minutes, or immediately with a webhook) and rolls out the new version.'] },
    { type: 'paragraph', text: 'To roll back, revert the commit. The cluster follows Git, so the previous version comes back exactly as it was.' },
    { type: 'heading', text: 'Going further' },
    {
      type: 'list',
      items: [
        'Manage several clusters, for example staging on a Dev/Test cluster and production on a Standard cluster, from one Argo CD.',
        'Create preview environments per pull request with the ApplicationSet pull-request generator.',
        'Keep secrets out of Git with the External Secrets add-on.',
      ],
    },
  ],
};
