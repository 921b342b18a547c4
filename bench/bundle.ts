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
      "Vendor chunks (react + react-router, i18next, zod, echarts, leaflet, xterm) keep the console's own modules out of library chunks; the public pages use a plain panel instead of antd's Card (which imports Tabs, menus and dropdowns: ~25 KB) and a two-segment language switch instead of a Select (~20 KB); the contract package is side-effect free except for its rule-message modules.",
      "ECharts comes through echarts/core with the line and pie charts only (~180 KB gzip of the dashboard's figure); the map (Leaflet) and the terminal (xterm) load only on their pages.",
      "Still over budget. The sign-in page now carries react-dom + react-router (~95 KB), antd's core, form, input, button, typography and message/modal (~120 KB), zod (~25 KB), i18next (~18 KB), the console text of every namespace (~21 KB) and the error catalogue: 250 KB needs the sign-in page without antd or without zod (or the text loaded per namespace), 400 KB for the dashboard needs ECharts counted after the first paint or replaced.",
    ],
  };
}
