import type { Socket } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** How long a refused upload's connection stays open, discarding what the client still sends. */
export const LINGER_MS = 30_000;

/**
 * Close a connection the way nginx's lingering close does. A refused upload is answered while the
 * client is still sending; closing the socket at once with unread bytes in it makes the kernel send
 * a reset, and a reset makes the client's kernel throw away the answer it had not read yet, so the
 * client sees "connection reset" (or EPIPE) instead of 14063. Here the server sends its answer and
 * its FIN, then keeps reading and discarding until the client closes or LINGER_MS pass.
 */
export function lingerOnClose(request: FastifyRequest): void {
  const socket = request.raw.socket as Socket & { destroySoon?: () => void };
  if (!socket || socket.destroyed) return;
  // Whatever parser was reading the body has given up; the rest of it goes nowhere.
  request.raw.unpipe();
  request.raw.on('data', () => {});
  request.raw.resume();
  // Node's server calls destroySoon() once a `connection: close` answer is written.
  socket.destroySoon = () => {
    if (socket.writable) socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    socket.once('end', () => socket.destroy());
    socket.on('data', () => {});
    socket.resume();
  };
}
