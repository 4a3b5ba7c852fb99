import type { AnyRouter } from '@trpc/server';
import type { NextFunction, Request, Response } from 'express';
import { SERVED_METHODS, TRPC_METHODS } from '../http/method-guard';
import { metrics } from './metrics';

/** The `route` of everything no template matched: static files, the app's pages, unknown paths. */
export const OTHER_ROUTE = 'other';
/** The `route` of a tRPC batch naming more than one procedure: every combination would be a label value. */
export const TRPC_BATCH_ROUTE = 'trpc:batch';
/** The `status` of a request whose client went away before its answer ended (nginx's convention). */
export const CLIENT_CLOSED_STATUS = '499';

/** The `method` of a request whose method the app serves nowhere (Node accepts 33). */
export const OTHER_METHOD = 'other';

/** A route template (`/v1/users/{id}`, Express's `/v1/stacks/:id/image.png`) and the methods it answers. */
export interface RouteTemplate {
  template: string;
  methods: string[];
}

interface Node {
  literal: Map<string, Node>;
  param?: Node;
  /** Method (upper case) to the template ending here. */
  routes: Map<string, string>;
}

const newNode = (): Node => ({ literal: new Map(), routes: new Map() });
const isParam = (segment: string) => /^\{[^}]+\}$/.test(segment) || segment.startsWith(':');
/** Express's `:id` written as OpenAPI's `{id}`, so a route has one spelling. */
const asOpenApi = (template: string) => template.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

/**
 * Finds the template of a request's path, segment by segment, a literal segment before a
 * parameter (`/v1/users/me` before `/v1/users/{id}`, as the REST adapter orders them). The work is
 * bounded by the path's segments, whatever the number of templates.
 */
export class RouteMatcher {
  private readonly root = newNode();

  constructor(templates: RouteTemplate[]) {
    for (const { template, methods } of templates) {
      let node = this.root;
      for (const segment of template.split('/').slice(1)) {
        if (isParam(segment)) node = node.param ??= newNode();
        else {
          let next = node.literal.get(segment);
          if (!next) node.literal.set(segment, (next = newNode()));
          node = next;
        }
      }
      for (const method of methods) node.routes.set(method.toUpperCase(), asOpenApi(template));
    }
  }

  /** The template of `method path`, or undefined. HEAD finds GET's templates. */
  match(method: string, path: string): string | undefined {
    const segments = path.split('/').slice(1);
    return this.find(this.root, segments, 0, method) ?? (method === 'HEAD' ? this.find(this.root, segments, 0, 'GET') : undefined);
  }

  private find(node: Node, segments: string[], index: number, method: string): string | undefined {
    if (index === segments.length) return node.routes.get(method);
    const segment = segments[index];
    const literal = node.literal.get(segment);
    const found = literal && this.find(literal, segments, index + 1, method);
    if (found) return found;
    return segment !== '' && node.param ? this.find(node.param, segments, index + 1, method) : undefined;
  }
}

/** tRPC's procedures are called by GET (queries) and POST (mutations, batches): its methods but HEAD, which reaches none. */
const TRPC_CALL_METHODS = new Set(TRPC_METHODS.filter((method) => method !== 'HEAD'));

/**
 * The `route` label of a request: a template matched with its method, `trpc:<procedure>` for a tRPC
 * call (or a batch of calls of one procedure), `trpc:batch` for a batch of several procedures, else
 * `other`. Only templates and names of `procedures` become labels, and only for requests that can
 * reach them, so a client cannot make new label values.
 */
export function routeLabeler(matcher: RouteMatcher, procedures: ReadonlySet<string>) {
  return (method: string, path: string): string => {
    if (path.startsWith('/trpc/')) {
      if (!TRPC_CALL_METHODS.has(method)) return OTHER_ROUTE;
      const names = new Set(path.slice('/trpc/'.length).split(','));
      for (const name of names) if (!procedures.has(name)) return OTHER_ROUTE;
      return names.size === 1 ? `trpc:${[...names][0]}` : TRPC_BATCH_ROUTE;
    }
    return matcher.match(method, path) ?? OTHER_ROUTE;
  };
}

interface DescribedProcedure {
  _def: { meta?: { openapi?: { method: string; path: string } } };
}

/**
 * The labeler of an app: the REST paths of `router`'s procedures (their `meta.openapi`, the paths of
 * openapi.json), its tRPC procedures, and the app's own routes (`fixed`).
 */
export function routeLabelerFor(router: AnyRouter, fixed: RouteTemplate[]) {
  const procedures = router._def.procedures as unknown as Record<string, DescribedProcedure>;
  const rest: RouteTemplate[] = [];
  for (const procedure of Object.values(procedures)) {
    const openapi = procedure._def.meta?.openapi;
    if (openapi) rest.push({ template: openapi.path, methods: [openapi.method] });
  }
  return routeLabeler(new RouteMatcher([...fixed, ...rest]), new Set(Object.keys(procedures)));
}

/** The path of a request's URL, before the query. */
const pathOf = (url: string) => {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
};

/**
 * Counts and times every request (stacks_http_requests_total, stacks_http_request_duration_seconds)
 * when its answer ends or its client goes away. First of the middleware, so errors, 404s and
 * static files are counted too.
 */
export function httpMetrics(labelOf: (method: string, path: string) => string) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.once('close', () => {
      const labels = {
        method: SERVED_METHODS.has(req.method) ? req.method : OTHER_METHOD,
        route: labelOf(req.method, pathOf(req.originalUrl)),
        status: res.writableFinished ? String(res.statusCode) : CLIENT_CLOSED_STATUS,
      };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}
