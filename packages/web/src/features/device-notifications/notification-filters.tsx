import {
  ALERT_SEVERITIES,
  ALERT_SEVERITY_LABELS,
  type Lang,
  NOTIFICATION_BIZ_TYPE_LABELS,
  NOTIFICATION_BIZ_TYPES,
} from '@fleetport/contract';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type DayRange, dayRangeOf, timeRangeOf } from '../../widgets/list/day-range.ts';
import { LabelledChoices } from '../../widgets/list/labelled-choices.tsx';
import type { NotificationFilter } from './notification-queries.ts';

interface FilterValues {
  bizTypes?: NotificationFilter['bizTypes'];
  severities?: NotificationFilter['severities'];
  read?: 'read' | 'unread';
  sn?: string;
  range?: DayRange;
}

/** The form's values for the list's filters (as the address holds them). */
function formValues(f: NotificationFilter): FilterValues {
  return {
    bizTypes: f.bizTypes,
    severities: f.severities,
    read: f.read,
    sn: f.sn,
    range: dayRangeOf(f.startTime, f.endTime),
  };
}

/**
 * Kind, severity, read state, SN and time range; applied with Search, cleared with Reset. The form
 * shows `value`, the filters the list holds.
 */
export function NotificationFilters({
  lang,
  value,
  onApply,
}: {
  lang: Lang;
  value: NotificationFilter;
  onApply: (f: NotificationFilter) => void;
}) {
  const { t } = useTranslation('deviceNotifications');
  const [form] = Form.useForm<FilterValues>();
  const shown = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` is `value` compared by content.
  useEffect(() => form.setFieldsValue(formValues(value)), [form, shown]);
  function apply(v: FilterValues) {
    onApply({
      bizTypes: v.bizTypes?.length ? v.bizTypes : undefined,
      severities: v.severities?.length ? v.severities : undefined,
      read: v.read || undefined,
      sn: v.sn?.trim() || undefined,
      ...timeRangeOf(v.range),
      groupId: undefined,
    });
  }
  return (
    <Form<FilterValues> form={form} layout="inline" onFinish={apply} style={{ rowGap: 8 }}>
      <Form.Item name="sn">
        <Input.Search
          allowClear
          placeholder={t('searchSn')}
          style={{ width: 180 }}
          onSearch={() => form.submit()}
          data-testid="noti-sn"
        />
      </Form.Item>
      <LabelledChoices
        name="bizTypes"
        values={NOTIFICATION_BIZ_TYPES}
        labels={NOTIFICATION_BIZ_TYPE_LABELS}
        lang={lang}
        placeholder={t('field.kind')}
        width={180}
        testId="noti-kind"
      />
      <LabelledChoices
        name="severities"
        values={ALERT_SEVERITIES}
        labels={ALERT_SEVERITY_LABELS}
        lang={lang}
        placeholder={t('field.severity')}
        width={150}
        testId="noti-severity"
      />
      <Form.Item name="read">
        <Select
          allowClear
          placeholder={t('field.state')}
          style={{ width: 110 }}
          options={[
            { value: 'unread', label: t('unreadState') },
            { value: 'read', label: t('read') },
          ]}
          data-testid="noti-read"
        />
      </Form.Item>
      <Form.Item name="range">
        <DatePicker.RangePicker style={{ width: 240 }} />
      </Form.Item>
      {/* One item: when the bar is too narrow, Search and Reset move to the next line together. */}
      <Form.Item style={{ marginInlineEnd: 0 }}>
        <Space data-testid="noti-filter-buttons">
          <Button type="primary" htmlType="submit" data-testid="noti-search">
            {t('search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onApply({
                bizTypes: undefined,
                severities: undefined,
                read: undefined,
                sn: undefined,
                groupId: undefined,
                startTime: undefined,
                endTime: undefined,
              });
            }}
            data-testid="noti-reset"
          >
            {t('reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
