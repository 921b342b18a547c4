import { type Certificate, formatDateTime, listCertificatesCall } from '@fleetport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { support } from './support.i18n.ts';

addNamespaces({ support });

const PAGE_SIZE = 10;

/** The columns of what X509Certificate read from a certificate: the user's page and the Super Admin's. */
export function useCertificateColumns(): ColumnsType<Certificate> {
  const { t } = useTranslation('support');
  // Names, issuers and fingerprints are the certificate's own text, not words to translate.
  const machine = (text: string) => (
    <Typography.Text style={{ whiteSpace: 'pre-line' }} translate="no">
      {text}
    </Typography.Text>
  );
  return [
    { key: 'name', title: t('certificates.columns.name'), render: (_: unknown, c) => machine(c.name) },
    {
      key: 'subject',
      title: t('certificates.columns.subject'),
      render: (_: unknown, c) => machine(c.subject),
    },
    { key: 'issuer', title: t('certificates.columns.issuer'), render: (_: unknown, c) => machine(c.issuer) },
    {
      key: 'validFrom',
      title: t('certificates.columns.validFrom'),
      render: (_: unknown, c) => formatDateTime(c.validFrom),
    },
    {
      key: 'validTo',
      title: t('certificates.columns.validTo'),
      render: (_: unknown, c) => formatDateTime(c.validTo),
    },
    {
      key: 'fingerprint',
      title: t('certificates.columns.fingerprint'),
      render: (_: unknown, c) => (
        <Typography.Text code copyable style={{ maxWidth: 220 }} ellipsis translate="no">
          {c.fingerprint}
        </Typography.Text>
      ),
    },
  ];
}

/** Support › Certificates (core §2 support/certificate): the platform's CRT files to download. */
export function CertificatesPage() {
  const { t } = useTranslation('support');
  const columns = useCertificateColumns();
  const [search, setSearch] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const list = useQuery({
    queryKey: [listCertificatesCall.id, search, pageNum],
    queryFn: () =>
      apiCall(listCertificatesCall, { pageNum, pageSize: PAGE_SIZE, ...(search ? { search } : {}) }),
    placeholderData: keepPreviousData,
  });
  return (
    <Card
      title={t('certificates.title')}
      data-testid="certificates-page"
      extra={
        <Input.Search
          allowClear
          placeholder={t('search')}
          style={{ width: 240 }}
          onSearch={(value) => {
            setSearch(value.trim());
            setPageNum(1);
          }}
        />
      }
    >
      <Table<Certificate>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: <EmptyState description={t('certificates.empty')} /> }}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPageNum,
        }}
        columns={[
          ...columns,
          {
            key: 'download',
            render: (_: unknown, c) => (
              <Button size="small" href={c.file.download.url} data-testid={`certificate-download-${c.id}`}>
                {t('download')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
