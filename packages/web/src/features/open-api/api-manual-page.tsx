import { Alert, Button, Card, Collapse, Flex, Input, Space, Spin, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { MachineWords } from '../../widgets/machine-words.tsx';
import { apiManual } from './api-manual.i18n.ts';
import {
  type ManualOperation,
  matchesSearch,
  OPEN_API_DOCUMENT_URL,
  useManualDocument,
} from './api-manual-document.ts';
import { MachineText, OperationDetails } from './api-manual-operation.tsx';

addNamespaces({ apiManual });

const METHOD_COLOURS: Record<string, string> = { GET: 'green', POST: 'blue', PUT: 'orange', DELETE: 'red' };

/**
 * `/operation/apiManual` and `/support/apiManual` (core §2): the open API's reference, read from the
 * document the server serves, grouped by family and searchable.
 */
export function ApiManualPage() {
  const { t } = useTranslation('apiManual');
  const lang = useLang();
  const document = useManualDocument();
  const [search, setSearch] = useState('');
  const shown = useMemo(
    () => (document.data?.operations ?? []).filter((op) => matchesSearch(op, search)),
    [document.data, search],
  );
  return (
    <Card
      title={t('title')}
      data-testid="api-manual"
      extra={
        <Input.Search
          allowClear
          placeholder={t('search')}
          style={{ width: 320 }}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={setSearch}
          data-testid="api-manual-search"
        />
      }
    >
      <Flex vertical gap={16}>
        <Alert
          type="info"
          showIcon
          message={
            <MachineWords
              sentence={(m) => t('intro', m)}
              values={{ prefix: document.data?.server ?? '/openapi/v1', document: 'openapi.json' }}
            />
          }
          action={
            <Space direction="vertical" align="end">
              <Link to="/support/openApi">{t('guideLink')}</Link>
              <a href={OPEN_API_DOCUMENT_URL} target="_blank" rel="noreferrer" translate="no">
                openapi.json
              </a>
            </Space>
          }
        />
        {document.isLoading && <Spin />}
        {document.isError && (
          <Alert
            type="error"
            message={t('loadFailed')}
            action={<Button onClick={() => document.refetch()}>{t('retry')}</Button>}
          />
        )}
        {document.data && (
          <>
            <Typography.Text type="secondary" data-testid="api-manual-count">
              {t('count', { count: shown.length })}
            </Typography.Text>
            {shown.length === 0 && <EmptyState description={t('none')} />}
            {document.data.families.map((family) => {
              const ops = shown.filter((op) => op.tag === family.name);
              if (ops.length === 0) return null;
              return (
                <section key={family.name} data-testid={`family-${family.name}`}>
                  <Typography.Title level={4}>{family.label[lang]}</Typography.Title>
                  <Collapse
                    items={ops.map((op) => ({
                      key: op.id,
                      label: <OperationLabel op={op} summary={op.summary[lang]} />,
                      children: <OperationDetails op={op} server={document.data.server} />,
                    }))}
                  />
                </section>
              );
            })}
          </>
        )}
      </Flex>
    </Card>
  );
}

function OperationLabel({ op, summary }: { op: ManualOperation; summary: string }) {
  return (
    <Flex gap={8} wrap align="center">
      <Tag
        color={METHOD_COLOURS[op.method] ?? 'default'}
        translate="no"
        style={{ minWidth: 52, textAlign: 'center' }}
      >
        {op.method}
      </Tag>
      <Typography.Text code translate="no">
        {op.path}
      </Typography.Text>
      <span>
        <MachineText text={summary} />
      </span>
    </Flex>
  );
}
