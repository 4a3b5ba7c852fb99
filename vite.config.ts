import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

/** The app's dark theme surface (daisyUI dark base-100): the default theme, and the splash screen behind the icon. */
const DARK_SURFACE = '#1d232a';

export default defineConfig({
  root: 'client',
  plugins: [
    react(),
    tailwindcss(),
    // Brotli and gzip copies of every text asset, made once at build time and served by content
    // negotiation (server/app.ts), so no request pays for compressing a bundle.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|json)$/, threshold: 1024 }),
    // The installable app (docs/pwa.md): the manifest, and client/src/sw.ts built to dist/sw.js
    // with the list of the build's files to precache. It caches the shell and nothing else
    // (docs/decisions/0052-service-worker-caches-only-the-shell.md). client/src/app/register-service-worker.ts
    // registers it with workbox-window, after the page, and a new version waits for the user's Reload.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Stacks',
        short_name: 'Stacks',
        description: 'Rank six things from best to worst and compare with friends and groups.',
        lang: 'en',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        theme_color: DARK_SURFACE,
        background_color: DARK_SURFACE,
        icons: [
          { src: '/pwa-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The shell: the page, its bundles and styles, the favicon and the iOS icon (the plugin adds
        // the manifest and its icons). Not the .br/.gz copies (the browser gets those by content
        // negotiation) nor the source maps.
        globPatterns: ['**/*.{html,js,css,svg}', 'apple-touch-icon.png'],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // /assets/{avatar_id} belongs to bot avatars (spec 1 §3), so bundles live under /static.
    assetsDir: 'static',
    sourcemap: true,
  },
  server: {
    proxy: { '/trpc': 'http://localhost:3000', '/v1': 'http://localhost:3000', '/v2': 'http://localhost:3000', '/assets': 'http://localhost:3000', '/avatars': 'http://localhost:3000' },
  },
});
