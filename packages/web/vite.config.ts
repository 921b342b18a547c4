import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.FLEETPORT_API ?? 'http://localhost:8080';

export default defineConfig({
  base: '/rcms/',
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true, ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
});
