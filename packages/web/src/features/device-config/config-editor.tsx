import {
  adoptConfigDriftCall,
  applyConfigCall,
  CapabilitiesSchema,
  type ChangeSet,
  type ConfigDifference,
  type ConfigSectionView,
  type ConfigTargetField,
  clearConfigSettingCall,
  configMenuFor,
  configSectionDef,
  FINAL_CHANGE_SET_STATES,
  formatDateTime,
  getChangeSetsCall,
  getConfigSectionsCall,
  getDeviceConfigJsonCall,
  restoreConfigDriftCall,
  rollbackConfigCall,
  sectionDifferences,
  sectionSchema,
  VisibilityRules,
} from '@fleetport/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, Flex, Menu, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { apiCall } from '../../api/client.ts';
import { LIVE_KEYS, useLive } from '../../api/live.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { usePermission } from '../../app/permissions.tsx';
import { addNamespaces } from '../../i18n/index.ts';
import { DraggableDialog } from '../../widgets/draggable-dialog.tsx';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { NumberInput } from '../../widgets/number-input.tsx';
import { deviceConfig } from './device-config.i18n.ts';
import { SectionForm } from './section-form.tsx';

addNamespaces({ deviceConfig });

type Value = Record<string, unknown>;
type Translate = ReturnType<typeof useTranslation>['t'];

const STATE_COLOURS: Record<ChangeSet['state'], string> = {
  queued: 'default',
  applying: 'processing',
  applied: 'success',
  rejected: 'error',
  reverted: 'warning',
  expired: 'default',
};

/** A field's message in the reader's language, from the issue the section's schema raised. */
function issueMessage(t: Translate, issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_small')
    return issue.origin === 'string'
      ? t('error.minLength', { n: Number(issue.minimum) })
      : t('error.min', { n: Number(issue.minimum) });
  if (issue.code === 'too_big')
    return issue.origin === 'string'
      ? t('error.maxLength', { n: Number(issue.maximum) })
      : t('error.max', { n: Number(issue.maximum) });
  if (issue.code === 'invalid_value') return t('error.choice');
  return t('error.format');
}

export function errorsOf(t: Translate, id: string, value: Value): Map<string, string> {
  const def = configSectionDef(id);
  const errors = new Map<string, string>();
  if (!def) return errors;
  const parsed = sectionSchema(def.shape).safeParse(value);
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    if (!errors.has(path)) errors.set(path, issueMessage(t, issue));
  }
  return errors;
}

/**
 * A device's configuration as a person edits it (issue 15): the menu of its series with what its
 * capabilities hide or grey out (core §2), each section's form from the contract, the pending
 * difference before anything is sent, apply with a confirm window, the change-set's state live, and
 * the history of changes.
 */
