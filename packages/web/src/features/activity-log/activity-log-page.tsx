import {
  ACTIVITY_EXPORT_COLUMNS,
  type ActivityRow,
  ALL_CALLS,
  activityLogExportCall,
  activityLogListCall,
  isDeviceActivity,
} from '@fleetport/contract';
import { Button, DatePicker, Flex, Form, Input, Segmented, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageGate } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { type DayRange, dayRangeOf, timeRangeOf } from '../../widgets/list/day-range.ts';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';
import { ExportButton } from '../exports/export-button.tsx';
import { activityActionName, activityColumns } from './activity-columns.tsx';

/** The calls the log can hold: those that change something. */
const RECORDED_CALLS = ALL_CALLS.filter((c) => c.mutates);

interface FilterValues {
  callId?: string;
  object?: string;
  result?: 'success' | 'failure';
  range?: DayRange;
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
  // The device console's page starts on device actions; "All activity" is one click away.
  const log = useListQuery(activityLogListCall, { defaults: { pageSize: 20, scope: 'devices' } });
  const { filters, setFilters } = log;
  const scope = filters.scope === 'all' ? 'all' : 'devices';
  const [form] = Form.useForm<FilterValues>();

  // The form shows the filters the address holds (a reload, a shared link, Back).
  useEffect(() => {
    form.setFieldsValue({
      callId: filters.callId,
      object: filters.object,
      result: filters.result,
      range: dayRangeOf(filters.startTime, filters.endTime),
    });
  }, [form, filters.callId, filters.object, filters.result, filters.startTime, filters.endTime]);

  function apply(values: FilterValues) {
    setFilters({
      callId: values.callId || undefined,
      object: values.object?.trim() || undefined,
      result: values.result,
      ...timeRangeOf(values.range),
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
    <ListPage<ActivityRow>
      title={t('activity.title')}
      testId="activity-log"
      tableTestId="activity-table"
      rowKey="id"
      list={log}
      columns={columns}
      empty={{ description: t('activity.empty') }}
      exportAction={({ total }) => (
        <ExportButton
          call={activityLogExportCall}
          filter={filters}
          total={total}
          columns={ACTIVITY_EXPORT_COLUMNS}
          fileNamePrefix={t('activity.title')}
          module="robustlink/activity"
          funCode="activity.export"
        />
      )}
      filters={
        <Flex vertical gap={12} style={{ width: '100%' }}>
          <Segmented<'devices' | 'all'>
            value={scope}
            onChange={(next) =>
              setFilters({
                scope: next,
                // An action outside device actions has no option there: it would show as its raw id and match nothing.
                ...(next === 'devices' && filters.callId && !isDeviceActivity(filters.callId)
                  ? { callId: undefined }
                  : {}),
              })
            }
            options={[
              { value: 'devices', label: t('activity.scope.devices') },
              { value: 'all', label: t('activity.scope.all') },
            ]}
            data-testid="activity-scope"
            aria-label={t('activity.scope.label')}
          />
          <Form<FilterValues> form={form} layout="inline" onFinish={apply} style={{ rowGap: 8 }}>
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
              <Input
                placeholder={t('activity.object')}
                style={{ width: 160 }}
                data-testid="activity-object"
              />
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
            <Button type="primary" htmlType="submit" data-testid="activity-search">
              {t('activity.search')}
            </Button>
          </Form>
        </Flex>
      }
    />
  );
}
