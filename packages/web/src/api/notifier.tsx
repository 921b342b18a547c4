import { i18n } from '../i18n/index.ts';
import type { Reaction } from './reactions.ts';
import { canOpenLicences, logout, navigateTo, SHELL_PATHS } from './session-hooks.ts';
import type { Surfaces } from './surfaces.ts';

/** core §8: the generic error toast stays 5 seconds. */
export const TOAST_SECONDS = 5;

type ModalApi = Surfaces['modal'];

// Filled by <NotifierBridge/> (api/notifier-bridge.tsx) so toasts and dialogs use Ant Design's
// context (theme, locale). This module imports no antd: the HTTP client is in every page's first
// load, the sign-in page's too, which draws without antd.
let surfaces: Surfaces | null = null;
// Several calls failing at once with an expired session must still show one alert and log out once.
let logoutAlertOpen = false;
let upgradeDialogOpen = false;

/** The bridge hands its surfaces over on mount; null on unmount (dialogs lived in its App holder). */
export function setSurfaces(mine: Surfaces | null, previous?: Surfaces): void {
  if (mine === null) {
    if (previous && surfaces !== previous) return;
    surfaces = null;
    logoutAlertOpen = false;
    upgradeDialogOpen = false;
    return;
  }
  surfaces = mine;
}

/**
 * Surfaces where no bridge is mounted (the sign-in page, outside the console's frame): Ant Design's
 * static message and modal, loaded only when a reaction has to be shown there.
 */
function staticSurfaces(): Promise<Surfaces> {
  return import('./static-surfaces.tsx').then((m) => m.staticSurfaces());
}

const t = (key: string) => i18n.t(key);

function showLogoutAlert(modal: ModalApi, text: string) {
  if (logoutAlertOpen) return;
  logoutAlertOpen = true;
  modal.error({
    title: t('request:alertTitle'),
    content: text,
    okText: t('common:ok'),
    keyboard: false,
    onOk: async () => {
      try {
        await logout();
      } finally {
        logoutAlertOpen = false;
      }
    },
  });
}

function showUpgradeDialog(modal: ModalApi, text: string) {
  if (upgradeDialogOpen) return;
  upgradeDialogOpen = true;
  modal.confirm({
    title: t('request:upgradeTitle'),
    content: text,
    okText: t('request:upgrade'),
    cancelText: t('common:cancel'),
    onCancel: () => {
      upgradeDialogOpen = false;
    },
    onOk: () => {
      upgradeDialogOpen = false;
      if (canOpenLicences()) navigateTo(SHELL_PATHS.licences);
      else modal.warning({ title: t('request:alertTitle'), content: t('request:noLicencePermission') });
    },
  });
}

/** Shows a reaction: through the mounted bridge, or (outside the console's frame) antd's static API. */
export function applyReaction(reaction: Reaction): void {
  if (reaction.kind === 'none') return;
  if (surfaces) show(surfaces, reaction);
  else void staticSurfaces().then((loaded) => show(surfaces ?? loaded, reaction));
}

function show({ message, modal }: Surfaces, reaction: Exclude<Reaction, { kind: 'none' }>): void {
  switch (reaction.kind) {
    case 'toast':
      void message.error({ content: reaction.text, duration: TOAST_SECONDS });
      return;
    case 'warning':
      void message.warning({ content: reaction.text, duration: TOAST_SECONDS });
      return;
    case 'alertThenLogout':
      showLogoutAlert(modal, reaction.text);
      return;
    case 'upgradeDialog':
      showUpgradeDialog(modal, reaction.text);
      return;
  }
}

/** A success message through the same surfaces (used by the export helper). */
export function notifySuccess(text: string): void {
  void surfaces?.message.success({ content: text, duration: TOAST_SECONDS });
}
