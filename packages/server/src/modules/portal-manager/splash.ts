import { isIP } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { companyScope } from '../../platform/auth/actor.ts';
import type { StoredPortalLanguage } from './portal-manager.tables.ts';
import { PORTAL_TEXT } from './portal-manager.text.ts';
import * as sessions from './portal-sessions.store.ts';
import { readStored, storedTermsHtml } from './terms-html.ts';

/**
 * The public splash page a router's captive portal redirects a visitor to (features §6): the router's
 * template in the visitor's language, or a neutral page that tells nothing (an unknown router, one
 * without a template, a bad request), never another company's. Accept hands a one-time token bound to
 * the router and the visitor's MAC to the router's login address, which sends it as the RADIUS
 * User-Password.
 */

export type SplashDeps = ModuleDeps<'db' | 'clock' | 'files'>;
interface SplashInput {
  sn: string;
  mac: string;
  loginUrl: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The router's own login address: http(s) on a loopback, private or link-local IPv4 address. */
export function isRouterLoginUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    if (isIP(url.hostname) !== 4) return false;
    const [a, b] = url.hostname.split('.').map(Number) as [number, number];
    return (
      a === 10 ||
      a === 127 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254)
    );
  } catch {
    return false;
  }
}

/** The template's language the visitor's browser asks for first, else the template's first. */
export function visitorLanguage(languages: StoredPortalLanguage[], acceptLanguage: string | undefined) {
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part) => part.split(';')[0]!.trim().toLowerCase())
    .filter(Boolean);
  for (const tag of wanted) {
    const match =
      languages.find((l) => l.locale.toLowerCase() === tag) ??
      languages.find((l) => l.locale !== '' && l.locale.toLowerCase().split('-')[0] === tag.split('-')[0]);
    if (match) return match;
  }
  return languages[0]!;
}

function page(reply: FastifyReply, lang: string, title: string, body: string, style = '') {
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .header(
      'content-security-policy',
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; form-action http: https:",
    )
    .send(
      `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>` +
        `<style>body{font-family:sans-serif;margin:0;padding:2em;background-size:cover}${style}</style></head>` +
        `<body>${body}</body></html>`,
    );
}

function neutral(reply: FastifyReply, lang: 'en' | 'cn') {
  return page(
    reply,
    lang,
    PORTAL_TEXT.neutralTitle[lang],
    `<main data-splash="neutral"><h1>${escapeHtml(PORTAL_TEXT.neutralTitle[lang])}</h1><p>${escapeHtml(PORTAL_TEXT.neutralBody[lang])}</p></main>`,
  );
}

export async function showSplash(
  deps: SplashDeps,
  input: SplashInput,
  ctx: { request: FastifyRequest; reply: FastifyReply; lang: 'en' | 'cn' },
) {
  const portal = await sessions.routerPortal(deps.db, input.sn);
  if (!portal) return neutral(ctx.reply, ctx.lang);
  const language = visitorLanguage(portal.languages, ctx.request.headers['accept-language']);
  const link = async (fileId: number | null) =>
    fileId === null ? null : (await deps.files.link({ id: Number(fileId) })).url;
  const [pc, mobile] = await Promise.all([
    link(portal.pc_background_file_id),
    link(portal.mobile_background_file_id),
  ]);
  // The background follows the viewport: the mobile image on a narrow screen.
  const style =
    (pc ? `body{background-image:url("${escapeHtml(pc)}")}` : '') +
    (mobile ? `@media (max-width: 768px){body{background-image:url("${escapeHtml(mobile)}")}}` : '');
  // The terms as sanitized HTML (terms-html.ts), with the original .docx to download.
  let terms = '';
  if (language.termsFileId !== null) {
    const file = await deps.files.find(companyScope(Number(portal.company_id)), Number(language.termsFileId));
    if (file) {
      const html = await storedTermsHtml(`${file.id}:${file.sha256}`, () =>
        readStored(deps.files, file.storeKey),
      );
      const original = (await deps.files.link(file)).url;
      terms =
        `<details data-splash="terms"><summary>${escapeHtml(PORTAL_TEXT.termsTitle[ctx.lang])}</summary>${html}` +
        `<p><a href="${escapeHtml(original)}" download>${escapeHtml(file.name)}</a></p></details>`;
    }
  }
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const body =
    `<main data-splash="portal"><h1>${escapeHtml(language.title)}</h1><p>${escapeHtml(language.introduction)}</p>` +
    (language.alertMessage ? `<p role="alert">${escapeHtml(language.alertMessage)}</p>` : '') +
    terms +
    `<form method="post" action="splash/accept">${hidden('sn', input.sn)}${hidden('mac', input.mac)}` +
    `${hidden('loginUrl', input.loginUrl)}<button type="submit">${escapeHtml(
      language.connectButtonText || PORTAL_TEXT.accept[ctx.lang],
    )}</button></form></main>`;
  return page(
    ctx.reply,
    language.locale || ctx.lang,
    language.title || PORTAL_TEXT.neutralTitle[ctx.lang],
    body,
    style,
  );
}

export async function acceptSplash(
  deps: SplashDeps,
  input: SplashInput,
  ctx: { reply: FastifyReply; lang: 'en' | 'cn' },
) {
  const portal = await sessions.routerPortal(deps.db, input.sn);
  const mac = sessions.normalMac(input.mac);
  if (!portal || !mac || !isRouterLoginUrl(input.loginUrl)) return neutral(ctx.reply, ctx.lang);
  const token = await sessions.issueSplashToken(
    deps.db,
    companyScope(Number(portal.company_id)),
    portal.sn,
    mac,
    deps.clock.now(),
  );
  const target = new URL(input.loginUrl);
  target.searchParams.set('username', mac);
  target.searchParams.set('password', token);
  target.searchParams.set('userurl', portal.redirection_url);
  return ctx.reply.header('cache-control', 'no-store').redirect(target.toString(), 302);
}
