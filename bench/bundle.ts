/**
 * First load: the gzip JavaScript the sign-in page and the device dashboard download, read from a
 * fresh build of the console (the same figures `npm run build` prints), beside the budgets of issue 12.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { BUNDLE_BUDGETS, type BundlePage, measureBundles } from '../packages/web/build/bundle-size.ts';
import type { ResultSection } from './lib/types.ts';

const PAGE_NAMES: Record<BundlePage, string> = {
  signIn: 'sign-in page (/rcms/login)',
  dashboard: 'device dashboard, charts drawn',
};

export async function run(): Promise<ResultSection> {
  const root = path.resolve(import.meta.dirname, '..');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
  const sizes = measureBundles(path.join(root, 'packages/web/dist'));
  return {
    title: 'First load: console JavaScript per page',
    method:
      "A production build of the console (`npm run build`); from Vite's manifest, the chunks a first visit loads: the entry, the page's lazy route modules and their static imports (ECharts for the dashboard). Each file gzip level 9, as the build precompresses it (Brotli copies are smaller still).",
    measurements: (Object.keys(sizes) as BundlePage[]).map((page) => ({
      what: `${PAGE_NAMES[page]}, JS gzip`,
      value: sizes[page].jsGzip / 1024,
      unit: 'KB',
      limit: { what: 'budget', value: BUNDLE_BUDGETS[page] / 1024 },
      higherIsBetter: false,
    })),
    notes: [
      `Files loaded: sign-in ${sizes.signIn.files}, dashboard ${sizes.dashboard.files}.`,
      'ECharts now comes through echarts/core with the line and pie charts only (186 KB gzip instead of 370 KB); the map (Leaflet) and the terminal (xterm) load only on their pages.',
      "Over budget: the sign-in page loads the whole contract package (every call schema, zod, the error catalogue) and antd's core through one shared chunk (~214 KB gzip of the total); meeting 250 KB needs the console to import the contract by area instead of through its index.",
    ],
  };
}
