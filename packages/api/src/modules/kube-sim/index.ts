// The kube-sim module's door: the read-only Kubernetes API of simulated clusters (ADR 32), served
// by the Worker behind the local TLS gateway.
export { answerKubeRequest, gatewayCertificate, gatewaySecretMatches, GATEWAY_SECRET_MIN_LENGTH, type KubeSimDeps } from './service';
export type { KubeAnswer } from './kubernetes';
