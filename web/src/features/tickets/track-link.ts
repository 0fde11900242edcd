/** What the address's fragment asks for: #confirm=… (the confirmation email) or #token=… (any later email). */
export type TrackLink = { kind: 'confirm'; token: string } | { kind: 'token'; token: string } | null;

export function readTrackLink(hash: string): TrackLink {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const confirm = params.get('confirm');
  if (confirm) return { kind: 'confirm', token: confirm };
  const token = params.get('token');
  return token ? { kind: 'token', token } : null;
}
