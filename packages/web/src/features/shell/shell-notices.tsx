import {
  checkShowNotesCall,
  type Maintenance,
  type UserInfo,
  updateInstructionStatusCall,
} from '@fleetport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Modal } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { useLang } from '../../app/use-lang.ts';
import { PlainList } from '../../widgets/plain-list.tsx';
import { markResetPasswordPrompted, resetPasswordPrompted } from '../auth/session-store.ts';
import { shellKeys, useInstructionStatus, useMaintenance, useShowNotes } from './shell-queries.ts';

/** Core §9: the instructions dialog opens one second after the shell. */
export const INSTRUCTION_DELAY_MS = 1000;

/**
 * Core §4 "Initial password": while initialPwd is 1 and the prompt was not shown yet, ask the
 * user to reset it; OK opens their account page. The flag is set whatever they answer.
 */
export function useInitialPasswordPrompt(
  user: UserInfo | undefined,
  accountPath: string,
  open: (path: string) => void,
) {
  const { t } = useTranslation('shell');
  const { modal } = App.useApp();
  useEffect(() => {
    if (user?.initialPwd !== 1 || resetPasswordPrompted()) return;
    markResetPasswordPrompted();
    modal.confirm({
      title: t('initialPassword.title'),
      content: t('initialPassword.content'),
      okText: <span data-testid="initial-password-ok">{t('initialPassword.ok')}</span>,
      cancelText: t('initialPassword.later'),
      onOk: () => open(accountPath),
    });
  }, [user, accountPath, open, modal, t]);
}

// antd's Alert loads with the first announced maintenance, not with every console page.
const MaintenanceAlert = lazy(() =>
  import('./maintenance-alert.tsx').then((m) => ({ default: m.MaintenanceAlert })),
);

/** The maintenance notice as an alert in the current language (core §4). */
export function MaintenanceNotice() {
  const lang = useLang();
  const { t } = useTranslation('shell');
  const notice: Maintenance | null | undefined = useMaintenance().data;
  if (!notice) return null;
  return (
    <Suspense fallback={null}>
      <MaintenanceAlert
        title={t('maintenance.title')}
        description={lang === 'cn' ? notice.messageCn : notice.messageEn}
      />
    </Suspense>
  );
}

/**
 * Status '0': the instructions after one second; status '1': the unread notes, if any (core §4).
 * `waiting` holds both back while another prompt (the initial password) has the user's attention.
 */
export function InstructionAndNotesDialogs({ waiting }: { waiting: boolean }) {
  const { t } = useTranslation('shell');
  const queryClient = useQueryClient();
  const status = useInstructionStatus().data?.status;
  const notes = useShowNotes().data ?? [];
  const unread = notes.filter((note) => !note.checked);
  const [instructionsOpen, setInstructionsOpen] = useState(false);
  const [notesDismissed, setNotesDismissed] = useState(false);
  const shown = useRef(false);

  useEffect(() => {
    if (waiting || status !== '0' || shown.current) return;
    const timer = setTimeout(() => {
      shown.current = true;
      setInstructionsOpen(true);
    }, INSTRUCTION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status, waiting]);

  async function closeInstructions() {
    setInstructionsOpen(false);
    queryClient.setQueryData(shellKeys.instructions(), { status: '1' as const });
    setNotesDismissed(true);
    try {
      await apiCall(updateInstructionStatusCall, { status: '1' }, { silent: true });
    } catch {
      // Seeing the dialog again next time is the only consequence.
    }
  }

  async function closeNotes() {
    setNotesDismissed(true);
    try {
      await apiCall(checkShowNotesCall, { ids: unread.map((note) => note.id) }, { silent: true });
      await queryClient.invalidateQueries({ queryKey: shellKeys.notes() });
    } catch {
      // The notes show again next time.
    }
  }

  return (
    <>
      <Modal
        open={instructionsOpen}
        title={t('instructions.title')}
        onCancel={() => void closeInstructions()}
        footer={
          <Button type="primary" data-testid="instructions-ok" onClick={() => void closeInstructions()}>
            {t('instructions.gotIt')}
          </Button>
        }
      >
        <div data-testid="instructions-dialog">
          <p style={{ marginTop: 0 }}>{t('instructions.intro')}</p>
          <ul>
            <li>{t('instructions.menu')}</li>
            <li>{t('instructions.tabs')}</li>
            <li>{t('instructions.header')}</li>
          </ul>
        </div>
      </Modal>
      <Modal
        open={!waiting && status === '1' && !notesDismissed && unread.length > 0}
        title={t('notes.title')}
        onCancel={() => void closeNotes()}
        footer={
          <Button type="primary" data-testid="notes-ok" onClick={() => void closeNotes()}>
            {t('common:ok')}
          </Button>
        }
      >
        <PlainList
          data-testid="notes-dialog"
          items={unread.map((note) => ({ key: String(note.id), content: note.content }))}
          empty={t('notes.empty')}
        />
      </Modal>
    </>
  );
}
