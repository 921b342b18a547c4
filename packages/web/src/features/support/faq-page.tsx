import { type Faq, listFaqsCall, listFaqTagsCall } from '@fleetport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Collapse, Flex, Input, Pagination, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { ShareDialog } from './share-dialog.tsx';
import { support } from './support.i18n.ts';

addNamespaces({ support });

const PAGE_SIZE = 10;

/** Support › FAQ (core §2 support/FAQ): questions in the reader's language, by tag and search. */
export function FaqPage() {
  const { t } = useTranslation('support');
  const lang = useLang();
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState<string | undefined>();
  const [pageNum, setPageNum] = useState(1);
  const [sharing, setSharing] = useState<Faq | null>(null);
  const tags = useQuery({
    queryKey: [listFaqTagsCall.id, lang],
    queryFn: () => apiCall(listFaqTagsCall, {}),
  });
  const list = useQuery({
    queryKey: [listFaqsCall.id, lang, search, tag, pageNum],
    queryFn: () =>
      apiCall(listFaqsCall, {
        pageNum,
        pageSize: PAGE_SIZE,
        ...(search ? { search } : {}),
        ...(tag ? { tag } : {}),
      }),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.total ?? 0;
  return (
    <Card
      title={t('faq.title')}
      data-testid="faq-page"
      extra={
        <Space>
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={t('faq.allTags')}
            value={tag}
            options={(tags.data ?? []).map((value) => ({ value, label: value }))}
            onChange={(value?: string) => {
              setTag(value);
              setPageNum(1);
            }}
            data-testid="faq-tag"
          />
          <Input.Search
            allowClear
            placeholder={t('search')}
            style={{ width: 240 }}
            onSearch={(value) => {
              setSearch(value.trim());
              setPageNum(1);
            }}
            data-testid="faq-search"
          />
        </Space>
      }
    >
      {list.data && list.data.list.length === 0 ? <EmptyState description={t('faq.empty')} /> : null}
      <Collapse
        items={(list.data?.list ?? []).map((faq) => ({
          key: faq.id,
          label: (
            <Flex justify="space-between" gap={8}>
              <span>{faq.question}</span>
              <Tag>{faq.tag}</Tag>
            </Flex>
          ),
          children: (
            <Flex vertical gap={8}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-line', margin: 0 }}>
                {faq.answer}
              </Typography.Paragraph>
              <Space>
                {faq.attachment ? (
                  <a href={faq.attachment.download.url} translate="no">
                    {faq.attachment.name}
                  </a>
                ) : null}
                <Button size="small" onClick={() => setSharing(faq)} data-testid={`faq-share-${faq.id}`}>
                  {t('share')}
                </Button>
              </Space>
            </Flex>
          ),
        }))}
      />
      {total > PAGE_SIZE ? (
        <Pagination
          style={{ marginTop: 16 }}
          current={pageNum}
          pageSize={PAGE_SIZE}
          total={total}
          onChange={setPageNum}
        />
      ) : null}
      {sharing ? (
        <ShareDialog subject="faq" id={sharing.id} name={sharing.question} onClose={() => setSharing(null)} />
      ) : null}
    </Card>
  );
}
