import { expect } from 'vitest';

/**
 * Resolves once everything the notification hub sent on `socket` before now has arrived: the
 * runtime answers the application `ping` on the same socket, after what was sent before it (or the
 * socket closes). A positive signal for "nothing else arrived", instead of sleeping. When `record`
 * is given, the `pong` is taken off it, so it keeps only what the hub sent.
 */
export function flush(socket: WebSocket, record?: string[]): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      socket.removeEventListener('message', onMessage);
      socket.removeEventListener('close', done);
      const pong = record?.lastIndexOf('pong') ?? -1;
      if (pong >= 0) record!.splice(pong, 1);
      resolve();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.data === 'pong') done();
    };
    socket.addEventListener('message', onMessage);
    socket.addEventListener('close', done);
    try {
      socket.send('ping');
    } catch {
      done();
    }
  });
}

/**
 * The socket a 101 answer upgraded to (the test fails on any other answer), accepted, recording
 * what it receives (as `read` makes of each message's text; undefined leaves it out) and the
 * codes it closes with.
 */
export function acceptedSocket<T = string>(res: Response, read: (text: string) => T | undefined = (text) => text as T) {
  expect(res.status).toBe(101);
  const socket = res.webSocket!;
  const messages: T[] = [];
  const closes: number[] = [];
  socket.addEventListener('message', (event) => {
    const message = read(String(event.data));
    if (message !== undefined) messages.push(message);
  });
  socket.addEventListener('close', (event) => {
    closes.push(event.code);
  });
  socket.accept();
  return { socket, messages, closes };
}
