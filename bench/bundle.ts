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
      "A production build of the console (`npm run build`); from Vite's manifest, the chunks a first visit loads: the entry, the page's lazy route modules and their static imports (for the dashboard: the console's frame with antd's providers and the console's text, the shell, the page with its SVG charts). Each file gzip level 9, as the build precompresses it (Brotli copies are smaller still).",
    measurements: (Object.keys(sizes) as BundlePage[]).map((page) => ({
      what: `${PAGE_NAMES[page]}, JS gzip`,
      value: sizes[page].jsGzip / 1024,
      unit: 'KB',
      limit: { what: 'budget', value: BUNDLE_BUDGETS[page] / 1024 },
      higherIsBetter: false,
    })),
    notes: [
      `Files loaded: sign-in ${sizes.signIn.files}, dashboard ${sizes.dashboard.files}; CSS gzip: sign-in ${(sizes.signIn.cssGzip / 1024).toFixed(1)} KB, dashboard ${(sizes.dashboard.cssGzip / 1024).toFixed(1)} KB.`,
      'Under budget, and the build now fails when a page is over it (packages/web/vite.config.ts firstLoadCheck), so the first load cannot grow back unnoticed. Issue 12 measured 375 KB and 710 KB before.',
      "The sign-in page loads no antd: it sits outside the console's frame (app/antd-frame.tsx, a lazy layout route with antd's ConfigProvider and App, the message/modal bridge and the console's text), drawn with light controls in antd's look (widgets/light); a reaction the HTTP client must show there loads antd's static message/modal on demand. Its first load is react-dom + react-router (~95 KB), zod for the contract's rules (~25 KB), i18next (~18 KB), the HTTP client, and the text of common, request and auth.",
      "The error catalogue (every code's message in both languages, ~10 KB gzip and growing with each area) is not in the first load: the HTTP client carries the codes' reactions (core §8, contract errors/reactions.ts) and the two transport messages, and fetches the messages as soon as it loads (web api/error-text.ts); a call failing before they arrive shows the server's message, written from the same catalogue in the call's language.",
      "The dashboard draws its line and ring charts as the console's own SVG (widgets/charts; ECharts, ~180 KB gzip, is no longer a dependency), its short tables, cards and figures as plain elements (antd's Table brought pagination, a tree and a virtual list; Card brought Tabs and Skeleton); the shell's lists and footer text no longer use antd's List and Typography (Pagination, Select, TextArea); antd's Result, Alert and dayjs load only where shown.",
      "antd's form context, imported by nearly every antd component, needed rc-form's FormProvider but pulled the whole form engine and its validators (~20 KB gzip) through rc-form's index; the build points that one import at the module defining FormProvider (antdFormContextSlim in vite.config.ts).",
      "The console's text arrives with the code that shows it: the entry carries common and request, the sign-in page auth, the frame the shell's and the cross-page namespaces, the device details its own three (i18n/resources.ts PAGE_TEXT).",
    ],
  };
}
