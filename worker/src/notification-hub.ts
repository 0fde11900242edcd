import type { RealtimeMessage } from '@kubemarket/api';
import { DurableObject } from 'cloudflare:workers';
import type { Env } from './env';

export type HubMessage = RealtimeMessage;

/**
 * One hub per user (idFromName(userId)). Sockets are accepted with the hibernation API, so
 * an idle hub costs nothing and its sockets survive eviction; the application ping is
 * answered by the runtime without waking the object.
 */
export class NotificationHub extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') {
      return new Response('Expected a WebSocket upgrade', { status: 426 });
    }
    const sessionTag = request.headers.get('X-Session-Id') ?? 'anonymous';
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server, [`session:${sessionTag}`]);
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
    const sockets = this.ctx.getWebSockets(`session:${sessionId}`);
    for (const socket of sockets) socket.close(4001, reason);
    return sockets.length;
  }

  async connectionCount(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

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
