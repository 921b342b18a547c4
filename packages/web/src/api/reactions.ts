import { ErrorCode, errorReaction, type Lang } from '@fleetport/contract';
import { catalogueText } from './error-text.ts';
import { SHELL_PATHS } from './session-hooks.ts';

/** What the user sees for a failed call; decided here, shown by the notifier. */
export type Reaction =
  | { kind: 'none' }
  | { kind: 'toast'; text: string }
  | { kind: 'warning'; text: string }
  | { kind: 'alertThenLogout'; text: string }
  | { kind: 'upgradeDialog'; text: string };

export interface ReactionContext {
  lang: Lang;
  /** The console path inside the basename, e.g. `/selectCompany`. */
  path: string;
  /** The server's own message, used for codes the catalogue does not know. */
  msg?: string;
}

/**
 * The catalogue's text for a code, placeholders filled from `data`; for a code it does not know (or
 * before it has loaded) the server's message, and without one the generic request error.
 */
export function codeText(code: number, data: unknown, lang: Lang, msg?: string): string {
  return catalogueText(code, data, lang) ?? (msg || catalogueText(ErrorCode.REQUEST_ERROR, null, lang) || '');
}

/** 14053 carries the upgrade notice itself as `{en, cn}` (or a plain string). */
function noticeFromData(data: unknown, lang: Lang): string | undefined {
  if (typeof data === 'string' && data) return data;
  if (data && typeof data === 'object') {
    const text = (data as Record<string, unknown>)[lang];
    if (typeof text === 'string' && text) return text;
  }
  return undefined;
}

/** core §8 "Handling rules": the one decision of what a non-zero code shows. */
export function reactionFor(code: number, data: unknown, context: ReactionContext): Reaction {
  const text = codeText(code, data, context.lang, context.msg);
  const withCode = `${text} (${code})`;
  switch (errorReaction(code)) {
    case 'success':
    case 'silent':
      return { kind: 'none' };
    case 'warning':
      return { kind: 'warning', text };
    case 'logout':
      return { kind: 'alertThenLogout', text: withCode };
    case 'upgrade':
      return { kind: 'upgradeDialog', text };
    case 'systemUpgrading':
      return { kind: 'alertThenLogout', text: noticeFromData(data, context.lang) ?? text };
    case 'accessWindow':
      // The company selection page explains the window itself and must not sign the user out.
      return context.path === SHELL_PATHS.selectCompany
        ? { kind: 'none' }
        : { kind: 'alertThenLogout', text };
    default:
      return { kind: 'toast', text: withCode };
  }
}
