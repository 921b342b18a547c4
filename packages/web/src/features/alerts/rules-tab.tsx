import {
  ALERT_SEVERITY_LABELS,
  type AlertRule,
  createAlertRuleCall,
  deleteAlertRuleCall,
  setAlertRuleEnabledCall,
  updateAlertRuleCall,
} from '@fleetport/contract';
import { App, Button, Popconfirm, Space, Switch, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIVE_KEYS } from '../../api/live.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { Can, usePermission } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { SEVERITY_COLOR } from '../device-notifications/notification-columns.tsx';
import { useAlertRules } from './alert-rule-queries.ts';
import { conditionText } from './condition-text.ts';
import { RuleForm } from './rule-form.tsx';

function targetText(t: TFunction, rule: AlertRule): string {
  const target = rule.targets;
  if (target.mode === 'groups') return t('rules.targetGroups', { count: target.groupIds.length });
  if (target.mode === 'tags') return t('rules.targetTags', { count: target.tagIds.length });
  if (target.mode === 'devices') return t('rules.targetDevices', { count: target.sns.length });
  return t('rules.targetAll');
}

/**
 * The company's alert rules. A rule is edited or deleted only while disabled (800028): the buttons say
 * so before the server does.
 */
export function RulesTab() {
  const { t } = useTranslation('alerts');
  const lang = useLang();
  const { message } = App.useApp();
  const rules = useAlertRules();
  const canToggle = usePermission('alerts.edit');
  const [editing, setEditing] = useState<{ rule: AlertRule | null } | null>(null);
  const saved = {
    invalidates: [LIVE_KEYS.alerts],
    onSuccess: () => {
      setEditing(null);
      void message.success(t('rules.saved'));
    },
  };
  const create = useCallMutation(createAlertRuleCall, saved);
  const update = useCallMutation(updateAlertRuleCall, saved);
  const toggle = useCallMutation(setAlertRuleEnabledCall, {
    invalidates: [LIVE_KEYS.alerts, LIVE_KEYS.dashboard],
  });
  const remove = useCallMutation(deleteAlertRuleCall, {
    invalidates: [LIVE_KEYS.alerts, LIVE_KEYS.dashboard],
  });

  return (
    <>
      <ListPage<AlertRule>
        title={t('tabs.rules')}
        testId="rules-tab"
        tableTestId="rules-table"
        rowKey="ruleId"
        loading={rules.isLoading}
        rows={rules.data?.list ?? []}
        empty={{ description: t('rules.empty') }}
        actions={
          <Can funCode="alerts.create">
            <Button type="primary" onClick={() => setEditing({ rule: null })} data-testid="rule-create">
              {t('rules.create')}
            </Button>
          </Can>
        }
        onRow={(rule) => ({ 'data-testid': `rule-row-${rule.ruleId}` }) as never}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('form.name') },
          {
            key: 'level',
            dataIndex: 'level',
            title: t('field.level'),
            render: (level: AlertRule['level']) => (
              <Tag color={SEVERITY_COLOR[level]}>{ALERT_SEVERITY_LABELS[level][lang]}</Tag>
            ),
          },
          { key: 'targets', title: t('rules.targets'), render: (_v, rule) => targetText(t, rule) },
          {
            key: 'conditions',
            title: t('rules.conditions'),
            render: (_v, rule) => (
              <Space direction="vertical" size={0}>
                {rule.conditions.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; their order is the rule's.
                  <span key={i}>{conditionText(t, lang, c)}</span>
                ))}
              </Space>
            ),
          },
          { key: 'openAlerts', dataIndex: 'openAlerts', title: t('rules.openAlerts') },
          {
            key: 'enabled',
            dataIndex: 'enabled',
            title: t('rules.status'),
            render: (enabled: boolean, rule) => (
              <Switch
                checked={enabled}
                disabled={!canToggle}
                loading={toggle.isPending && toggle.variables?.ruleId === rule.ruleId}
                checkedChildren={t('rules.enabled')}
                unCheckedChildren={t('rules.disabled')}
                onChange={(next) => toggle.mutate({ ruleId: rule.ruleId, enabled: next })}
                data-testid={`rule-toggle-${rule.ruleId}`}
              />
            ),
          },
          {
            key: 'actions',
            title: t('rules.actions'),
            render: (_v, rule) => (
              <Tooltip title={rule.enabled ? t('rules.editDisabledFirst') : undefined}>
                <Space>
                  <Can funCode="alerts.edit">
                    <Button
                      type="link"
                      size="small"
                      disabled={rule.enabled}
                      onClick={() => setEditing({ rule })}
                      data-testid={`rule-edit-${rule.ruleId}`}
                    >
                      {t('rules.edit')}
                    </Button>
                  </Can>
                  <Can funCode="alerts.remove">
                    <Popconfirm
                      title={t('rules.deleteConfirm', { name: rule.name })}
                      okButtonProps={{ danger: true }}
                      disabled={rule.enabled}
                      onConfirm={() => remove.mutateAsync({ ruleId: rule.ruleId }).catch(() => {})}
                    >
                      <Button type="link" size="small" danger disabled={rule.enabled}>
                        {t('rules.delete')}
                      </Button>
                    </Popconfirm>
                  </Can>
                </Space>
              </Tooltip>
            ),
          },
        ]}
      />
      <RuleForm
        open={editing !== null}
        rule={editing?.rule ?? null}
        saving={create.isPending || update.isPending}
        onCancel={() => setEditing(null)}
        onSave={(input) =>
          editing?.rule ? update.mutate({ ...input, ruleId: editing.rule.ruleId }) : create.mutate(input)
        }
      />
    </>
  );
}
