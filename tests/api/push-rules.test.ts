/**
 * The pure rules of Web Push (docs/push.md): which addresses are public, which endpoints may be
 * subscribed or are exempt, and the payload cut to fit the encrypted size bound.
 */
import { createECDH, randomBytes } from 'node:crypto';
import type { LookupFunction } from 'node:net';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/limits';
import { buildConfig } from '../../server/config';
import { loadEnv } from '../../server/env';
import { allowedByPrefix, endpointRefusal, isPublicAddress } from '../../server/modules/push/push-endpoint-rules';
import { AES128GCM_OVERHEAD, fitPayload, publicOnlyLookup, PushTargetRefused } from '../../server/modules/push/push.sender';

describe('isPublicAddress', () => {
  const nonPublic = [
    '0.0.0.0', '0.1.2.3', '10.0.0.1', '100.64.0.1', '100.127.255.255', '127.0.0.1', '127.255.255.254', '169.254.169.254', '172.16.0.1', '172.31.255.255',
    '192.0.0.8', '192.0.2.1', '192.168.1.1', '198.18.0.1', '198.51.100.7', '203.0.113.9', '224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255',
    '::', '::1', '::127.0.0.1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.1.2.3', '::ffff:a9fe:a9fe', '::ffff:100.64.0.1', '::ffff:0.0.0.0',
    '64:ff9b::127.0.0.1', '64:ff9b::a00:1', '64:ff9b:1::1', '2002:7f00:1::', '2002:c0a8:101::1', '100::1', '2001::1', '2001:db8::1',
    'fc00::1', 'fd12:3456::1', 'fe80::1', 'fe80::1%eth0', 'fec0::1', 'ff02::1', 'ff05::2', '[::1]',
    'not an address', '', '1.2.3', '::gg',
  ];
  const isPublic = ['1.1.1.1', '8.8.8.8', '93.184.215.14', '100.63.255.255', '100.128.0.1', '172.32.0.1', '2606:4700::1111', '2a00:1450:4001::200e', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'];

  it.each(nonPublic)('%s is not public', (address) => expect(isPublicAddress(address)).toBe(false));
  it.each(isPublic)('%s is public', (address) => expect(isPublicAddress(address)).toBe(true));
});

describe('endpoints', () => {
  it('exempts only the listed prefixes: same origin, path under the prefix, no credentials', () => {
    const allowed = ['http://127.0.0.1:9000/push/'];
    expect(allowedByPrefix(new URL('http://127.0.0.1:9000/push/abc'), allowed)).toBe(true);
    expect(allowedByPrefix(new URL('http://127.0.0.1:9000/pushy'), allowed)).toBe(false);
    expect(allowedByPrefix(new URL('http://127.0.0.1:9001/push/abc'), allowed)).toBe(false);
    expect(allowedByPrefix(new URL('https://127.0.0.1:9000/push/abc'), allowed)).toBe(false);
    expect(allowedByPrefix(new URL('http://u:p@127.0.0.1:9000/push/abc'), allowed)).toBe(false);
    expect(allowedByPrefix(new URL('http://127.0.0.1:9000/push/abc'), ['not a url'])).toBe(false);
    expect(endpointRefusal('http://127.0.0.1:9000/push/abc', allowed)).toBeUndefined();
  });

  it('accepts the push services browsers use', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dXN1cjE6QVBBOTFi',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABh',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD',
    ]) {
      expect(endpointRefusal(endpoint, [])).toBeUndefined();
    }
  });
});

describe('the lookup used for sends', () => {
  const lookupOf = (addresses: { address: string; family: number }[]): LookupFunction => (_host, _options, callback) => callback(null, addresses as never);
  const resolve = (lookup: LookupFunction, all: boolean) =>
    new Promise<unknown>((ok, fail) => lookup('push.example.com', { all }, (error, address, family) => (error ? fail(error) : ok(all ? address : { address, family }))));

  it('passes public addresses on, in both forms the socket asks for', async () => {
    const guarded = publicOnlyLookup(lookupOf([{ address: '93.184.215.14', family: 4 }, { address: '2606:4700::1111', family: 6 }]));
    expect(await resolve(guarded, true)).toEqual([{ address: '93.184.215.14', family: 4 }, { address: '2606:4700::1111', family: 6 }]);
    expect(await resolve(guarded, false)).toEqual({ address: '93.184.215.14', family: 4 });
  });

  it('refuses a name with any non-public address, and a name without addresses', async () => {
    await expect(resolve(publicOnlyLookup(lookupOf([{ address: '93.184.215.14', family: 4 }, { address: '::ffff:192.168.0.1', family: 6 }])), true)).rejects.toBeInstanceOf(PushTargetRefused);
    await expect(resolve(publicOnlyLookup(lookupOf([{ address: '169.254.169.254', family: 4 }])), false)).rejects.toBeInstanceOf(PushTargetRefused);
    await expect(resolve(publicOnlyLookup(lookupOf([])), true)).rejects.toBeInstanceOf(PushTargetRefused);
  });
});

