import { Modal, Result, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export interface BulkOutcome {
  title: string;
  succeeded: number;
  failed: number;
  results: { sn: string; code: number; msg: string }[];
}

/** What a bulk action did to each device: the counts, then one row per device with its message. */
export function BulkResults({ outcome, onClose }: { outcome: BulkOutcome | null; onClose: () => void }) {
  const { t } = useTranslation('devices');
  return (
    <Modal
      open={outcome !== null}
      title={outcome?.title}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={640}
      data-testid="bulk-results"
    >
      {outcome && (
        <>
          <Result
            status={outcome.failed === 0 ? 'success' : outcome.succeeded === 0 ? 'error' : 'warning'}
            title={t('bulk.summary', { succeeded: outcome.succeeded, failed: outcome.failed })}
            style={{ padding: 16 }}
          />
          <Table
            size="small"
            rowKey="sn"
            pagination={outcome.results.length > 10 ? { pageSize: 10 } : false}
            dataSource={outcome.results}
            data-testid="bulk-results-table"
            columns={[
              { key: 'sn', dataIndex: 'sn', title: t('field.sn') },
              {
                key: 'code',
                dataIndex: 'code',
                title: t('bulk.result'),
                render: (code: number, row) =>
                  code === 0 ? <Tag color="green">{t('bulk.ok')}</Tag> : <Tag color="red">{row.msg}</Tag>,
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
