import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { loadEnv } from '../../server/env';
import { createLogger } from '../../server/logger';
import { createMailer } from '../../server/mail/mailer';
import { createEventHub } from '../../server/modules/events/event-hub';
import { benchAppConfig } from './bench-config';

/*
 * The real app for the benchmark: createApp from server/app.ts with a pg pool on the bench
 * database, logging silenced, on a loopback port. It runs in its own process (started by run.ts)
 * so the load generator does not share its event loop. Reports its port over IPC.
 */
async function main() {
  const databaseUrl = process.env.BENCH_DB_URL;
  const jwtSecret = process.env.BENCH_JWT_SECRET;
  if (!databaseUrl || !jwtSecret) throw new Error('BENCH_DB_URL and BENCH_JWT_SECRET must be set');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stacks-bench-'));
  const config = benchAppConfig(dataDir, jwtSecret);
  const logger = createLogger('silent');
  // The request pool as `npm start` opens it: statements bounded by PG_STATEMENT_TIMEOUT_MS (default 5 s).
  const handle = await openDatabase({ databaseUrl, poolMax: Number(process.env.BENCH_POOL_MAX ?? 10), statementTimeoutMs: loadEnv().PG_STATEMENT_TIMEOUT_MS });
  const events = createEventHub({ handle, logger });
  await events.start();
  const app = createApp({ db: handle.db, config, mailer: createMailer({ ...config.mail, logger }), logger, events });
  const server = createServer(app);
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  });

  // The events bench asks for the process's memory and CPU over IPC.
  process.on('message', (message) => {
    if (message !== 'usage') return;
    const memory = process.memoryUsage();
    const cpu = process.cpuUsage();
    process.send?.({ usage: { rss: memory.rss, heapUsed: memory.heapUsed, cpuMicros: cpu.user + cpu.system } });
  });

  process.on('disconnect', () => {
    events.closeStreams();
    server.close();
    server.closeAllConnections();
    void events.stop().then(() => handle.close()).finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
