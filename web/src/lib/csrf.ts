const CSRF_HEADER = 'X-CSRF-Token';

// The server rotates the token through a response header; the freshest one wins over the meta tag.
let latestToken: string | null = null;

function readMetaToken(): string | null {
  const content = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content.trim();
  return content ? content : null;
}

export function getCsrfToken(): string | null {
  return latestToken ?? readMetaToken();
}

export function rememberCsrfToken(response: Response): void {
  const token = response.headers.get(CSRF_HEADER)?.trim();
  if (token) {
    latestToken = token;
  }
}

export function csrfHeaders(): Record<string, string> {
  const token = getCsrfToken();
  return token ? { [CSRF_HEADER]: token } : {};
}
