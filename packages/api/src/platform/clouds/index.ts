/** Other clouds' managed Kubernetes (issue 16). */
export * from './port';
export { gkeClient, GKE_BASE_URLS, GCP_SCOPE, signServiceAccountJwt, type GkeBaseUrls } from './gke';
export { eksClient, EKS_BASE_URLS, AWS_REGIONS, amzDate, type EksBaseUrls } from './eks';
export { aksClient, AKS_BASE_URLS, AKS_API_VERSION, type AksBaseUrls } from './aks';
export { iksClient, IKS_BASE_URLS, type IksBaseUrls } from './iks';
export { cceClient, CCE_BASE_URLS, HUAWEI_REGIONS, type CceBaseUrls } from './cce';
export { ackClient, ACK_BASE_URLS, ACK_API_VERSION, ALIBABA_REGIONS, type AckBaseUrls } from './ack';
export { doksClient, DOKS_BASE_URLS, type DoksBaseUrls } from './doks';
export { signHuaweiRequest, type HuaweiSignInput, type HuaweiSignature } from './huawei-signer';
export { cloudsPortFromConfig, cloudTimeoutFromConfig, CloudConfigError } from './config';
export { signAcs3Request, type Acs3SignInput, type Acs3Signature } from './acs3-signer';
export { cloudClients, type CloudBaseUrls, type CloudsPort, type SupportedCloudProvider } from './clients';
