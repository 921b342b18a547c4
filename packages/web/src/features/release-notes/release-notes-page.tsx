import { listReleaseNotesCall } from '@fleetport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Flex, Input, List, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { ReleaseNoteView } from './release-note-view.tsx';
import { releaseNotes } from './release-notes.i18n.ts';

addNamespaces({ releaseNotes });

const PAGE_SIZE = 10;

/** Support › Release notes (core §2 support/releaseNotes): every note whose window has started, newest first. */
export function ReleaseNotesPage() {
  const { t } = useTranslation('releaseNotes');
  const [version, setVersion] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const list = useQuery({
    queryKey: [listReleaseNotesCall.id, version, pageNum],
    queryFn: () =>
      apiCall(listReleaseNotesCall, { pageNum, pageSize: PAGE_SIZE, ...(version ? { version } : {}) }),
    placeholderData: keepPreviousData,
  });
  return (
    <Card
      title={t('title')}
      data-testid="release-notes-page"
      extra={
        <Input.Search
          allowClear
          placeholder={t('search')}
          style={{ width: 240 }}
          onSearch={(value) => {
            setVersion(value.trim());
            setPageNum(1);
          }}
          data-testid="release-notes-search"
        />
      }
    >
      <List
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: <EmptyState description={t('empty')} /> }}
        pagination={
          (list.data?.total ?? 0) > PAGE_SIZE
            ? { current: pageNum, pageSize: PAGE_SIZE, total: list.data?.total, onChange: setPageNum }
            : false
        }
        renderItem={(note) => (
          <List.Item key={note.id}>
            <Flex vertical gap={4} style={{ width: '100%' }}>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {t('version', { version: note.version })}
              </Typography.Title>
              <ReleaseNoteView note={note} />
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}
