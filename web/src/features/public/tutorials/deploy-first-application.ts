import type { Tutorial } from './tutorial-types';

export const deployFirstApplication: Tutorial = {
  slug: 'deploy-your-first-application',
  title: 'Deploy your first application with HTTPS',
  summary: 'Connect to a new cluster with kubectl, deploy a web application, and publish it on your own domain with a free TLS certificate.',
  level: 'Beginner',
  minutes: 20,
  tags: ['kubectl', 'ingress', 'cert-manager'],
  updated: '2026-02-10',
  blocks: [
    { type: 'paragraph', text: 'In this tutorial you deploy a small web application to a KubeMarket cluster, expose it through the managed ingress controller, and secure it with a Let\'s Encrypt certificate issued by cert-manager. Any tier works; a Sandbox cluster is enough.' },
    { type: 'heading', text: 'Before you start' },
    {
      type: 'list',
      items: [
        'A running cluster: order one from the pricing page and wait until its status is Running.',
        '`kubectl` 1.35 or later installed on your computer.',
        'A domain name whose DNS you can edit, for example `shop.example.eu`.',
      ],
    },
    { type: 'heading', text: '1. Download the kubeconfig' },
    { type: 'paragraph', text: 'Open the cluster in the console and choose Download kubeconfig. Save the file, then point kubectl at it and check that the nodes answer:' },
    {
      type: 'code',
      language: 'bash',
      code: 'export KUBECONFIG=~/Downloads/webshop-prod.kubeconfig.yaml\nkubectl get nodes\n\n# NAME                     STATUS   ROLES    AGE   VERSION\n# webshop-prod-pool-a-1    Ready    <none>   12m   v1.36.4\n# webshop-prod-pool-a-2    Ready    <none>   12m   v1.36.4',
    },
    { type: 'note', tone: 'warning', text: 'The kubeconfig grants administrator access to the cluster. Keep it out of version control and rotate it from the console if it leaks.' },
    { type: 'heading', text: '2. Deploy the application' },
    { type: 'paragraph', text: 'Create a namespace and a Deployment with two replicas of a small web server, and a Service in front of them. Save this as `app.yaml`:' },
    {
      type: 'code',
      language: 'yaml',
      code: 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: shop\nspec:\n  replicas: 2\n  selector:\n    matchLabels: { app: web }\n  template:\n    metadata:\n      labels: { app: web }\n    spec:\n      containers:\n        - name: web\n          image: nginxinc/nginx-unprivileged:1.29-alpine\n          ports:\n            - containerPort: 8080\n          resources:\n            requests: { cpu: 50m, memory: 64Mi }\n            limits: { memory: 128Mi }\n          readinessProbe:\n            httpGet: { path: /, port: 8080 }\n---\napiVersion: v1\nkind: Service\nmetadata:\n  name: web\n  namespace: shop\nspec:\n  selector: { app: web }\n  ports:\n    - port: 80\n      targetPort: 8080',
    },
    { type: 'code', language: 'bash', code: 'kubectl apply -f app.yaml\nkubectl -n shop rollout status deployment/web' },
    { type: 'heading', text: '3. Point your domain at the cluster' },
    { type: 'paragraph', text: 'The managed ingress controller has one public IP per cluster. Read it, then create an A record for your domain that points to it:' },
    { type: 'code', language: 'bash', code: 'kubectl -n ingress-nginx get service ingress-nginx-controller \\\n  -o jsonpath=\'{.status.loadBalancer.ingress[0].ip}\'' },
    { type: 'heading', text: '4. Issue a certificate and publish the site' },
    { type: 'paragraph', text: 'cert-manager is installed on every cluster. Create a ClusterIssuer for Let\'s Encrypt once, then an Ingress that refers to it. Replace the email and host with your own and save as `ingress.yaml`:' },
    {
      type: 'code',
      language: 'yaml',
      code: 'apiVersion: cert-manager.io/v1\nkind: ClusterIssuer\nmetadata:\n  name: letsencrypt\nspec:\n  acme:\n    server: https://acme-v02.api.letsencrypt.org/directory\n    email: ops@example.eu\n    privateKeySecretRef: { name: letsencrypt-account }\n    solvers:\n      - http01:\n          ingress: { ingressClassName: nginx }\n---\napiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: web\n  namespace: shop\n  annotations:\n    cert-manager.io/cluster-issuer: letsencrypt\nspec:\n  ingressClassName: nginx\n  tls:\n    - hosts: [shop.example.eu]\n      secretName: web-tls\n  rules:\n    - host: shop.example.eu\n      http:\n        paths:\n          - path: /\n            pathType: Prefix\n            backend:\n              service: { name: web, port: { number: 80 } }',
    },
    { type: 'code', language: 'bash', code: 'kubectl apply -f ingress.yaml\nkubectl -n shop get certificate web-tls --watch' },
    { type: 'paragraph', text: 'When the certificate shows `READY True`, usually within a minute once DNS has propagated, open `https://shop.example.eu` in your browser.' },
    { type: 'heading', text: 'Next steps' },
    {
      type: 'list',
      items: [
        'Scale with `kubectl -n shop scale deployment/web --replicas=4`, or follow the autoscaling tutorial.',
        'Store state in a managed PostgreSQL cluster with the CloudNativePG tutorial.',
        'Deploy from Git instead of kubectl with the GitOps tutorial.',
      ],
    },
  ],
};
