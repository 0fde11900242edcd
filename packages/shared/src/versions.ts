/**
 * Kubernetes versions, compared the one way every part of the product does (issue 32): numerically
 * part by part ("1.100" follows "1.99", "1.37.1" follows "1.37"), a leading "v" ignored, a missing
 * or unreadable part counted as 0.
 */
export function compareKubernetesVersions(a: string, b: string): number {
  const left = versionParts(a);
  const right = versionParts(b);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** "v1.37.1" → [1, 37, 1]. */
export function versionParts(version: string): number[] {
  return version
    .trim()
    .replace(/^v/i, '')
    .split('.')
    .map((part) => Number.parseInt(part, 10) || 0);
}

/** Whether `a` is on an older minor release than `b` (patches ignored): "1.36.9" is older than "1.37.0". */
export function olderMinorVersion(a: string, b: string): boolean {
  const [aMajor = 0, aMinor = 0] = versionParts(a);
  const [bMajor = 0, bMinor = 0] = versionParts(b);
  return aMajor < bMajor || (aMajor === bMajor && aMinor < bMinor);
}
