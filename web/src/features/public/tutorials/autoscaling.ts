import type { Tutorial } from './tutorial-types';

export const autoscaling: Tutorial = {
  slug: 'autoscale-pods-and-nodes',
  title: 'Autoscale pods and nodes',
  summary: 'Let Kubernetes add pods when traffic grows with the Horizontal Pod Autoscaler, and let KubeMarket add nodes when pods no longer fit.',
  level: 'Beginner',
  minutes: 25,
  tags: ['autoscaling', 'hpa', 'node pools'],
  updated: '2026-01-08',
  blocks: [
    { type: 'paragraph', text: 'Autoscaling works at two levels. The Horizontal Pod Autoscaler (HPA) changes the number of replicas of a workload from its CPU or memory use. The cluster autoscaler changes the number of nodes of a node pool when pods cannot be scheduled, or when nodes stay under-used. Together they keep your service responsive without paying for idle capacity.' },
    { type: 'heading', text: '1. Set resource requests' },
    { type: 'paragraph', text: 'Both autoscalers reason in terms of requests: the HPA computes utilisation as a percentage of the CPU request, and the cluster autoscaler adds nodes when requests do not fit. Every container you want to scale needs them:' },
    { type: 'code', language: 'yaml', code: 'resources:\n  requests:\n    cpu: 250m\n    memory: 256Mi\n  limits:\n    memory: 512Mi' },
    { type: 'note', tone: 'info', text: 'metrics-server is installed on every KubeMarket cluster, so `kubectl top pods` and the HPA work out of the box.' },
    { type: 'heading', text: '2. Create a Horizontal Pod Autoscaler' },
    {
      type: 'code',
      language: 'yaml',
      code: 'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: web\n  namespace: shop\nspec:\n  scaleTargetRef:\n    apiVersion: apps/v1\n    kind: Deployment\n    name: web\n  minReplicas: 2\n  maxReplicas: 20\n  metrics:\n    - type: Resource\n      resource:\n        name: cpu\n        target:\n          type: Utilization\n          averageUtilization: 70\n  behavior:\n    scaleDown:\n      stabilizationWindowSeconds: 300',
    },
    { type: 'code', language: 'bash', code: 'kubectl apply -f hpa.yaml\nkubectl -n shop get hpa web --watch' },
    { type: 'paragraph', text: 'The five-minute stabilisation window keeps replicas around after a peak, so a short lull does not remove capacity you will need again a minute later.' },
    { type: 'heading', text: '3. Enable node autoscaling' },
    { type: 'paragraph', text: 'In the console, open your cluster, choose the node pool and enable Autoscaling with a minimum and a maximum number of nodes. The cluster autoscaler then adds a node within about two minutes when pods are Pending for lack of room, and removes a node that has been under half used for ten minutes once its pods fit elsewhere.' },
    { type: 'note', tone: 'warning', text: 'You pay for the nodes that run. Set a maximum that matches your budget; the console shows the cost of the maximum before you save.' },
    { type: 'heading', text: '4. Generate load and watch it scale' },
    { type: 'code', language: 'bash', code: 'kubectl -n shop run load --image=busybox:1.37 --restart=Never -- \\\n  /bin/sh -c "while true; do wget -q -O- http://web; done"\n\nkubectl -n shop get hpa web --watch\nkubectl get nodes --watch' },
    { type: 'paragraph', text: 'Replicas rise as CPU use passes 70 %. If they no longer fit on the existing nodes, new nodes join the pool. Delete the load generator with `kubectl -n shop delete pod load` and watch everything scale back down over the following minutes.' },
    { type: 'heading', text: 'Good practices' },
    {
      type: 'list',
      items: [
        'Add a PodDisruptionBudget so scale-down never removes too many replicas at once.',
        'Keep `minReplicas` at 2 or more for anything customer-facing.',
        'Dev/Test clusters can scale to zero nodes outside working hours: enable it in the node pool settings.',
      ],
    },
  ],
};
