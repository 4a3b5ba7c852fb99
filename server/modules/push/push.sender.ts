import dns, { type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import webpush from 'web-push';
import { LIMITS } from '../../../shared/limits';
import type { PushPayload } from '../../../shared/schemas/push';
import { allowedByPrefix, hostOf, isPublicAddress } from './push-endpoint-rules';
import type { VapidDetails } from './push-keys.service';

/** The push was not sent because its endpoint is not allowed (docs/push.md "Which endpoints"): never retried. */
export class PushTargetRefused extends Error {
  override name = 'PushTargetRefused';
}

/** The push service could not be reached, or did not answer within the time limit: retried. */
export class PushNetworkError extends Error {
  override name = 'PushNetworkError';
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushAnswer {
  status: number;
  /** The start of the answer's body (LIMITS.pushResponseReadMaxBytes at most), for the log. */
  text: string;
}

/**
 * What aes128gcm adds to the plaintext (RFC 8188, RFC 8291): the header (16-byte salt, 4-byte
 * record size, key id length, 65-byte key id), the padding delimiter and the 16-byte tag.
 */
export const AES128GCM_OVERHEAD = 16 + 4 + 1 + 65 + 1 + 16;

const cut = (points: string[], n: number) => (n >= points.length ? points.join('') : `${points.slice(0, n).join('')}…`);

/**
 * The payload as sent: JSON `{title, body, url}` whose encrypted form fits LIMITS.pushPayloadMaxBytes,
 * the body cut (by whole code points, with an ellipsis) as little as needed. Should title and url
 * alone not fit (a url of escapes), the url becomes '/' and the title is cut too.
 */
export function fitPayload(payload: PushPayload): string {
  const budget = LIMITS.pushPayloadMaxBytes - AES128GCM_OVERHEAD;
  const fits = (p: PushPayload) => Buffer.byteLength(JSON.stringify(p)) <= budget;
  if (fits(payload)) return JSON.stringify(payload);
  const body = [...payload.body];
  const withBody = (n: number): PushPayload => ({ ...payload, body: cut(body, n) });
  if (fits(withBody(0))) {
    let [low, high] = [0, body.length - 1];
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (fits(withBody(mid))) low = mid;
      else high = mid - 1;
    }
    return JSON.stringify(withBody(low));
  }
  return JSON.stringify({ title: cut([...payload.title], 50), body: '', url: '/' });
}

/**
 * A lookup that resolves as `base` does and refuses a host with any non-public address
 * (`isPublicAddress`): the connection is made to the addresses checked, so a name cannot point
 * inside the network between the check and the connection.
 */
export function publicOnlyLookup(base: LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    base(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as LookupAddress[];
      const refused = list.find((a) => !isPublicAddress(a.address));
      if (refused || list.length === 0) return callback(new PushTargetRefused(`${hostname} resolves to a non-public address`), '', 0);
      if (options.all) return callback(null, list as never);
      callback(null, list[0].address, list[0].family);
    });
  };
}

export interface PushSenderOptions {
  vapid: VapidDetails;
  /** PUSH_ALLOWED_ENDPOINTS: exempt from the https and public-address rules. */
  allowedEndpoints: readonly string[];
  /** From connecting to the end of reading; LIMITS.pushSendTimeoutMs by default. */
  timeoutMs?: number;
  /** Name resolution (tests map names to addresses); dns.lookup by default. */
  lookup?: LookupFunction;
}

export interface PushSender {
  /** Encrypts and sends one push; answers the push service's status, rejects on refusal, timeout or network error. */
  send(target: PushTarget, payload: PushPayload): Promise<PushAnswer>;
  /** Closes the kept-alive connections. */
  close(): void;
}

/**
 * Sends pushes with node:http(s) rather than web-push's sendNotification (which speaks https only):
 * web-push builds the request (VAPID header, aes128gcm body); this checks where it goes, sends it,
 * follows no redirect, gives up after the time limit and reads at most a small part of the answer.
 */
export function createPushSender(options: PushSenderOptions): PushSender {
  const timeoutMs = options.timeoutMs ?? LIMITS.pushSendTimeoutMs;
  const baseLookup = options.lookup ?? (dns.lookup as unknown as LookupFunction);
  const guarded = publicOnlyLookup(baseLookup);
  // Kept-alive connections of checked (public) and of exempt endpoints are pooled apart, so a
  // connection opened for an exempt endpoint never carries a request the checks would refuse.
  const agentOptions = { keepAlive: true, maxSockets: LIMITS.pushSendConcurrency };
  const agents = { checked: new https.Agent(agentOptions), exemptHttps: new https.Agent(agentOptions), exemptHttp: new http.Agent(agentOptions) };

  async function send(target: PushTarget, payload: PushPayload): Promise<PushAnswer> {
    const url = URL.parse(target.endpoint);
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw new PushTargetRefused('endpoint is not an http(s) URL');
    const exempt = allowedByPrefix(url, options.allowedEndpoints);
    if (!exempt) {
      if (url.protocol !== 'https:') throw new PushTargetRefused('endpoint is not an https: URL');
      const host = hostOf(url);
      if (isIP(host) && !isPublicAddress(host)) throw new PushTargetRefused(`${host} is not a public address`);
    }
    const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, fitPayload(payload), {
      vapidDetails: options.vapid,
      TTL: LIMITS.pushTtlSeconds,
      contentEncoding: 'aes128gcm',
    });
    if (details.body.length > LIMITS.pushPayloadMaxBytes) throw new Error(`An encrypted push of ${details.body.length} bytes is over ${LIMITS.pushPayloadMaxBytes}`);
    const secure = url.protocol === 'https:';
    const agent = !exempt ? agents.checked : secure ? agents.exemptHttps : agents.exemptHttp;
    const init = { method: 'POST', headers: details.headers as http.OutgoingHttpHeaders, agent, lookup: exempt ? baseLookup : guarded };
    return request(secure ? https : http, url, init, details.body, timeoutMs);
  }

  return {
    send,
    close: () => Object.values(agents).forEach((agent) => agent.destroy()),
  };
}

/** One request with a deadline over all of it; at most LIMITS.pushResponseReadMaxBytes of the answer are read. */
function request(client: typeof http | typeof https, url: URL, init: http.RequestOptions, body: Buffer, timeoutMs: number): Promise<PushAnswer> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let status: number | undefined;
    const chunks: Buffer[] = [];
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const answer = () => settle(() => resolve({ status: status ?? 0, text: Buffer.concat(chunks).toString('utf8').slice(0, LIMITS.pushResponseReadMaxBytes) }));
    const req = client.request(url, init, (res) => {
      status = res.statusCode ?? 0;
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        // The rest is not wanted: dropping the connection costs less than reading it.
        if (size >= LIMITS.pushResponseReadMaxBytes) {
          answer();
          res.destroy();
        }
      });
      res.on('end', answer);
      res.on('error', answer);
      res.on('close', answer);
    });
    const timer = setTimeout(() => {
      // An answer whose body stalls still counts by its status; no answer at all is a timeout.
      if (status !== undefined) answer();
      else settle(() => reject(new PushNetworkError(`no answer within ${timeoutMs} ms`)));
      req.destroy();
    }, timeoutMs);
    req.on('error', (error) => settle(() => reject(error instanceof PushTargetRefused ? error : new PushNetworkError(error.message, { cause: error }))));
    req.end(body);
  });
}
