/**
 * The kubeconfig's lifetime choices (the server takes 1 hour to 1 year, 7 days by default) and the
 * file it is saved as.
 */
const HOUR = 3_600;
const DAY = 24 * HOUR;

export const KUBECONFIG_EXPIRY_OPTIONS: ReadonlyArray<{ seconds: number; label: string }> = [
  { seconds: HOUR, label: '1 hour' },
  { seconds: 8 * HOUR, label: '8 hours' },
  { seconds: DAY, label: '1 day' },
  { seconds: 7 * DAY, label: '7 days' },
  { seconds: 30 * DAY, label: '30 days' },
  { seconds: 90 * DAY, label: '90 days' },
  { seconds: 365 * DAY, label: '1 year' },
];

export const DEFAULT_KUBECONFIG_SECONDS = 7 * DAY;

/** "<cluster>-kubeconfig.yaml"; a name is a DNS label already, anything else is replaced so that every system accepts the file name. */
export function kubeconfigFileName(clusterName: string): string {
  const safe = clusterName
    .trim()
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return `${safe || 'cluster'}-kubeconfig.yaml`;
}

/** Saves text as a file through a Blob (the kubeconfig is never stored, so there is no URL to link to). */
export function saveTextFile(fileName: string, text: string, type = 'application/yaml'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL by now; revoking it later frees the memory.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
