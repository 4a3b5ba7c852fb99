import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  root: 'client',
  plugins: [
    react(),
    tailwindcss(),
    // Brotli and gzip copies of every text asset, made once at build time and served by content
    // negotiation (server/app.ts), so no request pays for compressing a bundle.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|json)$/, threshold: 1024 }),
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