export function ConfigEditor({ sn }: { sn: string }) {
  const { t } = useTranslation('deviceConfig');
  const queryClient = useQueryClient();
  useLive(queryClient);
  const canApply = usePermission('devices.apply');
  const key = [...LIVE_KEYS.deviceConfig, sn];
  const sections = useQuery({
    queryKey: key,
    queryFn: () => apiCall(getConfigSectionsCall, { sn }),
    // A router that has not reported its configuration yet (just claimed, still booting) will soon:
    // ask again until it has, rather than show empty sections until a reload.
    refetchInterval: (query) => (query.state.data && !query.state.data.lastUpdatedTime ? 3000 : false),
  });
  const devcfg = useQuery({
    queryKey: ['deviceConfigJson', sn],
    queryFn: () => apiCall(getDeviceConfigJsonCall, { sn }),
  });
  const history = useQuery({
    queryKey: [...key, 'history'],
    queryFn: () => apiCall(getChangeSetsCall, { sn, pageNum: 1, pageSize: 10 }),
  });
  const [drafts, setDrafts] = useState<Record<string, Value>>({});
  const [selected, setSelected] = useState<string | null>(null);
  const [dialog, setDialog] = useState(false);
  const [confirmSeconds, setConfirmSeconds] = useState(120);
  const [immediately, setImmediately] = useState(false);
  const { modal } = App.useApp();
  const rollback = useCallMutation(rollbackConfigCall, { invalidates: [key] });
  const confirmRollback = (row: ChangeSet) =>
    modal.confirm({
      title: t('rollbackTitle', { at: formatDateTime(row.createdAt) }),
      content: t('rollbackHint', { count: row.differences.length }),
      okText: t('rollback'),
      cancelText: t('common:cancel'),
      onOk: () => rollback.mutateAsync({ sn, changeSetId: row.id }).catch(() => {}),
    });
  const clear = useCallMutation(clearConfigSettingCall, { invalidates: [key] });
  const confirmClear = (row: ConfigTargetField) =>
    modal.confirm({
      title: t('target.clearTitle', { field: fieldLabel(t, row.field) }),
      content: t('target.clearHint', { value: shown(t, row.overrides) }),
      okText: t('target.clear'),
      cancelText: t('common:cancel'),
      onOk: () =>
        clear
          .mutateAsync({ sn, section: row.section, field: row.field, confirmSeconds, immediately: false })
          .catch(() => {}),
    });
  const adopt = useCallMutation(adoptConfigDriftCall, { invalidates: [key] });
  const restore = useCallMutation(restoreConfigDriftCall, { invalidates: [key] });
  const apply = useCallMutation(applyConfigCall, {
    invalidates: [key],
    onSuccess: () => {
      setDrafts({});
      setDialog(false);
    },
  });

  const byId = useMemo(
    () => new Map((sections.data?.sections ?? []).map((s) => [s.id, s] as const)),
    [sections.data],
  );
  const menu = useMemo(() => {
    const cap = CapabilitiesSchema.safeParse(devcfg.data?.devcfg ?? {});
    const items = configMenuFor({ cap: cap.success ? cap.data : {} }, new VisibilityRules());
    // Only what the device reported: a section it does not have is not offered.
    return items
      .map((group) => ({
        ...group,
        items: group.items.filter((item) => byId.has(`${group.group}/${item.key}`)),
      }))
      .filter((group) => group.items.length > 0);
  }, [devcfg.data, byId]);

  const differences: ConfigDifference[] = useMemo(
    () =>
      Object.entries(drafts).flatMap(([id, draft]) =>
        sectionDifferences(id, byId.get(id)?.value ?? {}, draft),
      ),
    [drafts, byId],
  );
  const invalid = Object.entries(drafts).some(([id, draft]) => errorsOf(t, id, draft).size > 0);

  if (sections.isLoading || devcfg.isLoading) return <Card loading size="small" />;
  if (!sections.data || sections.data.sections.length === 0)
    return <EmptyState description={t('noReport')} />;

  const firstEnabled =
    menu.flatMap((group) => group.items.map((item) => `${group.group}/${item.key}`))[0] ?? null;
  const current = selected ?? firstEnabled;
  const section: ConfigSectionView | undefined = current ? byId.get(current) : undefined;
  const pending = sections.data.pending;
  const latest = history.data?.list[0];
  const drift = sections.data.drift;
  const locked = !canApply || pending !== null || drift !== null;

  return (
    <Flex vertical gap={12} data-testid="config-editor">
      {pending ? (
        <Alert
          type="info"
          showIcon
          data-testid="config-in-flight"
          title={t('inFlight', { state: t(`state.${pending.state}`) })}
        />
      ) : latest && FINAL_CHANGE_SET_STATES.includes(latest.state) ? (
        <Alert
          type={latest.state === 'applied' ? 'success' : 'warning'}
          showIcon
          data-testid="config-last-result"
          title={t('lastResult', { state: t(`state.${latest.state}`) })}
          description={
            <>
              <div>{t(`explain.${latest.state}`)}</div>
              {latest.reason ? (
                <div style={{ opacity: 0.75 }}>{t('deviceWords', { reason: latest.reason })}</div>
              ) : null}
            </>
          }
        />
      ) : null}
      {drift ? (
        <Alert
          type="warning"
          showIcon
          data-testid="config-drift"
          title={t('drift.title', { at: formatDateTime(drift.detectedAt) })}
          description={
            <Flex vertical gap={8}>
              <div>{t('drift.hint')}</div>
              <DifferenceTable differences={drift.differences} />
              <Flex gap={8}>
                <Button
                  disabled={!canApply || pending !== null}
                  loading={adopt.isPending}
                  onClick={() => adopt.mutate({ sn })}
                  data-testid="config-drift-adopt"
                >
                  {t('drift.adopt')}
                </Button>
                <Button
                  type="primary"
                  disabled={!canApply || pending !== null}
                  loading={restore.isPending}
                  onClick={() => restore.mutate({ sn })}
                  data-testid="config-drift-restore"
                >
                  {t('drift.restore')}
                </Button>
              </Flex>
            </Flex>
          }
        />
      ) : null}
      <Flex gap={12} align="start">
        <Menu
          style={{ width: 220, flex: 'none', maxHeight: '70vh', overflowY: 'auto' }}
          mode="inline"
          selectedKeys={current ? [current] : []}
          onClick={(info) => setSelected(info.key)}
          data-testid="config-menu"
          items={menu.map((group) => ({
            type: 'group' as const,
            key: group.group,
            label: t(`group.${group.group}`),
            children: group.items.map((item) => ({
              key: `${group.group}/${item.key}`,
              label: t(`section.${item.key}`),
              disabled: !item.enabled,
              title: item.enabled ? undefined : t('notAvailable'),
            })),
          }))}
        />
        <Flex vertical gap={12} style={{ flex: 1, minWidth: 0 }}>
          <Card
            size="small"
            title={section ? t(`section.${section.key}`) : t('title')}
            extra={
              sections.data.lastUpdatedTime
                ? t('lastUpdated', { at: formatDateTime(sections.data.lastUpdatedTime) })
                : null
            }
            data-testid="config-section"
          >
            {section && !section.editable ? (
              <Alert type="warning" title={t('readOnly', { reason: section.reason ?? '' })} />
            ) : section?.value ? (
              <SectionForm
                shape={configSectionDef(section.id)?.shape ?? { attrs: {}, children: {} }}
                value={drafts[section.id] ?? section.value}
                onChange={(value) => setDrafts((all) => ({ ...all, [section.id]: value }))}
                errors={errorsOf(t, section.id, drafts[section.id] ?? section.value)}
                disabled={locked}
              />
            ) : null}
          </Card>
          <Card
            size="small"
            title={t('pendingTitle')}
            data-testid="config-difference"
            extra={
              <Flex gap={8}>
                <Button onClick={() => setDrafts({})} disabled={Object.keys(drafts).length === 0}>
                  {t('discard')}
                </Button>
                <Button
                  type="primary"
                  disabled={differences.length === 0 || invalid || locked}
                  onClick={() => setDialog(true)}
                  data-testid="config-apply"
                >
                  {t('apply')}
                </Button>
              </Flex>
            }
          >
            {invalid ? <Alert type="error" title={t('invalid')} style={{ marginBottom: 8 }} /> : null}
            {differences.length === 0 ? (
              <div style={{ opacity: 0.65 }}>{t('noDifference')}</div>
            ) : (
              <DifferenceTable differences={differences} />
            )}
          </Card>
        </Flex>
      </Flex>
      {sections.data.target.length > 0 ? (
        <TargetTable fields={sections.data.target} onClear={locked ? null : confirmClear} />
      ) : null}
      <Card size="small" title={t('history')} data-testid="config-history">
        <Table<ChangeSet>
          size="small"
          rowKey="id"
          pagination={false}
          loading={history.isLoading}
          dataSource={history.data?.list ?? []}
          locale={{ emptyText: <EmptyState /> }}
          expandable={{
            expandedRowRender: (row) => <DifferenceTable differences={row.differences} />,
          }}
          columns={[
            { key: 'at', title: t('historyColumns.at'), render: (_, row) => formatDateTime(row.createdAt) },
            { key: 'by', title: t('historyColumns.by'), render: (_, row) => row.createdBy ?? '- -' },
            {
              key: 'source',
              title: t('historyColumns.source'),
              render: (_, row) => t(`source.${row.source}`),
            },
            {
              key: 'state',
              title: t('historyColumns.state'),
              render: (_, row) => <Tag color={STATE_COLOURS[row.state]}>{t(`state.${row.state}`)}</Tag>,
            },
            {
              key: 'changes',
              title: t('historyColumns.changes'),
              render: (_, row) => t('changes', { count: row.differences.length }),
            },
            {
              key: 'reason',
              title: t('historyColumns.reason'),
              render: (_, row) => (row.rollbackOf ? t('rollbackOf') : (row.reason ?? '- -')),
            },
            {
              key: 'actions',
              title: '',
              render: (_, row) =>
                row.state === 'applied' ? (
                  <Button
                    size="small"
                    disabled={locked}
                    onClick={() => confirmRollback(row)}
                    data-testid={`config-rollback-${row.id}`}
                  >
                    {t('rollback')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Card>
      <DraggableDialog
        title={t('applyTitle', { count: differences.length })}
        open={dialog}
        saving={apply.isPending}
        onCancel={() => setDialog(false)}
        onSave={() =>
          apply.mutate({
            sn,
            sections: Object.fromEntries(
              Object.entries(drafts).filter(
                ([id, draft]) => sectionDifferences(id, byId.get(id)?.value ?? {}, draft).length > 0,
              ),
            ),
            confirmSeconds,
            immediately,
          })
        }
      >
        <Flex vertical gap={12}>
          <div>{t('applyIntro')}</div>
          <DifferenceTable differences={differences} />
          <Flex gap={8} align="center">
            <label htmlFor="config-confirm-seconds">{t('confirmWindow')}</label>
            <NumberInput
              id="config-confirm-seconds"
              min={30}
              max={900}
              value={confirmSeconds}
              onChange={(value) => setConfirmSeconds(value ?? 120)}
              data-testid="config-confirm-seconds"
            />
          </Flex>
          <Checkbox checked={immediately} onChange={(event) => setImmediately(event.target.checked)}>
            {t('immediately')}
          </Checkbox>
        </Flex>
      </DraggableDialog>
    </Flex>
  );
}

function shown(t: Translate, value: unknown): string {
  if (value === true) return t('yes');
  if (value === false) return t('no');
  if (value === null || value === undefined || value === '') return t('empty');
  if (typeof value === 'object') return JSON.stringify(value);
  return t(`option.${String(value)}`, { defaultValue: String(value) });
}

/** Field names in the reader's words: `dhcp.start` → "DHCP server › First address", items by number. */
function fieldLabel(t: Translate, field: string): string {
  return field
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? t('item', { n: Number(part) + 1 }) : t(`field.${part}`)))
    .join(' › ');
}

function DifferenceTable({ differences }: { differences: readonly ConfigDifference[] }) {
  const { t } = useTranslation('deviceConfig');
  return (
    <Table<ConfigDifference>
      size="small"
      pagination={false}
      rowKey={(row) => `${row.section}:${row.field}`}
      dataSource={[...differences]}
      data-testid="config-difference-table"
      columns={[
        {
          key: 'section',
          title: t('difference.section'),
          render: (_, row) => t(`section.${row.section.split('/')[1] ?? row.section}`),
        },
        { key: 'field', title: t('difference.field'), render: (_, row) => fieldLabel(t, row.field) },
        { key: 'from', title: t('difference.from'), render: (_, row) => shown(t, row.from) },
        { key: 'to', title: t('difference.to'), render: (_, row) => shown(t, row.to) },
      ]}
    />
  );
}

/**
 * The fields the cloud sets on the device (layering group < device): target, whether it is still to
 * be applied, what the device runs, and where the target comes from.
 */
function TargetTable({
  fields,
  onClear,
}: {
  fields: readonly ConfigTargetField[];
  /** Clears a device's own setting back to its group's value; null while a change or drift blocks it. */
  onClear: ((row: ConfigTargetField) => void) | null;
}) {
  const { t } = useTranslation('deviceConfig');
  const pending = fields.filter((f) => JSON.stringify(f.target) !== JSON.stringify(f.actual)).length;
  return (
    <Card
      size="small"
      title={t('target.title')}
      extra={pending > 0 ? t('target.pendingCount', { count: pending }) : t('target.inPlace')}
      data-testid="config-target"
    >
      <div style={{ opacity: 0.75, marginBottom: 8 }}>{t('target.hint')}</div>
      <Table<ConfigTargetField>
        size="small"
        pagination={false}
        rowKey={(row) => `${row.section}:${row.field}`}
        dataSource={[...fields]}
        columns={[
          {
            key: 'section',
            title: t('difference.section'),
            render: (_, row) => t(`section.${row.section.split('/')[1] ?? row.section}`),
          },
          { key: 'field', title: t('difference.field'), render: (_, row) => fieldLabel(t, row.field) },
          { key: 'target', title: t('target.target'), render: (_, row) => shown(t, row.target) },
          {
            key: 'pending',
            title: t('target.pending'),
            render: (_, row) =>
              JSON.stringify(row.target) === JSON.stringify(row.actual) ? (
                <Tag color="success">{t('target.same')}</Tag>
              ) : (
                <Tag color="processing">{t('target.toApply')}</Tag>
              ),
          },
          { key: 'actual', title: t('target.actual'), render: (_, row) => shown(t, row.actual) },
          {
            key: 'origin',
            title: t('target.origin'),
            render: (_, row) =>
              row.origin === 'device' ? (
                <span>
                  {t('target.fromDevice')}
                  {row.overrides !== undefined ? (
                    <div style={{ opacity: 0.65 }}>
                      {t('target.overrides', { value: shown(t, row.overrides) })}{' '}
                      <Button
                        type="link"
                        size="small"
                        disabled={!onClear}
                        onClick={() => onClear?.(row)}
                        data-testid={`config-clear-${row.section}:${row.field}`}
                      >
                        {t('target.clear')}
                      </Button>
                    </div>
                  ) : null}
                </span>
              ) : (
                <span>
                  {t('target.fromGroup')} <span translate="no">{row.groupName}</span>
                </span>
              ),
          },
        ]}
      />
    </Card>
  );
}
