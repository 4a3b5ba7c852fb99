import { existsSync } from 'node:fs';
import path from 'node:path';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import helmet from 'helmet';
import swaggerUiDist from 'swagger-ui-dist';
import { avatarRoutes } from './avatars/avatars';
import { LIMITS } from '../shared/limits';
import { SERVER_PATHS } from '../shared/server-paths';
import { selectOne } from './db/client';
import { asDatabaseFault, DATABASE_RETRY_AFTER_SECONDS } from './db/faults';
import { requestScope } from './db/request-scope';
import { buildOpenApiDocument } from './openapi';
import { bodyGuard } from './http/body-guard';
import { trpcMethodGuard } from './http/method-guard';
import { eventsRoute } from './modules/events/events.route';
import { UNSUBSCRIBE_PATH, unsubscribeRoute } from './modules/notification-settings/unsubscribe.route';
import { ROBOTS_TXT } from './modules/site/robots';
import { SHARE_IMAGE_PATHS, shareImageRoute } from './modules/stacks/share-image.route';
import { restHandler } from './http/rest';
import { readinessRoute } from './http/readiness';
import { requestId } from './http/request-id';
import { requestLog } from './http/request-log';
import { httpMetrics, routeLabelerFor, type RouteTemplate } from './metrics/http-metrics';
import { METRICS_PATH, metricsRoute } from './metrics/metrics-route';
import { applyErrorHeaders, logServerError } from './http/trpc-hooks';
import { appRouter } from './router';
import { contextFactory, type AppDeps } from './trpc/context';
import type { ErrorBody } from '../shared/error-codes';

