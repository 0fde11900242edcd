import { liveSessionIds, logError, type RealtimeMessage } from '@kubemarket/api';
import { DurableObject } from 'cloudflare:workers';
import { databaseFor } from './context';
import type { Env } from './env';

export type HubMessage = RealtimeMessage;

/** Tabs of one browser session: enough for real use, few enough that a script cannot pile them up. */
export const MAX_SOCKETS_PER_SESSION = 10;

/** How often an open hub checks that its sessions still exist, are in date and their user enabled. */
export const SESSION_CHECK_INTERVAL_MS = 60_000;

const SESSION_TAG = 'session:';

/** Close code of a socket whose session ended (the client does not reconnect by itself). */
const SESSION_ENDED = 4001;

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
    await this.scheduleSessionCheck();
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

  /**
   * Sessions also end without a sign-out this hub hears of: idle or absolute expiry, deletion by
   * an operator, a disabled account. Every minute while sockets are open, the hub asks the
   * database which of its sessions are still live and closes the sockets of the others.
   */
  override async alarm(): Promise<void> {
    const sessions = this.openSessions();
    if (sessions.size === 0) return;
    try {
      const live = await liveSessionIds(databaseFor(this.env), [...sessions.keys()], Date.now());
      for (const [sessionId, sockets] of sessions) {
        if (live.has(sessionId)) continue;
        for (const socket of sockets) closeQuietly(socket, 'Session ended');
      }
    } catch (error) {
      // The database was unreachable: keep the sockets and ask again at the next alarm.
      logError('Notification hub session check failed', error);
    }
    // Sockets just closed stay listed while closing: only open ones need another check.
    if (this.ctx.getWebSockets().some((socket) => socket.readyState === WebSocket.OPEN)) {
      await this.ctx.storage.setAlarm(Date.now() + SESSION_CHECK_INTERVAL_MS);
    }
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

  /** The open sockets by session id, from their tags (which survive hibernation). */
  private openSessions(): Map<string, WebSocket[]> {
    const sessions = new Map<string, WebSocket[]>();
    for (const socket of this.ctx.getWebSockets()) {
      const tag = this.ctx.getTags(socket).find((value) => value.startsWith(SESSION_TAG));
      const sessionId = tag?.slice(SESSION_TAG.length) ?? '';
      const sockets = sessions.get(sessionId);
      if (sockets) sockets.push(socket);
      else sessions.set(sessionId, [socket]);
    }
    return sessions;
  }

  private async scheduleSessionCheck(): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + SESSION_CHECK_INTERVAL_MS);
  }
}

function closeQuietly(socket: WebSocket, reason: string): void {
  try {
    socket.close(SESSION_ENDED, reason);
  } catch {
    // Closed in the meantime.
  }
}
