import { errorMessage } from '@fleetport/contract';
import { describe, expect, it } from 'vitest';
import { reactionFor } from './reactions.ts';
import { SHELL_PATHS } from './session-hooks.ts';

const en = { lang: 'en' as const, path: '/dashboard' };

describe('reactionFor', () => {
  it('toasts "message (code)" with placeholders filled from data', () => {
    expect(reactionFor(1, null, en)).toEqual({ kind: 'toast', text: 'Parameter error (1)' });
    expect(reactionFor(14031, 125, en)).toEqual({
      kind: 'toast',
      text: `${errorMessage(14031, 'en', 125)} (14031)`,
    });
    expect(errorMessage(14031, 'en', 125)).toContain('3');
  });

  it('ends the session for 108, 3, 14019 and 20 with message and code', () => {
    for (const code of [108, 3, 14019, 20]) {
      expect(reactionFor(code, null, { ...en, lang: 'cn' })).toEqual({
        kind: 'alertThenLogout',
        text: `${errorMessage(code, 'cn')} (${code})`,
      });
    }
  });

  it('stays silent for the codes callers handle themselves', () => {
    for (const code of [0, 14047, 120107, 190332, 5010, 902153]) {
      expect(reactionFor(code, null, en)).toEqual({ kind: 'none' });
    }
  });

  it('warns for 120089 to 120091 and offers the upgrade for 190308 and 120095', () => {
    for (const code of [120089, 120090, 120091]) expect(reactionFor(code, null, en).kind).toBe('warning');
    for (const code of [190308, 120095]) expect(reactionFor(code, null, en).kind).toBe('upgradeDialog');
  });

  it('takes the system-upgrading notice from data, else the catalogue text', () => {
    const data = { en: 'Back at 02:00', cn: '02:00 恢复' };
    expect(reactionFor(14053, data, { ...en, lang: 'cn' })).toEqual({
      kind: 'alertThenLogout',
      text: '02:00 恢复',
    });
    expect(reactionFor(14053, null, en)).toEqual({
      kind: 'alertThenLogout',
      text: errorMessage(14053, 'en'),
    });
  });

  it('leaves the access window alone on the company selection page', () => {
    expect(reactionFor(14091, null, en).kind).toBe('alertThenLogout');
    expect(reactionFor(14091, null, { ...en, path: SHELL_PATHS.selectCompany })).toEqual({ kind: 'none' });
  });
});
