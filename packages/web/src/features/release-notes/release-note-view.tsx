import { formatDateTime, type ReleaseNote } from '@fleetport/contract';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/use-lang.ts';

/** The note's text in the reader's language, else the other one (a note may be written in one only). */
export function noteText(note: ReleaseNote, lang: string): string {
  return (lang === 'cn' ? note.contentCn || note.contentEn : note.contentEn || note.contentCn).trim();
}

/** One note as users read it: its text (line breaks kept), window and attachment. */
export function ReleaseNoteView({ note, showWindow = true }: { note: ReleaseNote; showWindow?: boolean }) {
  const { t } = useTranslation('releaseNotes');
  const lang = useLang();
  return (
    <Flex vertical gap={8} data-testid={`release-note-${note.id}`}>
      {showWindow ? (
        <Typography.Text type="secondary">
          {t('window', { start: formatDateTime(note.startTime), end: formatDateTime(note.endTime) })}
        </Typography.Text>
      ) : null}
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
        {noteText(note, lang)}
      </Typography.Paragraph>
      {note.attachment ? (
        <span>
          {t('attachment')}:{' '}
          <a href={note.attachment.download.url} download={note.attachment.name} translate="no">
            {note.attachment.name}
          </a>
        </span>
      ) : null}
    </Flex>
  );
}
