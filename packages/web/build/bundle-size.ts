// What a first visit downloads, read from the built console (Vite's manifest): the JavaScript
// and CSS the sign-in page and the device dashboard load, gzip-compressed as the server sends them.
// Used by the build (prints the figures and fails past the budget) and by bench/bundle.ts.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Budgets of issue 12, gzip bytes of JavaScript. */
export const BUNDLE_BUDGETS: Record<BundlePage, number> = { signIn: 250 * 1024, dashboard: 400 * 1024 };

/**
 * The pages measured, by the source modules a visit loads: the entry (index.html) always, then the
 * lazy route modules of that page (for the dashboard: the console's frame with antd's providers and
 * the console's text, the shell, the page), with their static imports. The dashboard's charts (the console's
 * own SVG charts, widgets/charts) are static imports of its page, so they count.
 */
export type BundlePage = 'signIn' | 'dashboard';

export const BUNDLE_PAGES: Record<BundlePage, string[]> = {
  signIn: ['index.html', 'src/features/auth/login-page.tsx'],
  dashboard: [
    'index.html',
    'src/app/antd-frame.tsx',
    'src/features/shell/shell-layout.tsx',
    'src/features/devices/dashboard-page.tsx',
  ],
};

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

function chunkClosure(manifest: Record<string, ManifestChunk>, keys: string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build has no chunk for ${key}: update BUNDLE_PAGES`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files];
}

/** Gzip bytes (level 9, what the build precompresses) of JS and CSS each page loads. */
export interface BundleSize {
  jsGzip: number;
  cssGzip: number;
  raw: number;
  files: number;
}

export function measureBundles(distDir: string): Record<BundlePage, BundleSize> {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const result = {} as Record<BundlePage, BundleSize>;
  for (const [page, keys] of Object.entries(BUNDLE_PAGES) as [BundlePage, string[]][]) {
    let js = 0;
    let css = 0;
    let raw = 0;
    const files = chunkClosure(manifest, keys);
    for (const file of files) {
      const bytes = fs.readFileSync(path.join(distDir, file));
      const gzip = zlib.gzipSync(bytes, { level: 9 }).length;
      raw += bytes.length;
      if (file.endsWith('.css')) css += gzip;
      else js += gzip;
    }
    result[page] = { jsGzip: js, cssGzip: css, raw, files: files.length };
  }
  return result;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Prints the figures; returns the pages over their budget. */
export function reportBundles(distDir: string, log: (line: string) => void = console.log): BundlePage[] {
  const sizes = measureBundles(distDir);
  const over: BundlePage[] = [];
  for (const [page, size] of Object.entries(sizes) as [BundlePage, BundleSize][]) {
    const budget = BUNDLE_BUDGETS[page];
    log(
      `[bundle] ${page}: ${kb(size.jsGzip)} JS gzip (budget ${kb(budget)}), ${kb(size.cssGzip)} CSS gzip, ${size.files} files`,
    );
    if (size.jsGzip > budget) over.push(page);
  }
  return over;
}
