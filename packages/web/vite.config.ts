import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { reportBundles } from './build/bundle-size.ts';
import { precompress } from './build/precompress.ts';

const apiTarget = process.env.FLEETPORT_API ?? 'http://localhost:8080';
const outDir = path.resolve(import.meta.dirname, 'dist');

/**
 * After the build: precompressed copies, and the first-load size of the sign-in page and the
 * dashboard. A page over its budget (issue 12) fails the build, so the first load cannot grow back
 * unnoticed (bench/RESULTS.md "First load" has the figures).
 */
function firstLoadCheck(): Plugin {
  return {
    name: 'fleetport-first-load',
    apply: 'build',
    closeBundle() {
      precompress(outDir);
      const over = reportBundles(outDir);
      if (over.length > 0)
        throw new Error(
          `[bundle] over the first-load budget: ${over.join(', ')} (packages/web/build/bundle-size.ts BUNDLE_BUDGETS)`,
        );
    },
  };
}

/**
 * antd's form context (imported by nearly every antd component through ContextIsolator) needs only
 * rc-form's FormProvider, but rc-form's index decorates its default export with Field, List and
 * useForm, statements a bundler must keep: every page loaded the whole form engine and its
 * validators (~20 KB gzip). That one import is pointed at the module that defines FormProvider.
 */
function antdFormContextSlim(): Plugin {
  return {
    name: 'fleetport-antd-form-context',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@rc-component/form' || !importer) return null;
      if (!/[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer)) return null;
      return this.resolve('@rc-component/form/es/FormContext.js', importer, { skipSelf: true });
    },
  };
}

/**
 * Vendor chunks: libraries every page needs are cached apart from the console's own code, and the
 * heavy ones (charts, map, terminal) stay in chunks that only their pages load. The console's own
 * small modules are never merged into a vendor chunk, so the sign-in page does not fetch one
 * (antd's tabs came with tabs-state.ts before).
 */
const VENDOR_CHUNKS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'i18next', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
  // zod's chunk carries the contract's no-eval setting, so it runs before any chunk builds a schema.
  { name: 'zod', test: /node_modules[\\/]zod[\\/]|contract[\\/]src[\\/]no-eval\.ts$/ },
  { name: 'leaflet', test: /node_modules[\\/]leaflet[\\/]/ },
  { name: 'xterm', test: /node_modules[\\/]@xterm[\\/]/ },
];

export default defineConfig({
  base: '/rcms/',
  plugins: [antdFormContextSlim(), react(), firstLoadCheck()],
  server: {
    port: 5173,
    // The open API's document (the API manual reads it) is served beside the console API.
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
      '/openapi': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: { output: { codeSplitting: { groups: VENDOR_CHUNKS } } },
  },
});