const DOCS_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Stacks API reference</title>
<link rel="stylesheet" href="/docs/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script><script src="/docs/init.js"></script></body></html>`;
const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: true });`;

/**
 * The Express app: request basics, health and reference pages, the API (tRPC, streams, images,
 * REST), the built client, then the 404 and error answers. The order of the steps is the order
 * of the routes.
 */
export function createApp(deps: AppDeps) {
  const app = express();
  useRequestBasics(app, deps);
  serveHealthAndReference(app, deps);
  serveApi(app, deps);
  serveClient(app, deps.config.clientDistDir);
  answerUnmatchedAndErrors(app, deps);
  return app;
}

type App = ReturnType<typeof express>;

/** Paths whose requests are not logged one by one. */
const UNLOGGED_PATHS = new Set(['/healthz', '/readyz', METRICS_PATH]);

/**
 * The app's own routes beside the procedures' REST paths, as the request metrics name them
 * (docs/metrics.md); any other path is `other`, so label values stay a fixed set.
 */
const OWN_ROUTES: RouteTemplate[] = [
  { template: '/healthz', methods: ['GET'] },
  { template: '/readyz', methods: ['GET'] },
  { template: METRICS_PATH, methods: ['GET'] },
  { template: '/openapi.json', methods: ['GET'] },
  { template: '/robots.txt', methods: ['GET'] },
  { template: '/v1/events', methods: ['GET'] },
  { template: SHARE_IMAGE_PATHS.stack, methods: ['GET'] },
  { template: SHARE_IMAGE_PATHS.twisted, methods: ['GET'] },
  { template: UNSUBSCRIBE_PATH, methods: ['POST'] },
];

/** Request ids, request metrics, security headers, request logs, compression, JSON bodies and their guard. */
function useRequestBasics(app: App, { config, logger }: AppDeps) {
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  // Before anything that can answer: every response carries its id and is counted.
  app.use(requestId());
  app.use(httpMetrics(routeLabelerFor(appRouter, OWN_ROUTES)));
  app.use(helmet());
  // Probes and scrapes come every few seconds: not a log line each.
  app.use(requestLog(logger, UNLOGGED_PATHS));
  // JSON answers above 1 KB are gzipped when the client accepts it (the feed page shrinks ~8x).
  // Bundles skip this: they are sent precompressed below (a set Content-Encoding is left alone).
  app.use(compression({ threshold: LIMITS.compressAboveBytes }));
  app.use(express.json({ limit: config.jsonBodyLimit }));
  app.use(bodyGuard);
  // A client that hangs up cancels the request's running statements (server/db/request-scope.ts);
  // opt-in (PG_CANCEL_ON_HANGUP), as AsyncLocalStorage slows every request on Node 20.
  if (config.cancelOnHangUp) app.use(requestScope());
}

/** /healthz, /readyz, /metrics (when METRICS_TOKEN is set), /robots.txt, /openapi.json and the /docs reference page. */
function serveHealthAndReference(app: App, deps: AppDeps) {
  const { logger, db } = deps;
  const ping = deps.ping ?? (() => selectOne(db));
  app.get('/readyz', readinessRoute({ db, ping, events: deps.events, logger }));
  // Without a token, /metrics is an unknown path here (it may be served on METRICS_PORT: server/index.ts).
  if (deps.config.metricsToken) app.get(METRICS_PATH, metricsRoute(deps.config.metricsToken));
  app.get('/healthz', async (_req, res) => {
    try {
      await ping();
      res.json({ status: 'ok' });
    } catch (error) {
      logger.warn({ err: error }, 'health check: database unreachable');
      res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      res.status(503).json({ status: 'unavailable', detail: 'The database does not answer', code: 'DATABASE_UNAVAILABLE' } satisfies ErrorBody & { status: string });
    }
  });

  // A real robots file, whether or not the client is built (the fallback below would send the app).
  app.get('/robots.txt', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('text/plain').send(ROBOTS_TXT);
  });

  const openApiDocument = buildOpenApiDocument();
  app.get('/openapi.json', (_req, res) => void res.json(openApiDocument));
  app.get(['/docs', '/docs/'], (_req, res) => void res.type('html').send(DOCS_HTML));
  app.get('/docs/init.js', (_req, res) => void res.type('js').send(DOCS_INIT));
  app.use('/docs', express.static(swaggerUiDist.getAbsoluteFSPath(), { index: false, maxAge: '1d' }));
}

/** Avatars, tRPC, the live-event stream, share images and, last, the REST paths. */
function serveApi(app: App, deps: AppDeps) {
  app.use(avatarRoutes());
  app.use(
    '/trpc',
    trpcMethodGuard,
    createExpressMiddleware({
      router: appRouter,
      createContext: contextFactory(deps),
      // Every call of a batch is a full request's work: an unbounded batch is an amplifier.
      maxBatchSize: LIMITS.trpcBatchMax,
      responseMeta: applyErrorHeaders as never,
      onError: logServerError(deps.logger),
    }),
  );
  // A stream, not a procedure: served before the REST adapter (docs/live-events.md).
  app.get('/v1/events', eventsRoute(deps));
  // PNGs, not JSON: served beside the procedures too (docs/share-image.md).
  app.get(SHARE_IMAGE_PATHS.stack, shareImageRoute(deps, 'stack'));
  app.get(SHARE_IMAGE_PATHS.twisted, shareImageRoute(deps, 'twisted'));
  // The one-click unsubscribe link of notification mails (RFC 8058): a form post, not JSON, on the
  // app's own address; a GET of it falls through to the app's page (docs/notification-settings.md).
  app.post(UNSUBSCRIBE_PATH, unsubscribeRoute(deps));
  app.use(restHandler(appRouter, deps));
}

/** The built client, when there is one: bundles, static files, and index.html for app paths. */
function serveClient(app: App, clientDistDir: string) {
  const indexHtml = path.join(clientDistDir, 'index.html');
  if (!existsSync(indexHtml)) return;
  // Hashed bundles can be cached for good; index.html is always revalidated. The build wrote a
  // .br and a .gz beside each bundle: the best one the browser accepts is sent as it is.
  app.use(
    '/static',
    expressStaticGzip(path.join(clientDistDir, 'static'), {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { immutable: true, maxAge: '1y', index: false },
    }),
  );
  app.use(express.static(clientDistDir, { index: false, maxAge: '1h', setHeaders: revalidateAppEntryPoints(clientDistDir) }));
  app.get(/.*/, (req, res, next) => {
    if (SERVER_PATHS.test(req.path) || !req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
}

/** The files at the top of the build that name the others: asked again on every use (docs/pwa.md). */
const APP_ENTRY_POINTS = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);

/**
 * The service worker, the web app manifest and index.html are revalidated on every fetch
 * (`no-cache`; the 1 h of the other files would delay an update by that long): a browser checks
 * sw.js for a new version of the app, and a new sw.js holds the new bundles' names. Their types
 * come from the file names (text/javascript, application/manifest+json, text/html).
 */
function revalidateAppEntryPoints(clientDistDir: string) {
  const top = path.resolve(clientDistDir);
  return (res: Response, filePath: string) => {
    if (path.dirname(filePath) === top && APP_ENTRY_POINTS.has(path.basename(filePath))) res.setHeader('Cache-Control', 'no-cache');
  };
}

/** No route matched: a JSON 404. Body-parser and other middleware errors: a clear status and detail, never a stack trace. */
function answerUnmatchedAndErrors(app: App, { config, logger }: AppDeps) {
  app.use((req: Request, res: Response) => {
    res.status(404).json({ detail: `No such endpoint: ${req.method} ${req.path}`, code: 'NOT_FOUND' } satisfies ErrorBody);
  });

  app.use((error: Error & { status?: number; type?: string }, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    if (error.type === 'entity.parse.failed') return void res.status(400).json({ detail: 'The request body is not valid JSON', code: 'MALFORMED_JSON' } satisfies ErrorBody);
    if (error.type === 'entity.too.large') return void res.status(413).json({ detail: `The request body is larger than ${config.jsonBodyLimit}`, code: 'PAYLOAD_TOO_LARGE' } satisfies ErrorBody);
    if (error.status && error.status >= 400 && error.status < 500) return void res.status(error.status).json({ detail: error.message, code: 'BAD_REQUEST' } satisfies ErrorBody);
    const unavailable = asDatabaseFault(error);
    if (unavailable) {
      res.set(unavailable.headers);
      return void res.status(unavailable.status).json({ detail: unavailable.detail, code: unavailable.code });
    }
    logger.error({ err: error, req: { id: req.id } }, 'unhandled error');
    res.status(500).json({ detail: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' } satisfies ErrorBody);
  });
}