describe('fitPayload', () => {
  const budget = LIMITS.pushPayloadMaxBytes - AES128GCM_OVERHEAD;
  const encryptedSize = (text: string) => {
    const keys = { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
    return webpush.encrypt(keys.p256dh, keys.auth, text, 'aes128gcm').cipherText.length;
  };

  it('leaves a payload that fits as it is', () => {
    const payload = { title: 'New stack', body: 'Ann asked you to rank “Fruit”', url: '/stacks/1' };
    expect(JSON.parse(fitPayload(payload))).toEqual(payload);
  });

  it.each([
    ['ASCII', 'x'],
    ['two-byte', 'é'],
    ['three-byte', '€'],
    ['astral', '😀'],
    ['escaped', '"'],
  ])('cuts a long %s body by whole characters, as little as needed, to fit the encrypted bound', (_kind, unit) => {
    const text = fitPayload({ title: 'T', body: unit.repeat(5000), url: '/' });
    const parsed = JSON.parse(text) as { body: string };
    expect(parsed.body.endsWith('…')).toBe(true);
    expect([...parsed.body.slice(0, -1)].every((c) => c === unit)).toBe(true);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(budget);
    // One more character would not fit.
    const longer = JSON.stringify({ title: 'T', body: `${unit.repeat([...parsed.body].length)}…`, url: '/' });
    expect(Buffer.byteLength(longer)).toBeGreaterThan(budget);
    expect(encryptedSize(text)).toBeLessThanOrEqual(LIMITS.pushPayloadMaxBytes);
    expect(encryptedSize(text)).toBe(Buffer.byteLength(text) + AES128GCM_OVERHEAD);
  });

  it('falls back to a short title and "/" when title and url alone are too long', () => {
    const text = fitPayload({ title: 'T'.repeat(200), body: 'b', url: `/${'\u0001'.repeat(1000)}` });
    expect(JSON.parse(text)).toEqual({ title: `${'T'.repeat(50)}…`, body: '', url: '/' });
  });
});

describe('settings', () => {
  const env = (vars: Record<string, string>) => loadEnv({ JWT_SECRET: 'x'.repeat(32), CONTACT_EMAIL: 'help@stacks.example', ...vars });

  it('defaults: no fixed keys, mailto: the contact address, no exempt endpoints', () => {
    expect(buildConfig(env({})).push).toEqual({ vapidKeys: undefined, subject: 'mailto:help@stacks.example', allowedEndpoints: [] });
  });

  it('takes a matching VAPID pair, a subject and a list of exempt prefixes', () => {
    const keys = webpush.generateVAPIDKeys();
    const config = buildConfig(
      env({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'https://stacks.example/contact', PUSH_ALLOWED_ENDPOINTS: 'http://127.0.0.1:9000/push/, https://push.internal/' }),
    );
    expect(config.push).toEqual({ vapidKeys: keys, subject: 'https://stacks.example/contact', allowedEndpoints: ['http://127.0.0.1:9000/push/', 'https://push.internal/'] });
  });

  it('refuses half a pair, a pair that does not match, malformed keys, subjects and prefixes, naming the variable', () => {
    const [one, other] = [webpush.generateVAPIDKeys(), webpush.generateVAPIDKeys()];
    expect(() => env({ VAPID_PUBLIC_KEY: one.publicKey })).toThrow(/VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together/);
    expect(() => env({ VAPID_PRIVATE_KEY: one.privateKey })).toThrow(/VAPID_PUBLIC_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together/);
    expect(() => env({ VAPID_PUBLIC_KEY: one.publicKey, VAPID_PRIVATE_KEY: other.privateKey })).toThrow(/VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY/);
    expect(() => env({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: one.privateKey })).toThrow(/VAPID_PUBLIC_KEY: VAPID_PUBLIC_KEY must be a P-256 public key/);
    expect(() => env({ VAPID_SUBJECT: 'http://stacks.example' })).toThrow(/VAPID_SUBJECT: VAPID_SUBJECT must be a mailto: or https: URL/);
    expect(() => env({ PUSH_ALLOWED_ENDPOINTS: 'ftp://x/' })).toThrow(/PUSH_ALLOWED_ENDPOINTS/);
    expect(() => env({ PUSH_ALLOWED_ENDPOINTS: 'not a url' })).toThrow(/PUSH_ALLOWED_ENDPOINTS/);
  });
});
