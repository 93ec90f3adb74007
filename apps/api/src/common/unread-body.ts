import type { Request, Response } from 'express';

/** How long the connection of a request answered before its body was read stays half open. */
const LINGER_MS = 1_000;

/**
 * A request answered before its body was read (401 before the body, 413 past its limit, 404…)
 * must not make the API read the rest, which may be 77 MB or never end (DESIGN §15). Its
 * connection closes after the answer, without taking in another byte: Node would close it at
 * once, and a client still sending would then get a reset before it has read the answer; so,
 * as web servers do, the answer is sent and our side closed (FIN), and the connection is cut
 * LINGER_MS later (or as soon as the client closes, having read it). Nothing is read meanwhile:
 * what the client sends waits in its own buffers until the connection is cut.
 */
export function dropUnreadBody(req: Request, res: Response): void {
  if (req.complete) return;
  const socket = req.socket;
  res.set('Connection', 'close');
  // Node pulls an unread body off the wire once the answer is sent, to reuse the connection (the
  // request's `_read` starts the socket again); this one closes, so nothing more is read at all.
  socket.pause();
  (req as unknown as { _read: () => void })._read = () => undefined;
  // What Node calls once the last answer on a connection is written.
  socket.destroySoon = () => {
    socket.pause();
    if (socket.writable) socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
}
