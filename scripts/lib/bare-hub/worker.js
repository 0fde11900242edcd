// The bare hub of `pnpm bench:notifications`: the runtime's floor that the product's hub
// (worker/src/notification-hub.ts) is measured against in the same run. The same pattern and
// nothing around it: one Durable Object per user (idFromName), sockets accepted with the
// hibernation API and ping answered by the runtime, a message serialised once and sent to every
// socket of the user, permessage-deflate declined as the product does (ADR 23). No session, no
// database, no notification row: the user is named by the `bare_user` cookie and an
// organisation's members are bare_member_0 .. bare_member_{members - 1}.
// Its answers have the product's tRPC shape ({ result: { data } }) so the one bench client serves both.
/* global Response, WebSocketPair, WebSocketRequestResponsePair -- the Workers runtime's */
import { DurableObject } from 'cloudflare:workers';

export class BareHub extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
  }

  async fetch() {
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1]);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  async publish(message) {
    const payload = JSON.stringify(message);
    let delivered = 0;
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(payload);
        delivered += 1;
      } catch {
        // Closed meanwhile.
      }
    }
    return delivered;
  }

  async webSocketMessage() {}

  async webSocketClose(socket, code, reason) {
    try {
      socket.close(code === 1005 ? 1000 : code, reason);
    } catch {
      // Already closed.
    }
  }
}

let sequence = 0;
const hubOf = (env, userId) => env.HUB.get(env.HUB.idFromName(userId));
const userOf = (request) => /(?:^|;\s*)bare_user=([^;]+)/.exec(request.headers.get('Cookie') ?? '')?.[1];
const data = (value) => Response.json({ result: { data: value } });

/** Tells every user's hub their message, all calls in flight at once. */
async function publishAll(env, userIds) {
  const ids = {};
  await Promise.all(
    userIds.map((userId) => {
      const notificationId = `bare_${(sequence += 1)}`;
      ids[userId] = notificationId;
      return hubOf(env, userId).publish({ type: 'notification', userId, notificationId });
    }),
  );
  return ids;
}

export default {
  async fetch(request, env) {
    const { pathname } = new URL(request.url);
    if (pathname === '/healthz') return new Response('ok');
    const user = userOf(request);
    if (!user) return new Response('No bare_user cookie', { status: 401 });
    if (pathname === '/ws') {
      const answer = await hubOf(env, user).fetch(request);
      return new Response(null, { status: 101, webSocket: answer.webSocket, headers: { 'Sec-WebSocket-Extensions': 'none' } });
    }
    if (request.method !== 'POST') return new Response('Not found', { status: 404 });
    if (pathname === '/trpc/dev.notify') {
      const ids = await publishAll(env, [user]);
      return data({ id: ids[user] });
    }
    if (pathname === '/trpc/dev.notifyOrganization') {
      const { members } = await request.json();
      const ids = await publishAll(env, Array.from({ length: members }, (_, index) => `bare_member_${index}`));
      return data({ recipients: members, ids });
    }
    return new Response('Not found', { status: 404 });
  },
};
