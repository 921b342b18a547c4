import {
  ACTIVITY_EXPORT_COLUMNS,
  type ActivityRow,
  ALL_CALLS,
  exportVpnActivityCall,
  isVpnActivity,
  listVpnActivityCall,
} from '@fleetport/contract';
import { Button, DatePicker, Form, Input, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageGate } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { type DayRange, dayRangeOf, timeRangeOf } from '../../widgets/list/day-range.ts';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';
import { activityActionName, activityColumns } from '../activity-log/activity-columns.tsx';
import { ExportButton } from '../exports/export-button.tsx';
import { vpnConsole } from './vpn-console.i18n.ts';

addNamespaces({ vpnConsole });

/** The VPN actions the log can hold: the VPN console's calls that change something. */
const VPN_CALLS = ALL_CALLS.filter((c) => c.mutates && isVpnActivity(c.id));

interface FilterValues {
  callId?: string;
  object?: string;
  result?: 'success' | 'failure';
  range?: DayRange;
}

/**
 * VPN activity (core §2 vpn/activity): the company's activity log filtered to VPN actions (groups,
 * devices, clients, certificates, the data pool), filtered, paged and exported like the device console's.
 */
export function ActivityPage() {
  return (
    <PageGate funCode="vpnActivity.view">
      <Activity />
    </PageGate>
  );
}

function Activity() {
  const { t } = useTranslation('operation');
  const { t: tv } = useTranslation('vpnConsole');
  const lang = useLang();
  const log = useListQuery(listVpnActivityCall, { defaults: { pageSize: 20 } });
  const { filters, setFilters } = log;
  const [form] = Form.useForm<FilterValues>();

  useEffect(() => {
    form.setFieldsValue({
      callId: filters.callId,
      object: filters.object,
      result: filters.result,
      range: dayRangeOf(filters.startTime, filters.endTime),
    });
  }, [form, filters.callId, filters.object, filters.result, filters.startTime, filters.endTime]);

  const columns = useMemo(() => activityColumns({ t, lang }), [t, lang]);
  const actionOptions = useMemo(
    () =>
      VPN_CALLS.map((c) => ({ value: c.id, label: activityActionName(c.id, lang) })).sort((a, b) =>
        a.label.localeCompare(b.label, lang === 'cn' ? 'zh' : 'en'),
      ),
    [lang],
  );

  return (
    <ListPage<ActivityRow>
      title={tv('activity.title')}
      testId="vpn-activity"
      tableTestId="vpn-activity-table"
      rowKey="id"
      list={log}
      columns={columns}
      empty={{ description: tv('activity.empty') }}
      exportAction={({ total }) => (
        <ExportButton
          call={exportVpnActivityCall}
          filter={filters}
          total={total}
          columns={ACTIVITY_EXPORT_COLUMNS}
          fileNamePrefix={tv('activity.title')}
          module="vpn/activity"
          funCode="vpnActivity.export"
        />
      )}
      filters={
        <Form<FilterValues>
          form={form}
          layout="inline"
          style={{ rowGap: 8 }}
          onFinish={(values) =>
            setFilters({
              callId: values.callId || undefined,
              object: values.object?.trim() || undefined,
              result: values.result,
              ...timeRangeOf(values.range),
            })
          }
        >
          <Form.Item name="callId">
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('activity.action')}
              style={{ width: 220 }}
              options={actionOptions}
              data-testid="vpn-activity-call"
            />
          </Form.Item>
          <Form.Item name="object">
            <Input placeholder={t('activity.object')} style={{ width: 160 }} />
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
            />
          </Form.Item>
          <Form.Item name="range">
            <DatePicker.RangePicker />
          </Form.Item>
          <Button type="primary" htmlType="submit" data-testid="vpn-activity-search">
            {t('activity.search')}
          </Button>
        </Form>
      }
    />
  );
}
