import { createServer, get, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import type { Express } from 'express';

/** One Server-Sent Events message as a client parses it. */
export interface SseMessage {
  id?: string;
  event: string;
  data: unknown;
}

/** An app listening on a real port (streams need one); close() ends open connections too. */
export async function listen(app: Express): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface SseStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** The JSON body of a refused request. */
  body: unknown;
  /** Every message so far, in order. */
  messages: SseMessage[];
  /** Comment lines so far (`: ping`), without the colon. */
  comments: string[];
  /** Resolves with the first message (already received or to come) that matches; fails after timeoutMs. */
  waitFor(match: (message: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  /** Resolves once a comment line matching `text` arrived. */
  waitForComment(text: string, timeoutMs?: number): Promise<void>;
  /** Resolves when the server ends the stream (or the connection drops). */
  ended: Promise<void>;
  close(): void;
}

/** Opens GET `path` on `baseUrl` and parses the stream's frames as they come (the EventSource rules, enough for tests). */
export function openSse(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = get(`${baseUrl}${path}`, { headers: { accept: 'text/event-stream', ...headers }, agent: false }, (res: IncomingMessage) => {
      const messages: SseMessage[] = [];
      const comments: string[] = [];
      const waiters = new Set<() => void>();
      const notify = () => waiters.forEach((w) => w());
      let pending = '';
      res.setEncoding('utf8');
      const ended = new Promise<void>((done) => {
        res.on('end', done);
        res.on('close', done);
        res.on('error', () => done());
      });
      const stream: SseStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        body: undefined,
        messages,
        comments,
        waitFor(match, timeoutMs = 5_000) {
          return new Promise((done, fail) => {
            const check = () => {
              const found = messages.find(match);
              if (!found) return false;
              waiters.delete(check);
              clearTimeout(timer);
              done(found);
              return true;
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
            }, timeoutMs);
            if (!check()) waiters.add(check);
          });
        },
        async waitForComment(text, timeoutMs = 5_000) {
          const deadline = Date.now() + timeoutMs;
          while (!comments.includes(text)) {
            if (Date.now() > deadline) throw new Error(`no "${text}" comment within ${timeoutMs} ms`);
            await new Promise((r) => setTimeout(r, 20));
          }
        },
        ended,
        close: () => req.destroy(),
      };
      if (stream.status !== 200) {
        let text = '';
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          stream.body = JSON.parse(text);
          resolve(stream);
        });
        return;
      }
      res.on('data', (chunk: string) => {
        pending += chunk;
        let at: number;
        while ((at = pending.indexOf('\n\n')) >= 0) {
          const frame = pending.slice(0, at);
          pending = pending.slice(at + 2);
          const message: Partial<SseMessage> & { dataLines?: string[] } = {};
          for (const line of frame.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) message.id = line.slice(4);
            else if (line.startsWith('event: ')) message.event = line.slice(7);
            else if (line.startsWith('data: ')) (message.dataLines ??= []).push(line.slice(6));
          }
          if (message.dataLines) messages.push({ id: message.id, event: message.event ?? 'message', data: JSON.parse(message.dataLines.join('\n')) });
        }
        notify();
      });
      res.on('error', () => undefined);
      resolve(stream);
    });
    req.on('error', reject);
  });
}

/**
 * A client that sends GET `path` and never reads a byte of the answer (a stalled reader): its
 * socket stays paused, so the kernel's buffers fill and then the server's.
 */
export function openStalledStream(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<{ close(): void }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      socket.pause();
      const lines = [`GET ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, 'Accept: text/event-stream', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      resolve({ close: () => socket.destroy() });
    });
    socket.on('error', (error) => reject(error));
  });
}
