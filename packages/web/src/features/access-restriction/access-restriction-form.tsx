import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type AccessRestriction,
  AccessRestrictionSchema,
  DEFAULT_ROLE_NAMES,
  getAccessRestrictionCall,
  localizeIssue,
  RESTRICTABLE_ROLE_TYPES,
  roleTypeName,
  saveAccessRestrictionCall,
  WEEKDAY_LABELS,
} from '@fleetport/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, DatePicker, Flex, Form, Input, Spin, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { usePermission } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { dayjs } from '../../i18n/dayjs.ts';
import { DayWindows } from './day-windows.tsx';
import { draftOf, type RestrictionDraft, restrictionOf } from './restriction-model.ts';

const DATE = 'YYYY-MM-DD';
const restrictionKey = ['companyAccount', 'accessRestriction'] as const;

/**
 * The company's access restriction (core §3, §5, §6): the dates it applies, the days and UTC hours
 * users may work, the role types it bars and holidays. Checked with the contract's schema before it
 * is sent, so the messages are the server's.
 */
export function AccessRestrictionForm() {
  const { t } = useTranslation('operation');
  const lang = useLang();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = usePermission('companyAccount.edit');
  const saved = useQuery({ queryKey: restrictionKey, queryFn: () => apiCall(getAccessRestrictionCall, {}) });
  const [draft, setDraft] = useState<RestrictionDraft | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (saved.isSuccess) setDraft(draftOf(saved.data ?? null));
  }, [saved.isSuccess, saved.data]);

  if (!draft) return <Spin />;
  const set = (next: Partial<RestrictionDraft>) => setDraft({ ...draft, ...next });
  const roleLabel = (type: number) => {
    const key = roleTypeName(type);
    return key ? DEFAULT_ROLE_NAMES[key][lang] : String(type);
  };

  /** The words a user knows for a field of the body, e.g. "Wednesday" for days.2.windows. */
  function fieldLabel(path: readonly PropertyKey[], body: AccessRestriction): string {
    const [section, index, field] = path;
    const n = typeof index === 'number' ? index : -1;
    if (section === 'holidays' && n >= 0)
      return `${t('restriction.holidays')} ${n + 1} · ${t(field === 'time' ? 'restriction.holidayDate' : 'restriction.holidayName')}`;
    if (section === 'days' && n >= 0) {
      const day = body.days[n]?.day;
      return day ? WEEKDAY_LABELS[day][lang] : t('restriction.days');
    }
    const labels: Record<string, string> = {
      startDate: t('restriction.startDate'),
      endDate: t('restriction.endDate'),
      roleTypes: t('restriction.roleTypes'),
      holidays: t('restriction.holidays'),
      days: t('restriction.days'),
    };
    return labels[String(section)] ?? String(section ?? '');
  }

  async function save() {
    const body = restrictionOf(draft!);
    const checked = AccessRestrictionSchema.safeParse(body);
    if (!checked.success) {
      setProblems(
        checked.error.issues.map((issue) => {
          const label = fieldLabel(issue.path, body);
          const text = localizeIssue({ ...issue, path: [label] }, lang)[0]?.message ?? '';
          return text.includes(label) ? text : `${label}: ${text}`;
        }),
      );
      return;
    }
    setProblems([]);
    setSaving(true);
    try {
      await apiCall(saveAccessRestrictionCall, body);
      await queryClient.invalidateQueries({ queryKey: restrictionKey });
      void message.success(t('restriction.saved'));
    } catch {
      // The client showed the code.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form layout="vertical" disabled={!canEdit} data-testid="access-restriction" style={{ maxWidth: 860 }}>
      <Alert type="info" showIcon title={t('restriction.hint')} style={{ marginBottom: 16 }} />
      <Form.Item label={t('restriction.enabled')}>
        <Switch
          checked={draft.enabled}
          onChange={(enabled) => set({ enabled })}
          data-testid="restriction-enabled"
        />
      </Form.Item>
      <Flex gap={16}>
        <Form.Item label={t('restriction.startDate')}>
          <DatePicker
            format={DATE}
            allowClear={false}
            value={dayjs(draft.startDate, DATE)}
            onChange={(d) => d && set({ startDate: d.format(DATE) })}
            data-testid="restriction-start"
          />
        </Form.Item>
        <Form.Item label={t('restriction.endDate')}>
          <DatePicker
            format={DATE}
            allowClear={false}
            value={dayjs(draft.endDate, DATE)}
            onChange={(d) => d && set({ endDate: d.format(DATE) })}
            data-testid="restriction-end"
          />
        </Form.Item>
      </Flex>
      <Form.Item label={t('restriction.roleTypes')} extra={t('restriction.roleTypesHint')}>
        <Checkbox.Group
          value={draft.roleTypes}
          onChange={(roleTypes) => set({ roleTypes: roleTypes as number[] })}
          options={RESTRICTABLE_ROLE_TYPES.filter((type) => type >= 0).map((type) => ({
            value: type,
            label: <span data-testid={`restriction-role-${type}`}>{roleLabel(type)}</span>,
          }))}
        />
      </Form.Item>
      <Form.Item label={t('restriction.days')} extra={t('restriction.daysHint')}>
        <DayWindows days={draft.days} onChange={(days) => set({ days })} lang={lang} />
      </Form.Item>
      <Form.Item label={t('restriction.holidays')}>
        <Flex vertical gap={8}>
          {draft.holidays.map((h, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place in the list
            <Flex key={`holiday-${i}`} gap={8} data-testid="restriction-holiday">
              <Input
                placeholder={t('restriction.holidayName')}
                value={h.name}
                maxLength={50}
                style={{ width: 240 }}
                onChange={(e) =>
                  set({
                    holidays: draft.holidays.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)),
                  })
                }
                data-testid="holiday-name"
              />
              <DatePicker
                format={DATE}
                value={h.time ? dayjs(h.time, DATE) : null}
                placeholder={t('restriction.holidayDate')}
                onChange={(d) =>
                  set({
                    holidays: draft.holidays.map((x, j) =>
                      j === i ? { ...x, time: d ? d.format(DATE) : '' } : x,
                    ),
                  })
                }
                data-testid="holiday-date"
              />
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('restriction.removeHoliday')}
                onClick={() => set({ holidays: draft.holidays.filter((_, j) => j !== i) })}
              />
            </Flex>
          ))}
          <Button
            icon={<PlusOutlined />}
            style={{ alignSelf: 'start' }}
            onClick={() => set({ holidays: [...draft.holidays, { name: '', time: '' }] })}
            data-testid="holiday-add"
          >
            {t('restriction.addHoliday')}
          </Button>
        </Flex>
      </Form.Item>
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={problems.join('; ')}
          style={{ marginBottom: 16 }}
          data-testid="restriction-problems"
        />
      )}
      {canEdit && (
        <Button type="primary" onClick={save} loading={saving} data-testid="restriction-save">
          {t('common:save')}
        </Button>
      )}
    </Form>
  );
}
