import {
  type PointTablePoint,
  type TestReadDecoding,
  type TestReadPoint,
  testReadPointTableCall,
} from '@fleetport/contract';
import { App, Button, Card, Flex, Input, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import type { TableFields } from './table-fields.ts';

/**
 * The test read (issue 19): the table as it is on screen goes to an online gateway; each point shows
 * its value as configured, its other readings (byte orders, address ±1) with their flags, and the
 * suggested one to adopt with a click.
 */
export function TestReadPanel({
  table,
  adopt,
}: {
  table: TableFields & { points: PointTablePoint[] };
  adopt: (index: number, change: Pick<PointTablePoint, 'address' | 'byteOrder'>) => void;
}) {
  const { t } = useTranslation('pointTables');
  const { message } = App.useApp();
  const [sn, setSn] = useState('');
  const read = useCallMutation(testReadPointTableCall);

  const adoptOne = (point: TestReadPoint, d: TestReadDecoding) => {
    adopt(point.index, { address: d.address, byteOrder: d.byteOrder });
    void message.success(t('testRead.adopted', { name: point.name, address: d.address, order: d.byteOrder }));
  };

  const reading = (point: TestReadPoint, d: TestReadDecoding, testId: string) => (
    <Tag
      key={`${d.shift}-${d.byteOrder}`}
      color={d.flags.length ? 'error' : 'success'}
      data-testid={testId}
      data-plausible={d.flags.length === 0}
    >
      <span translate="no">
        {t('testRead.at', { order: d.byteOrder, address: d.address })}: {String(d.value ?? 'NaN')}
      </span>
      {d.flags.length > 0 && ` (${d.flags.map((f) => t(`testRead.flags.${f}`)).join(', ')})`}
      {(d.shift !== 0 || d.byteOrder !== table.points[point.index]?.byteOrder) && (
        <Button type="link" size="small" onClick={() => adoptOne(point, d)} data-testid={`${testId}-adopt`}>
          {t('testRead.adopt')}
        </Button>
      )}
    </Tag>
  );

  const columns: ColumnsType<TestReadPoint> = [
    { key: 'name', dataIndex: 'name', title: t('testRead.point') },
    {
      key: 'words',
      title: t('testRead.words'),
      render: (_: unknown, p) => (
        <span translate="no">{p.words?.map((w) => w.toString(16).padStart(4, '0')).join(' ') ?? ''}</span>
      ),
    },
    {
      key: 'value',
      title: t('testRead.value'),
      render: (_: unknown, p) =>
        p.decoded ? (
          reading(p, p.decoded, `test-read-value-${p.index}`)
        ) : (
          <Typography.Text type="danger">{t('testRead.error', { error: p.error ?? '' })}</Typography.Text>
        ),
    },
    {
      key: 'suggestion',
      title: t('testRead.suggestion'),
      render: (_: unknown, p) =>
        p.suggestion ? reading(p, p.suggestion, `test-read-suggestion-${p.index}`) : t('testRead.none'),
    },
    {
      key: 'alternatives',
      title: t('testRead.alternatives'),
      render: (_: unknown, p) => (
        <Flex wrap gap={4}>
          {p.alternatives.map((d) => reading(p, d, `test-read-alt-${p.index}-${d.shift}-${d.byteOrder}`))}
        </Flex>
      ),
    },
  ];

  return (
    <Card title={t('testRead.title')} data-testid="test-read">
      <Typography.Paragraph type="secondary">{t('testRead.hint')}</Typography.Paragraph>
      <Space>
        <Input
          placeholder={t('testRead.gateway')}
          value={sn}
          translate="no"
          onChange={(e) => setSn(e.target.value)}
          data-testid="test-read-sn"
        />
        <Button
          onClick={() => read.mutate({ sn: sn.trim(), table })}
          loading={read.isPending}
          disabled={!sn.trim()}
          data-testid="test-read-run"
        >
          {t('testRead.run')}
        </Button>
      </Space>
      {read.data && (
        <Table<TestReadPoint>
          size="small"
          style={{ marginTop: 16 }}
          rowKey="index"
          dataSource={read.data.points}
          columns={columns}
          pagination={false}
          data-testid="test-read-results"
        />
      )}
    </Card>
  );
}
