/**
 * /robots.txt: crawlers may read the public pages (login, register, the terms and the
 * rules, and the bundles they need), not the signed-in app, profiles, the one-time links, or the API.
 * Served as text before the client's fallback, which would answer every unknown path with the app.
 */
export const ROBOTS_TXT = `# Stacks: the public pages may be crawled; the app, profiles, mailed links and the API may not.
User-agent: *
Allow: /login
Allow: /register
Allow: /terms-of-service
Allow: /rules
Disallow: /dashboard
Disallow: /users/
Disallow: /verify-email
Disallow: /reset-password
Disallow: /registration-complete
Disallow: /trpc
Disallow: /v1/
Disallow: /v2/
Disallow: /avatars/
`;
