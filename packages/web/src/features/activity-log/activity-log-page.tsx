import {
  ACTIVITY_EXPORT_COLUMNS,
  type ActivityRow,
  ALL_CALLS,
  activityLogExportCall,
  activityLogListCall,
  isDeviceActivity,
} from '@fleetport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Flex, Form, Input, Segmented, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendCall } from '../../api/client.ts';
import { PageGate } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { IndexTable } from '../../widgets/index-table.tsx';
import { ExportButton } from '../exports/export-button.tsx';
import { activityActionName, activityColumns } from './activity-columns.tsx';

/** The calls the log can hold: those that change something. */
const RECORDED_CALLS = ALL_CALLS.filter((c) => c.mutates);

interface Filter {
  /** The device console's activity page shows device actions unless the reader asks for all. */
  scope?: 'devices';
  callId?: string;
  object?: string;
  result?: 'success' | 'failure';
  startTime?: number;
  endTime?: number;
}

interface FilterValues {
  callId?: string;
  object?: string;
  result?: 'success' | 'failure';
  range?: [Dayjs | null, Dayjs | null] | null;
}

/**
 * The activity log (/robustlink/activity): what was done to the company's devices (or, switched to
 * "All activity", everything that changed in the company), filtered and paged.
 */
export function ActivityLogPage() {
  return (
    <PageGate funCode="activity.view">
      <ActivityLog />
    </PageGate>
  );
}

function ActivityLog() {
  const { t } = useTranslation('operation');
  const lang = useLang();
  const [scope, setScope] = useState<'devices' | 'all'>('devices');
  const [fields, setFields] = useState<Omit<Filter, 'scope'>>({});
  const filter: Filter = scope === 'devices' ? { scope, ...fields } : fields;
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 20 });
  const [form] = Form.useForm<FilterValues>();
  const log = useQuery({
    queryKey: ['activityLog', filter, paging],
    queryFn: () => sendCall(activityLogListCall, { ...paging, ...filter }),
    placeholderData: keepPreviousData,
  });

  function apply(values: FilterValues) {
    setPaging((p) => ({ ...p, pageNum: 1 }));
    setFields({
      ...(values.callId ? { callId: values.callId } : {}),
      ...(values.object?.trim() ? { object: values.object.trim() } : {}),
      ...(values.result ? { result: values.result } : {}),
      ...(values.range?.[0] ? { startTime: values.range[0].startOf('day').valueOf() } : {}),
      ...(values.range?.[1] ? { endTime: values.range[1].endOf('day').valueOf() } : {}),
    });
  }

  const columns = useMemo(() => activityColumns({ t, lang }), [t, lang]);

  const actionOptions = useMemo(
    () =>
      RECORDED_CALLS.filter((c) => scope === 'all' || isDeviceActivity(c.id))
        .map((c) => ({ value: c.id, label: activityActionName(c.id, lang) }))
        .sort((a, b) => a.label.localeCompare(b.label, lang === 'cn' ? 'zh' : 'en')),
    [lang, scope],
  );

  return (
    <Card
      title={t('activity.title')}
      data-testid="activity-log"
      extra={
        <ExportButton
          call={activityLogExportCall}
          filter={filter}
          total={log.data?.data?.total ?? 0}
          columns={ACTIVITY_EXPORT_COLUMNS}
          fileNamePrefix={t('activity.title')}
          module="robustlink/activity"
          funCode="activity.export"
        />
      }
    >
      <Segmented<'devices' | 'all'>
        style={{ marginBottom: 12 }}
        value={scope}
        onChange={(next) => {
          setPaging((p) => ({ ...p, pageNum: 1 }));
          setScope(next);
          // An action outside device actions has no option there: it would show as its raw id and match nothing.
          if (next === 'devices') {
            const chosen: string | undefined = form.getFieldValue('callId');
            if (chosen && !isDeviceActivity(chosen)) form.setFieldValue('callId', undefined);
            setFields((f) => {
              if (!f.callId || isDeviceActivity(f.callId)) return f;
              const { callId: _dropped, ...rest } = f;
              return rest;
            });
          }
        }}
        options={[
          { value: 'devices', label: t('activity.scope.devices') },
          { value: 'all', label: t('activity.scope.all') },
        ]}
        data-testid="activity-scope"
      />
      <Form<FilterValues>
        form={form}
        layout="inline"
        onFinish={apply}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="callId">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('activity.action')}
            style={{ width: 220 }}
            options={actionOptions}
            data-testid="activity-call"
          />
        </Form.Item>
        <Form.Item name="object">
          <Input placeholder={t('activity.object')} style={{ width: 160 }} data-testid="activity-object" />
        </Form.Item>
        <Form.Item name="result">
          <Select
            allowClear
            placeholder={t('activity.result')}
            style={{ width: 140 }}
            options={[
              { value: 'success', label: t('activity.success') },
              { value: 'failure', label: t('activity.failure') },
            ]}
            data-testid="activity-result"
          />
        </Form.Item>
        <Form.Item name="range">
          <DatePicker.RangePicker />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" data-testid="activity-search">
            {t('activity.search')}
          </Button>
        </Flex>
      </Form>
      <IndexTable<ActivityRow>
        rowKey="id"
        data-testid="activity-table"
        loading={log.isLoading}
        columns={columns}
        dataSource={log.data?.data?.list ?? []}
        locale={{ emptyText: <EmptyState description={t('activity.empty')} /> }}
        pagination={{
          current: paging.pageNum,
          pageSize: paging.pageSize,
          total: log.data?.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('paging.total', { total }),
        }}
        onChange={(page) => setPaging({ pageNum: page.current ?? 1, pageSize: page.pageSize ?? 20 })}
      />
    </Card>
  );
}
