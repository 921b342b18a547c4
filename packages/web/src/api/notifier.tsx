import { App } from 'antd';
import { useEffect } from 'react';
import { i18n } from '../i18n/index.ts';
import type { Reaction } from './reactions.ts';
import { canOpenLicences, logout, navigateTo, SHELL_PATHS } from './session-hooks.ts';

/** core §8: the generic error toast stays 5 seconds. */
export const TOAST_SECONDS = 5;

type Surfaces = Pick<ReturnType<typeof App.useApp>, 'message' | 'modal'>;
type ModalApi = Surfaces['modal'];

// Filled by <NotifierBridge/> so toasts and dialogs use Ant Design's context (theme, locale).
let surfaces: Surfaces | null = null;
// Several calls failing at once with an expired session must still show one alert and log out once.
let logoutAlertOpen = false;
let upgradeDialogOpen = false;

/** Mounted once inside AppProviders; hands Ant Design's message and modal to the HTTP client. */
export function NotifierBridge() {
  const { message, modal } = App.useApp();
  useEffect(() => {
    const mine = { message, modal };
    surfaces = mine;
    return () => {
      if (surfaces !== mine) return;
      // Dialogs live in the unmounted App holder, so none is open any more.
      surfaces = null;
      logoutAlertOpen = false;
      upgradeDialogOpen = false;
    };
  }, [message, modal]);
  return null;
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

/** Shows a reaction. Without a mounted bridge (never in the console) nothing can be shown. */
export function applyReaction(reaction: Reaction): void {
  if (reaction.kind === 'none') return;
  if (!surfaces) {
    console.error('NotifierBridge is not mounted; cannot show', reaction);
    return;
  }
  const { message, modal } = surfaces;
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
