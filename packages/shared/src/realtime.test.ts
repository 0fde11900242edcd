import { describe, expect, it } from 'vitest';
import { parseRealtimeMessage, realtimeMessageSchema } from './realtime';
import { testOperation } from './testing';

const progress = { type: 'cluster_progress', userId: 'usr_1', clusterId: 'clu_1', clusterName: 'alpha', clusterStatus: 'provisioning', readyNodes: 0, operation: testOperation() };

describe('parseRealtimeMessage', () => {
  it('reads a notification and a cluster operation’s progress for the signed-in user', () => {
    expect(parseRealtimeMessage(JSON.stringify({ type: 'notification', userId: 'usr_1', notificationId: 'ntf_1' }), 'usr_1')).toEqual({ type: 'notification', userId: 'usr_1', notificationId: 'ntf_1' });
    const message = parseRealtimeMessage(JSON.stringify(progress), 'usr_1');
    expect(message?.type).toBe('cluster_progress');
    expect(message).toEqual(progress);
  });

  it('ignores another user’s message, a type it does not know, a malformed body and what is not JSON', () => {
    expect(parseRealtimeMessage(JSON.stringify({ type: 'notification', userId: 'usr_2' }), 'usr_1')).toBeNull();
    expect(parseRealtimeMessage(JSON.stringify({ type: 'invoice_paid', userId: 'usr_1' }), 'usr_1')).toBeNull();
    expect(parseRealtimeMessage(JSON.stringify({ ...progress, operation: null }), 'usr_1')).toBeNull();
    expect(parseRealtimeMessage(JSON.stringify({ ...progress, clusterStatus: 'melting' }), 'usr_1')).toBeNull();
    expect(parseRealtimeMessage('pong', 'usr_1')).toBeNull();
    expect(parseRealtimeMessage(new ArrayBuffer(4), 'usr_1')).toBeNull();
  });

  it('keeps working when the server adds a field a client does not know yet', () => {
    expect(parseRealtimeMessage(JSON.stringify({ ...progress, region: 'fr-par-1' }), 'usr_1')).toEqual(progress);
    expect(realtimeMessageSchema.safeParse({ ...progress, region: 'fr-par-1' }).success).toBe(true);
  });
});
