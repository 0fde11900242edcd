import type { RealtimeMessage } from '@kubemarket/api';
import { DurableObject } from 'cloudflare:workers';
import type { NotificationHubRpc, Env } from './env';

export type HubMessage = RealtimeMessage;

/** Tabs of one browser session: enough for real use, few enough that a script cannot pile them up. */
export const MAX_SOCKETS_PER_SESSION = 10;

const SESSION_TAG = 'session:';
const USER_TAG = 'user:';

/** Close code of a socket whose session ended, or whose user left the organisation (the client reconnects). */
const SESSION_ENDED = 4001;

/**
 * One hub per organisation (idFromName(organizationId), ADR 43): it holds every socket of the
 * organisation's members, each tagged with its session and its user, so an organisation-wide
 * notice is one call that sends each member's sockets that member's own message, where a hub per
 * user took a call per member. Sockets are accepted with the hibernation API, so an idle hub costs
 * nothing and its sockets survive eviction; the application ping is answered by the runtime
 * without waking the object. A hub stores nothing and sets no alarm: whoever ends a session closes
 * its sockets (closeSessions), and sessions that end by time or with a disabled account are closed
 * by the minutely sweep (endExpiredSessions, ADR 22). So a woken hub has no storage write to flush.
 */
export class NotificationHub extends DurableObject<Env> implements NotificationHubRpc {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
  }

  /** The Worker's /ws, after sign-in: X-Session-Id and X-User-Id name whose socket this is. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') {
      return new Response('Expected a WebSocket upgrade', { status: 426 });
    }
    const userId = request.headers.get('X-User-Id');
    if (!userId) return new Response('Expected X-User-Id', { status: 400 });
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
    this.ctx.acceptWebSocket(server, [sessionTag, `${USER_TAG}${userId}`]);
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Sends each message to every open socket of its `userId` (serialised once per message, so one
   * user's notice to a thousand tabs is one JSON string); returns how many sockets received one.
   */
  async publish(messages: readonly HubMessage[]): Promise<number> {
    let delivered = 0;
    for (const message of messages) {
      const sockets = this.ctx.getWebSockets(`${USER_TAG}${message.userId}`);
      if (sockets.length === 0) continue;
      const payload = JSON.stringify(message);
      for (const socket of sockets) {
        try {
          socket.send(payload);
          delivered += 1;
        } catch {
          // A socket that closed between getWebSockets() and send() is simply skipped.
        }
      }
    }
    return delivered;
  }

  /** Closes the sockets of these sessions (sign-out, session invalidation, a member who left). */
  async closeSessions(sessionIds: readonly string[], reason = 'Signed out'): Promise<number> {
    let closed = 0;
    for (const sessionId of sessionIds) {
      for (const socket of this.ctx.getWebSockets(`${SESSION_TAG}${sessionId}`)) {
        socket.close(SESSION_ENDED, reason);
        closed += 1;
      }
    }
    return closed;
  }

  /** Open sockets: all of the organisation's, or one user's. */
  async connectionCount(userId?: string): Promise<number> {
    return this.ctx.getWebSockets(userId ? `${USER_TAG}${userId}` : undefined).length;
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

