import { markReleaseNoteSeenCall, pendingReleaseNoteCall } from '@fleetport/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiCall } from '../../api/client.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { ReleaseNoteView } from './release-note-view.tsx';
import { releaseNotes } from './release-notes.i18n.ts';

addNamespaces({ releaseNotes });

const PENDING_KEY = [pendingReleaseNoteCall.id] as const;

/**
 * The newest release note in its window the user has not been shown: once, after sign-in. Closing it
 * (or opening all notes) marks it shown, so it never comes back. Loaded after the shell is drawn.
 */
export function ReleaseNotePopup() {
  const { t } = useTranslation('releaseNotes');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pending = useQuery({
    queryKey: PENDING_KEY,
    queryFn: () => apiCall(pendingReleaseNoteCall, {}, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const note = pending.data;
  if (!note) return null;

  const dismiss = (then?: () => void) => {
    queryClient.setQueryData(PENDING_KEY, null);
    void apiCall(markReleaseNoteSeenCall, { id: note.id }, { silent: true }).catch(() => {});
    then?.();
  };

  return (
    <Modal
      open
      title={t('popupTitle', { version: note.version })}
      onCancel={() => dismiss()}
      data-testid="release-note-popup"
      footer={[
        <Button key="all" onClick={() => dismiss(() => navigate('/support/releaseNotes'))}>
          {t('allNotes')}
        </Button>,
        <Button key="ok" type="primary" onClick={() => dismiss()} data-testid="release-note-got-it">
          {t('gotIt')}
        </Button>,
      ]}
    >
      <ReleaseNoteView note={note} showWindow={false} />
    </Modal>
  );
}
