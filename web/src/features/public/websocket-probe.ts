/** How the /ws endpoint answered a probe. */
export type SocketProbeResult =
  | { status: 'connected'; latencyMs: number }
  | { status: 'reachable'; latencyMs: number; detail: string }
  | { status: 'unreachable'; detail: string };

export function socketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

interface ProbeDeps {
  createSocket: (url: string) => WebSocket;
  fetch: (url: string) => Promise<Response>;
  now: () => number;
  location: Pick<Location, 'protocol' | 'host'>;
  timeoutMs?: number;
}

/**
 * Opens a WebSocket on /ws and closes it at once. Without a session the server refuses the upgrade
 * with 401, which browsers report only as a closed socket; a plain GET then tells a refusing server
 * (401, 426) from one that cannot be reached at all.
 */
export async function probeWebSocket({ createSocket, fetch, now, location, timeoutMs = 5000 }: ProbeDeps): Promise<SocketProbeResult> {
  const started = now();
  const opened = await new Promise<boolean>((resolve) => {
    let socket: WebSocket;
    try {
      socket = createSocket(socketUrl(location));
    } catch {
      resolve(false);
      return;
    }
    const timer = setTimeout(() => {
      socket.close();
      resolve(false);
    }, timeoutMs);
    socket.addEventListener('open', () => {
      clearTimeout(timer);
      socket.close(1000, 'probe');
      resolve(true);
    });
    socket.addEventListener('close', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
  if (opened) return { status: 'connected', latencyMs: now() - started };

  try {
    const response = await fetch('/ws');
    const latencyMs = now() - started;
    if (response.status === 401) return { status: 'reachable', latencyMs, detail: 'The endpoint answered and requires a signed-in session (401).' };
    if (response.status === 426) return { status: 'reachable', latencyMs, detail: 'The endpoint answered and expects a WebSocket upgrade (426).' };
    return { status: 'unreachable', detail: `The endpoint answered HTTP ${response.status}.` };
  } catch {
    return { status: 'unreachable', detail: 'No answer from the endpoint.' };
  }
}
