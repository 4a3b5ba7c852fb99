import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorBody } from '../../shared/error-codes';

/**
 * Requests Node refuses before Express sees them (headers over 16 kB, broken framing) get the API's
 * `{detail, code}` body too, instead of a bare status line.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? 431 : 400;
    const body = JSON.stringify(
      (tooLarge
        ? { detail: 'The request headers (or URL) are too large', code: 'HEADERS_TOO_LARGE' }
        : { detail: 'The request is not valid HTTP', code: 'BAD_REQUEST' }) satisfies ErrorBody,
    );
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
