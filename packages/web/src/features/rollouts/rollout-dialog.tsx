import {
  BatchSizeSchema,
  CONFIRM_WINDOW_SECONDS,
  ConfirmWindowSchema,
  type CreateRolloutInput,
  CreateRolloutInputSchema,
  createRolloutCall,
  DeviceDeadlineMinutesSchema,
  FailureCountSchema,
  FailurePercentSchema,
  getGroupProfileCall,
  getPackageCall,
  HealthMinutesSchema,
  listPackagesCall,
  previewRolloutCall,
  ROLLOUT_BATCH_MAX,
  type RolloutTarget,
  ruleText,
  type SeriesId,
  SuccessPercentSchema,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Radio, Select, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { apiCall } from '../../api/client.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { schemaRule } from '../../app/form-rules.ts';
import { useLang } from '../../app/use-lang.ts';
import { MachineWords } from '../../widgets/machine-words.tsx';
import { NumberInput } from '../../widgets/number-input.tsx';
import { useDeviceGroups, useDeviceTags } from '../devices/device-queries.ts';
import { ROLLOUT_KEYS } from './rollout-queries.ts';

type TargetMode = RolloutTarget['mode'];

interface FormValues {
  name: string;
  packageId?: number;
  versionId?: number;
  thenAppVersionIds?: number[];
  /** A group whose configuration profile (for the version's series) is applied last, as a stage. */
  thenProfileGroupId?: number;
  confirmSeconds: number;
  targetMode: TargetMode;
  groupIds?: number[];
  tagIds?: number[];
  models?: string[];
  currentVersion?: string;
  sns?: string;
  planMode: 'size' | 'growth';
  firstSize: number;
  laterSize: number;
  factor: number;
  successPercent: number;
  failureKind: 'count' | 'percent';
  failureValue: number;
  onFailure: 'pause' | 'halt';
  windowOn: boolean;
  start: string;
  end: string;
  timeZone: string;
  deviceDeadlineMinutes: number;
  healthMinutes: number;
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const DEFAULTS: Omit<FormValues, 'name'> = {
  targetMode: 'groups',
  confirmSeconds: CONFIRM_WINDOW_SECONDS.default,
  planMode: 'size',
  firstSize: 10,
  laterSize: 50,
  factor: 2,
  successPercent: 90,
  failureKind: 'percent',
  failureValue: 20,
  onFailure: 'halt',
  windowOn: false,
  start: '01:00',
  end: '05:00',
  timeZone: 'UTC',
  deviceDeadlineMinutes: 60,
  healthMinutes: 10,
};

const FIELDS = CreateRolloutInputSchema.shape;

function targetOf(v: FormValues): RolloutTarget {
  switch (v.targetMode) {
    case 'groups':
      return { mode: 'groups', groupIds: v.groupIds ?? [] };
    case 'tags':
      return { mode: 'tags', tagIds: v.tagIds ?? [] };
    case 'filter':
      return { mode: 'filter', models: v.models ?? [], currentVersion: v.currentVersion?.trim() ?? '' };
    case 'devices':
      return {
        mode: 'devices',
        sns: (v.sns ?? '')
          .split(/[\s,;]+/)
          .map((s) => s.trim())
          .filter(Boolean),
      };
  }
}

/** `profile`: the sections of the chosen group's profile, when a configuration stage is chosen. */
function inputOf(v: FormValues, profile: Record<string, unknown> | null): CreateRolloutInput {
  return {
    name: v.name,
    versionId: v.versionId ?? 0,
    target: targetOf(v),
    thenAppVersionIds: v.thenAppVersionIds ?? [],
    thenConfiguration:
      v.thenProfileGroupId && profile ? { sections: profile, confirmSeconds: v.confirmSeconds } : null,
    plan:
      v.planMode === 'size'
        ? { mode: 'size', firstSize: v.firstSize, laterSize: v.laterSize }
        : { mode: 'growth', firstSize: v.firstSize, factor: v.factor },
    successPercent: v.successPercent,
    failureLimit: { kind: v.failureKind, value: v.failureValue },
    onFailure: v.onFailure,
    window: v.windowOn ? { start: v.start, end: v.end, timeZone: v.timeZone } : null,
    deviceDeadlineMinutes: v.deviceDeadlineMinutes,
    healthMinutes: v.healthMinutes,
  };
}

/**
 * The new-rollout dialog: the version, the devices (groups, tags, every device it fits, or a list),
 * the batches, thresholds, window and deadlines. "Check devices" shows, before anything starts, how
 * many devices the package fits and the batches they will go in.
 */
export function RolloutDialog(props: {
  open: boolean;
  preset: { packageId: number; versionId: number } | null;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation('rollouts');
  const lang = useLang();
  const [form] = Form.useForm<FormValues>();
  const [search, setSearch] = useState('');
  const packageId = Form.useWatch('packageId', form);
  const targetMode = Form.useWatch('targetMode', form);
  const planMode = Form.useWatch('planMode', form);
  const windowOn = Form.useWatch('windowOn', form);
  const failureKind = Form.useWatch('failureKind', form);
  const groups = useDeviceGroups();
  const tags = useDeviceTags();
  const packages = useQuery({
    queryKey: [...ROLLOUT_KEYS.all, 'packages', search],
    queryFn: () => apiCall(listPackagesCall, { pageNum: 1, pageSize: 50, search: search || undefined }),
    enabled: props.open,
  });
  const detail = useQuery({
    queryKey: [...ROLLOUT_KEYS.all, 'package', packageId],
    queryFn: () => apiCall(getPackageCall, { packageId: packageId! }),
    enabled: props.open && !!packageId,
  });
  const series = detail.data?.series;
  // A staged change's apps: the company's apps for the version's series, each at its latest version.
  const apps = useQuery({
    queryKey: [...ROLLOUT_KEYS.all, 'apps', series],
    queryFn: () =>
      apiCall(listPackagesCall, { pageNum: 1, pageSize: 100, series: series as SeriesId, kind: 'app' }),
    enabled: props.open && !!series,
    select: (page) =>
      page.list
        .filter((p) => p.packageId !== packageId)
        .map((p) => ({ value: p.latestVersionId, label: `${p.name} ${p.latestVersion}` })),
  });
  // A configuration stage: the sections a group's profile sets for this series, copied into the
  // rollout when it is created (a later edit of the profile does not change a running rollout).
  const profileGroupId = Form.useWatch('thenProfileGroupId', form);
  const profile = useQuery({
    queryKey: [...ROLLOUT_KEYS.all, 'profile', profileGroupId, series],
    queryFn: () => apiCall(getGroupProfileCall, { groupId: profileGroupId!, series: series as SeriesId }),
    enabled: props.open && !!profileGroupId && !!series,
  });
  const profileSections = profileGroupId && profile.data ? profile.data.sections : null;
  const profileIds = Object.keys(profileSections ?? {});
  const [preview, setPreview] = useState<string | null>(null);
  const previewing = useCallMutation(previewRolloutCall);
  // Refusals (no device fits, too many) show as the catalogue says.
  const create = useCallMutation(createRolloutCall, {
    invalidates: [ROLLOUT_KEYS.all],
    onSuccess: (created) => props.onCreated(created.id),
  });

  useEffect(() => {
    if (!props.open) return;
    form.resetFields();
    form.setFieldsValue({ ...DEFAULTS, timeZone: browserZone(), ...(props.preset ?? {}) });
    setPreview(null);
  }, [props.open, props.preset, form]);

  const runPreview = async () => {
    const v = await form.validateFields();
    const input = inputOf(v, profileSections);
    const res = await previewing.mutateAsync({
      versionId: input.versionId,
      target: input.target,
      plan: input.plan,
    });
    setPreview(
      t('form.previewResult', {
        fitting: res.fitting,
        targeted: res.targeted,
        already: res.alreadyOnVersion,
        devices: res.batchSizes.reduce((a, b) => a + b, 0),
        batches: res.batchSizes.length,
        sizes: res.batchSizes.slice(0, 8).join(', ') + (res.batchSizes.length > 8 ? ' …' : ''),
      }),
    );
  };

  const required = (label: string) => ({
    required: true,
    message: ruleText('required', lang, { name: label }),
  });
  // The contract's own rules: the dialog says what the server would, in the reader's language.
  const rules = (label: string, schema: z.ZodType) => [required(label), schemaRule(schema, lang, label)];

  return (
    <Modal
      open={props.open}
      width={760}
      title={t('form.title')}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'rollout-save' } as never}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={DEFAULTS}
        onFinish={(v) => create.mutate(inputOf(v, profileSections))}
        onValuesChange={() => setPreview(null)}
        data-testid="rollout-form"
      >
        <Form.Item
          name="name"
          label={t('form.name')}
          required
          rules={[schemaRule(FIELDS.name, lang, t('form.name'))]}
        >
          <Input maxLength={50} data-testid="rollout-name" />
        </Form.Item>
        <Space align="start" style={{ display: 'flex' }}>
          <Form.Item
            name="packageId"
            label={t('form.package')}
            rules={[required(t('form.package'))]}
            style={{ width: 420 }}
          >
            <Select
              showSearch
              filterOption={false}
              onSearch={setSearch}
              onChange={() => form.setFieldValue('versionId', undefined)}
              options={(packages.data?.list ?? []).map((p) => ({
                value: p.packageId,
                label: `${p.name} (${p.packageName}, ${p.series})`,
              }))}
              data-testid="rollout-package"
            />
          </Form.Item>
          <Form.Item
            name="versionId"
            label={t('form.version')}
            rules={[required(t('form.version'))]}
            style={{ width: 200 }}
          >
            <Select
              options={(detail.data?.versions ?? []).map((v) => ({ value: v.versionId, label: v.version }))}
              data-testid="rollout-version"
            />
          </Form.Item>
        </Space>
        {series && (apps.data?.length ?? 0) > 0 ? (
          <Form.Item name="thenAppVersionIds" label={t('form.thenApps')} extra={t('form.thenAppsHint')}>
            <Select
              mode="multiple"
              optionFilterProp="label"
              options={apps.data ?? []}
              data-testid="rollout-then-apps"
            />
          </Form.Item>
        ) : null}
        {series ? (
          <Space align="start" style={{ display: 'flex' }}>
            <Form.Item
              name="thenProfileGroupId"
              label={t('form.thenConfiguration')}
              extra={
                profileGroupId && profile.data && profileIds.length === 0 ? (
                  t('form.thenConfigurationEmpty', { series })
                ) : profileGroupId && profile.data ? (
                  <MachineWords
                    sentence={(m) => t('form.thenConfigurationSections', { count: profileIds.length, ...m })}
                    values={{ sections: profileIds.join(', ') }}
                  />
                ) : (
                  t('form.thenConfigurationHint')
                )
              }
              rules={[
                {
                  // A group without a profile for this series has nothing to apply.
                  validator: async () => {
                    if (profileGroupId && profile.isError) throw new Error(t('form.thenConfigurationUnread'));
                    if (profileGroupId && !profile.data) throw new Error(t('form.thenConfigurationLoading'));
                    if (profileGroupId && profile.data && profileIds.length === 0)
                      throw new Error(t('form.thenConfigurationEmpty', { series }));
                  },
                },
              ]}
              style={{ width: 420 }}
            >
              <Select
                allowClear
                optionFilterProp="label"
                showSearch
                placeholder={t('form.thenConfigurationNone')}
                options={(groups.data?.deviceOtherGroup ?? []).map((g) => ({
                  value: g.groupId,
                  label: g.groupName,
                }))}
                data-testid="rollout-then-configuration"
              />
            </Form.Item>
            {profileGroupId ? (
              <Form.Item
                name="confirmSeconds"
                label={t('form.confirmSeconds')}
                rules={rules(t('form.confirmSeconds'), ConfirmWindowSchema)}
              >
                <NumberInput min={CONFIRM_WINDOW_SECONDS.min} max={CONFIRM_WINDOW_SECONDS.max} />
              </Form.Item>
            ) : null}
          </Space>
        ) : null}
        <Form.Item name="targetMode" label={t('form.target')}>
          <Radio.Group
            options={(['groups', 'tags', 'filter', 'devices'] as const).map((v) => ({
              value: v,
              label: t(`form.targetMode.${v}`),
            }))}
            data-testid="rollout-target-mode"
          />
        </Form.Item>
        {targetMode === 'groups' ? (
          <Form.Item name="groupIds" label={t('form.groups')} rules={[required(t('form.groups'))]}>
            <Select
              mode="multiple"
              optionFilterProp="label"
              options={(groups.data?.deviceOtherGroup ?? []).map((g) => ({
                value: g.groupId,
                label: g.groupName,
              }))}
              data-testid="rollout-groups"
            />
          </Form.Item>
        ) : null}
        {targetMode === 'tags' ? (
          <Form.Item name="tagIds" label={t('form.tags')} rules={[required(t('form.tags'))]}>
            <Select
              mode="multiple"
              optionFilterProp="label"
              options={(tags.data ?? []).map((g) => ({ value: g.tagId, label: g.tagName }))}
            />
          </Form.Item>
        ) : null}
        {targetMode === 'filter' ? (
          <Space align="start" style={{ display: 'flex' }}>
            <Form.Item name="models" label={t('form.models')} style={{ width: 420 }}>
              <Select mode="tags" tokenSeparators={[',', ' ']} />
            </Form.Item>
            <Form.Item name="currentVersion" label={t('form.currentVersion')} style={{ width: 200 }}>
              <Input maxLength={32} />
            </Form.Item>
          </Space>
        ) : null}
        {targetMode === 'devices' ? (
          <Form.Item
            name="sns"
            label={t('form.sns')}
            extra={t('form.snsHint')}
            rules={[required(t('form.sns'))]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} data-testid="rollout-sns" />
          </Form.Item>
        ) : null}
        <Space align="end" wrap style={{ display: 'flex' }}>
          <Form.Item name="planMode" label={t('form.batches')}>
            <Radio.Group
              optionType="button"
              options={(['size', 'growth'] as const).map((v) => ({
                value: v,
                label: t(`form.planMode.${v}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="firstSize"
            label={t('form.firstSize')}
            rules={rules(t('form.firstSize'), BatchSizeSchema)}
          >
            <NumberInput min={1} max={ROLLOUT_BATCH_MAX} data-testid="rollout-first-size" />
          </Form.Item>
          {planMode === 'growth' ? (
            <Form.Item name="factor" label={t('form.factor')} rules={[required(t('form.factor'))]}>
              <NumberInput min={1} max={10} step={0.5} />
            </Form.Item>
          ) : (
            <Form.Item
              name="laterSize"
              label={t('form.laterSize')}
              rules={rules(t('form.laterSize'), BatchSizeSchema)}
            >
              <NumberInput min={1} max={ROLLOUT_BATCH_MAX} data-testid="rollout-later-size" />
            </Form.Item>
          )}
        </Space>
        <Space align="end" wrap style={{ display: 'flex' }}>
          <Form.Item
            name="successPercent"
            label={t('form.successPercent')}
            rules={rules(t('form.successPercent'), SuccessPercentSchema)}
          >
            <NumberInput min={1} max={100} />
          </Form.Item>
          <Form.Item
            name="failureValue"
            label={t('form.failureLimit')}
            rules={rules(
              t('form.failureLimit'),
              failureKind === 'percent' ? FailurePercentSchema : FailureCountSchema,
            )}
          >
            <NumberInput min={0} data-testid="rollout-failure-value" />
          </Form.Item>
          <Form.Item name="failureKind">
            <Select
              style={{ width: 150 }}
              options={(['count', 'percent'] as const).map((v) => ({
                value: v,
                label: t(`form.failureKind.${v}`),
              }))}
              data-testid="rollout-failure-kind"
            />
          </Form.Item>
          <Form.Item name="onFailure" label={t('form.onFailure')}>
            <Radio.Group
              optionType="button"
              options={(['pause', 'halt'] as const).map((v) => ({
                value: v,
                label: t(`form.onFailureOptions.${v}`),
              }))}
            />
          </Form.Item>
        </Space>
        <Form.Item
          name="windowOn"
          label={t('form.window')}
          valuePropName="checked"
          extra={t('form.windowHint')}
        >
          <Switch data-testid="rollout-window" />
        </Form.Item>
        {windowOn ? (
          <Space align="start" style={{ display: 'flex' }}>
            <Form.Item
              name="start"
              label={t('form.start')}
              rules={[schemaRule(FIELDS.window.unwrap().shape.start, lang, t('form.start'))]}
            >
              <Input style={{ width: 100 }} placeholder="01:00" />
            </Form.Item>
            <Form.Item
              name="end"
              label={t('form.end')}
              rules={[schemaRule(FIELDS.window.unwrap().shape.end, lang, t('form.end'))]}
            >
              <Input style={{ width: 100 }} placeholder="05:00" />
            </Form.Item>
            <Form.Item
              name="timeZone"
              label={t('form.timeZone')}
              rules={[schemaRule(FIELDS.window.unwrap().shape.timeZone, lang, t('form.timeZone'))]}
            >
              <Input style={{ width: 220 }} />
            </Form.Item>
          </Space>
        ) : null}
        <Space align="start" style={{ display: 'flex' }}>
          <Form.Item
            name="deviceDeadlineMinutes"
            label={t('form.deadline')}
            rules={rules(t('form.deadline'), DeviceDeadlineMinutesSchema)}
          >
            <NumberInput min={5} max={240} />
          </Form.Item>
          <Form.Item
            name="healthMinutes"
            label={t('form.health')}
            rules={rules(t('form.health'), HealthMinutesSchema)}
          >
            <NumberInput min={0} max={60} />
          </Form.Item>
        </Space>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Button
            onClick={() => void runPreview().catch(() => {})}
            loading={previewing.isPending}
            data-testid="rollout-preview"
          >
            {t('form.preview')}
          </Button>
          {preview ? (
            <Alert type="info" showIcon title={preview} data-testid="rollout-preview-result" />
          ) : null}
        </Space>
      </Form>
    </Modal>
  );
}
