import type { RealtimeMessage } from '@kubemarket/api';
import { DurableObject } from 'cloudflare:workers';
import type { NotificationHubRpc, Env } from './env';

export type HubMessage = RealtimeMessage;

/** Tabs of one browser session: enough for real use, few enough that a script cannot pile them up. */
export const MAX_SOCKETS_PER_SESSION = 10;

const SESSION_TAG = 'session:';

/** Close code of a socket whose session ended (the client does not reconnect by itself). */
const SESSION_ENDED = 4001;

/**
 * One hub per user (idFromName(userId)). Sockets are accepted with the hibernation API, so
 * an idle hub costs nothing and its sockets survive eviction; the application ping is
 * answered by the runtime without waking the object. A hub stores nothing and sets no alarm:
 * whoever ends a session closes its sockets (closeSession), and sessions that end by time or
 * with a disabled account are closed by the minutely sweep (endExpiredSessions, ADR 22). So a
 * hub woken by a notification has no storage write to flush, which made waking a thousand of
 * them take twice as long.
 */
export class NotificationHub extends DurableObject<Env> implements NotificationHubRpc {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') {
      return new Response('Expected a WebSocket upgrade', { status: 426 });
    }
    const sessionTag = `${SESSION_TAG}${request.headers.get('X-Session-Id') ?? 'anonymous'}`;
    // Counted and accepted without an await in between: two upgrades cannot both take the last place.
    if (this.ctx.getWebSockets(sessionTag).length >= MAX_SOCKETS_PER_SESSION) {
      return Response.json(
        { message: `At most ${MAX_SOCKETS_PER_SESSION} live connections per session: close other tabs and try again.` },
        { status: 429 },
      );
    }
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server, [sessionTag]);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sends a message to every open socket of this user; returns how many received it. */
  async publish(message: HubMessage): Promise<number> {
    const payload = JSON.stringify(message);
    let delivered = 0;
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(payload);
        delivered += 1;
      } catch {
        // A socket that closed between getWebSockets() and send() is simply skipped.
      }
    }
    return delivered;
  }

  /** Closes the sockets of one session (sign-out, session invalidation). */
  async closeSession(sessionId: string, reason = 'Signed out'): Promise<number> {
    const sockets = this.ctx.getWebSockets(`${SESSION_TAG}${sessionId}`);
    for (const socket of sockets) socket.close(SESSION_ENDED, reason);
    return sockets.length;
  }

  async connectionCount(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

  /** Hubs set an alarm before ADR 22; one still stored fires once after the deploy and does nothing. */
  override async alarm(): Promise<void> {}

  override async webSocketMessage(): Promise<void> {
    // Clients only send the auto-answered ping; anything else is ignored.
  }

  override async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    try {
      socket.close(code === 1005 ? 1000 : code, reason);
    } catch {
      // Already closed.
    }
  }
}

