/**
 * Paths the server answers itself, never with the app's page: the API (/v1, /v2, ..., /trpc, the
 * live events under /v1), the OpenAPI document and its reference page, the health and readiness checks, the metrics, avatars
 * and bot images. Everything else that asks for HTML is one of the app's pages and gets
 * index.html: from the server (server/app.ts) and, offline, from the service worker's precache
 * (client/src/sw.ts), so both draw the line in the same place (docs/pwa.md).
 */
export const SERVER_PATHS = /^\/(v\d+|trpc|openapi\.json|docs|healthz|readyz|metrics|avatars|assets)(\/|$)/;

/**
 * A path whose last segment has a file extension (/favicon.svg, /robots.txt, /sw.js): a file, not
 * a page. No page of the app has a dot in its path (client/src/lib/dashboard-paths.ts).
 */
export const FILE_PATH = /\/[^/]+\.[^/]+$/;
