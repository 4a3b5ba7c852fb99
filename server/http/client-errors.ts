import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorBody } from '../../shared/error-codes';
import { SERVED_METHODS } from './method-guard';

/** Writes a whole answer on a socket Express never saw, and closes it. */
function answerRaw(socket: Duplex, status: number, body: ErrorBody, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n${extra}Connection: close\r\n\r\n${text}`);
}

/**
 * Requests Node refuses before Express sees them (headers over 16 kB, broken framing) get the API's
 * `{detail, code}` body too, instead of a bare status line; so does CONNECT (Node hands it to a
 * 'connect' listener, never to the app, and without one drops the connection unanswered).
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    if (error.code === 'HPE_HEADER_OVERFLOW') return answerRaw(socket, 431, { detail: 'The request headers (or URL) are too large', code: 'HEADERS_TOO_LARGE' });
    answerRaw(socket, 400, { detail: 'The request is not valid HTTP', code: 'BAD_REQUEST' });
  });
  server.on('connect', (_req, socket: Duplex) => {
    // The socket is the listener's now: a client that resets it must not be an uncaught error.
    socket.on('error', () => socket.destroy());
    if (!socket.writable) return void socket.destroy();
    answerRaw(socket, 405, { detail: 'CONNECT is not served here: this is not a proxy', code: 'METHOD_NOT_SUPPORTED' }, { Allow: [...SERVED_METHODS].join(', ') });
  });
}
