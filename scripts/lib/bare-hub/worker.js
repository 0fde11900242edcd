// The bare hub of `pnpm bench:notifications`: the runtime's floor that the product's hub
// (worker/src/notification-hub.ts) is measured against in the same run. The same pattern and
// nothing around it: one Durable Object per organisation (idFromName) holding its members'
// sockets, each tagged with its user (ADR 43), accepted with the hibernation API and ping answered
// by the runtime; one call per publish carrying each user's message, serialised once per message
// and sent to every socket of that user; permessage-deflate declined as the product does (ADR 23).
// No session, no database, no notification row: the user and organisation are named by the
// `bare_user` and `bare_org` cookies, and an organisation's members are bare_member_0 ..
// bare_member_{members - 1}.
// Its answers have the product's tRPC shape ({ result: { data } }) so the one bench client serves both.
/* global Headers, Request, Response, WebSocketPair, WebSocketRequestResponsePair -- the Workers runtime's */
import { DurableObject } from 'cloudflare:workers';

export class BareHub extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
  }

  async fetch(request) {
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1], [`user:${request.headers.get('X-User-Id')}`]);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  async publish(messages) {
    let delivered = 0;
    for (const message of messages) {
      const sockets = this.ctx.getWebSockets(`user:${message.userId}`);
      if (sockets.length === 0) continue;
      const payload = JSON.stringify(message);
      for (const socket of sockets) {
        try {
          socket.send(payload);
          delivered += 1;
        } catch {
          // Closed meanwhile.
        }
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
const hubOf = (env, organizationId) => env.HUB.get(env.HUB.idFromName(organizationId));
const cookie = (request, name) => new RegExp(`(?:^|;\\s*)${name}=([^;]+)`).exec(request.headers.get('Cookie') ?? '')?.[1];
const data = (value) => Response.json({ result: { data: value } });

/** Tells the organisation's hub every user's message, in one call. */
async function publishAll(env, organizationId, userIds) {
  const ids = {};
  const messages = userIds.map((userId) => {
    const notificationId = `bare_${(sequence += 1)}`;
    ids[userId] = notificationId;
    return { type: 'notification', userId, notificationId };
  });
  await hubOf(env, organizationId).publish(messages);
  return ids;
}

export default {
  async fetch(request, env) {
    const { pathname } = new URL(request.url);
    if (pathname === '/healthz') return new Response('ok');
    const [user, organization] = [cookie(request, 'bare_user'), cookie(request, 'bare_org')];
    if (!user || !organization) return new Response('No bare_user and bare_org cookies', { status: 401 });
    if (pathname === '/ws') {
      const headers = new Headers(request.headers);
      headers.set('X-User-Id', user);
      const answer = await hubOf(env, organization).fetch(new Request(request, { headers }));
      return new Response(null, { status: 101, webSocket: answer.webSocket, headers: { 'Sec-WebSocket-Extensions': 'none' } });
    }
    if (request.method !== 'POST') return new Response('Not found', { status: 404 });
    if (pathname === '/trpc/dev.notify') {
      const ids = await publishAll(env, organization, [user]);
      return data({ id: ids[user] });
    }
    if (pathname === '/trpc/dev.notifyOrganization') {
      const { members } = await request.json();
      const ids = await publishAll(env, organization, Array.from({ length: members }, (_, index) => `bare_member_${index}`));
      return data({ recipients: members, ids });
    }
    return new Response('Not found', { status: 404 });
  },
};
