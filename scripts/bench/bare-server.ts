import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { preparedName } from '../../server/db/prepared';
import { bind, captureAppStatements, type StatementTemplate } from './sql-capture';

/*
 * The baseline: node:http + pg and nothing else (no Express, tRPC, zod, Kysely at request time),
 * serving the three benchmarked endpoints with the app's own SQL (see sql-capture.ts). Per request
 * it does what the app's database layer does: verify the HS256 token, one user lookup, one
 * statement for the endpoint, rows to JSON. What it leaves out is the app's framework and shaping
 * (middleware, input validation, output schemas, ISO dates, scores), which is what the comparison
 * measures. Only the default feed (no filters, newest activity first) is served; offset and limit
 * are honoured. Started by run.ts as a child process; reports its port over IPC.
 */

// As the app's client.ts: bigint columns as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

interface Claims {
  sub: string;
  ver: number;
  sid: number;
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function main() {
  const databaseUrl = process.env.BENCH_DB_URL;
  const secret = process.env.BENCH_JWT_SECRET;
  if (!databaseUrl || !secret) throw new Error('BENCH_DB_URL and BENCH_JWT_SECRET must be set');
  const statements = await captureAppStatements();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.BENCH_POOL_MAX ?? 10), options: '-c jit=off -c plan_cache_mode=force_generic_plan' /* as the app's pool (server/db/client.ts) */ });

  // As the app's pool (server/db/prepared.ts): long statements run as named prepared statements.
  const names = new Map(Object.values(statements).flatMap((t) => ('sql' in t ? [t] : Object.values(t))).map((t: StatementTemplate) => [t.sql, preparedName(t.sql)]));
  const query = async (template: StatementTemplate, values: Parameters<typeof bind>[1]) =>
    (await pool.query({ name: names.get(template.sql), text: template.sql, values: bind(template, values) })).rows;

  async function viewerOf(req: IncomingMessage): Promise<{ id: number; isAdmin: boolean } | undefined> {
    const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (!match) return undefined;
    let claims: Claims;
    try {
      claims = jwt.verify(match[1], secret!, { algorithms: ['HS256'] }) as unknown as Claims;
    } catch {
      return undefined;
    }
    const id = Number(claims.sub);
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    if (!Number.isSafeInteger(claims.sid) || claims.sid <= 0) return undefined;
    const [user] = await query(statements.authUser, { viewer: id, session: claims.sid });
    if (!user || !user.session_live || !user.is_active || user.token_version !== claims.ver) return undefined;
    return { id, isAdmin: user.role === 'ADMIN' };
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://bench');
      if (req.method !== 'GET') return send(res, 404, { detail: 'No such endpoint', code: 'NOT_FOUND' });
      const detailMatch = /^\/v1\/stacks\/(\d+)$/.exec(url.pathname);
      const known = url.pathname === '/v2/stacks' || url.pathname === '/v1/users/notifications/unread-count' || detailMatch;
      if (!known) return send(res, 404, { detail: 'No such endpoint', code: 'NOT_FOUND' });
      const viewer = await viewerOf(req);
      if (!viewer) return send(res, 401, { detail: 'Not authenticated', code: 'UNAUTHORIZED' });
      const role = viewer.isAdmin ? 'admin' : 'user';
      if (url.pathname === '/v2/stacks') {
        const offset = Number(url.searchParams.get('offset') ?? 0);
        const limit = Number(url.searchParams.get('limit') ?? 33);
        if (!Number.isSafeInteger(offset) || offset < 0 || !Number.isSafeInteger(limit) || limit < 1 || limit > 100) {
          return send(res, 400, { detail: 'Bad offset or limit', code: 'VALIDATION_FAILED' });
        }
        // The feed's statement answers one row: the page as a JSON array of the API's items.
        const [page] = await query(statements.feed[role], { viewer: viewer.id, offset, limit });
        return send(res, 200, page.items);
      }
      if (detailMatch) {
        const [row] = await query(statements.detail[role], { viewer: viewer.id, stack: Number(detailMatch[1]) });
        return row ? send(res, 200, row) : send(res, 404, { detail: 'Stack not found', code: 'STACK_NOT_FOUND' });
      }
      const [counts] = await query(statements.unreadCount, { viewer: viewer.id });
      return send(res, 200, counts);
    })().catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) send(res, 500, { detail: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' });
    });
  });

  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  });

  // The parent disconnects (or dies): stop.
  process.on('disconnect', () => {
    server.close();
    server.closeAllConnections();
    void pool.end().finally(() => process.exit(0));
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
