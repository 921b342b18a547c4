import {
  ALERT_CONDITION_MODE_LABELS,
  ALERT_CONDITION_MODES,
  ALERT_CONDITION_TYPES,
  ALERT_PERIOD_MAX_MINUTES,
  ALERT_RECEIVER_MODE_LABELS,
  ALERT_RECEIVER_MODES,
  ALERT_SEVERITIES,
  ALERT_SEVERITY_LABELS,
  ALERT_TRIGGER_VOLUME_MAX,
  type AlertCondition,
  type AlertRule,
  type AlertRuleInput,
  AlertRuleInputSchema,
  checkFrequency,
  DATA_USAGE_CYCLES,
  DATA_USAGE_LINKS,
  DATA_USAGE_UNITS,
  type DataUsageCycle,
  type DataUsageLink,
  DataUsageMbSchema,
  DataUsagePercentSchema,
  FREQUENCY_UNITS,
  type FrequencyUnit,
  RESOURCE_METRIC_LABELS,
  RESOURCE_METRIC_RANGE,
  RESOURCE_METRICS,
  RebootLoopConditionSchema,
  type ResourceMetric,
  ruleText,
  SIGNAL_METRIC_LABELS,
  SIGNAL_METRIC_RANGE,
  SIGNAL_METRICS,
  type SignalMetric,
} from '@fleetport/contract';
import type { FormRule } from 'antd';
import { Alert, Button, Card, Form, Input, InputNumber, Modal, Radio, Select, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaMessage, schemaRule } from '../../app/form-rules.ts';
import { useLang } from '../../app/use-lang.ts';
import { useDeviceGroups, useDeviceTags } from '../devices/device-queries.ts';

type TargetMode = AlertRuleInput['targets']['mode'];

interface ConditionValues {
  type: AlertCondition['type'];
  minutes?: number;
  metric?: SignalMetric;
  resourceMetric?: ResourceMetric;
  above?: number;
  clearBelow?: number;
  sim?: 'any' | 1 | 2;
  below?: number;
  clearAbove?: number;
  clearMinutes?: number;
  boots?: number;
  withinMinutes?: number;
  /** Data usage: a link, or `sim1`/`sim2`. */
  usageOf?: DataUsageLink | 'sim1' | 'sim2';
  unit?: 'mb' | 'percent';
  overMb?: number;
  percent?: number;
  allowanceMb?: number;
  cycle?: DataUsageCycle;
}

const USAGE_OFS = [...DATA_USAGE_LINKS, 'sim1', 'sim2'] as const;
const USAGE_FIELDS = {
  overMb: DataUsageMbSchema,
  percent: DataUsagePercentSchema,
  allowanceMb: DataUsageMbSchema,
} as const;

export interface RuleFormValues {
  name: string;
  level: AlertRuleInput['level'];
  description?: string;
  targetMode: TargetMode;
  groupIds?: number[];
  tagIds?: number[];
  sns?: string;
  conditionMode: AlertRuleInput['conditionMode'];
  conditions: ConditionValues[];
  triggerVolume: number;
  intervalValue: number;
  intervalUnit: FrequencyUnit;
  pendingMinutes: number;
  emailEnabled: boolean;
  receivers: AlertRuleInput['email']['receivers'];
  enabled: boolean;
}

const NEW_RULE: RuleFormValues = {
  name: '',
  level: 'major',
  description: '',
  targetMode: 'all',
  conditionMode: 'any',
  conditions: [{ type: 'offline', minutes: 5, clearMinutes: 2 }],
  triggerVolume: 1,
  intervalValue: 5,
  intervalUnit: 'minute',
  pendingMinutes: 0,
  emailEnabled: false,
  receivers: 'allUsers',
  enabled: false,
};

const splitSns = (text: string | undefined) =>
  (text ?? '')
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The form's values for a rule being edited. */
export function formValuesOf(rule: AlertRule): RuleFormValues {
  const t = rule.targets;
  return {
    name: rule.name,
    level: rule.level,
    description: rule.description,
    targetMode: t.mode,
    groupIds: t.mode === 'groups' ? t.groupIds : undefined,
    tagIds: t.mode === 'tags' ? t.tagIds : undefined,
    sns: t.mode === 'devices' ? t.sns.join('\n') : undefined,
    conditionMode: rule.conditionMode,
    conditions: rule.conditions.map((c) =>
      c.type === 'signal'
        ? { ...c, sim: c.sim === null ? 'any' : c.sim }
        : c.type === 'resource'
          ? { ...c, metric: undefined, resourceMetric: c.metric }
          : c.type === 'dataUsage'
            ? {
                ...c,
                sim: undefined,
                usageOf: c.sim === null ? (c.link ?? 'wan') : `sim${c.sim}`,
                overMb: c.overMb ?? undefined,
                percent: c.percent ?? undefined,
                allowanceMb: c.allowanceMb ?? undefined,
              }
            : c,
    ),
    triggerVolume: rule.triggerVolume,
    intervalValue: rule.triggerInterval.value,
    intervalUnit: rule.triggerInterval.unit,
    pendingMinutes: rule.pendingMinutes,
    emailEnabled: rule.email.enabled,
    receivers: rule.email.receivers,
    enabled: rule.enabled,
  };
}

/** What the call takes, from the form's values. */
export function ruleInputOf(v: RuleFormValues): AlertRuleInput {
  const targets: AlertRuleInput['targets'] =
    v.targetMode === 'groups'
      ? { mode: 'groups', groupIds: v.groupIds ?? [] }
      : v.targetMode === 'tags'
        ? { mode: 'tags', tagIds: v.tagIds ?? [] }
        : v.targetMode === 'devices'
          ? { mode: 'devices', sns: splitSns(v.sns) }
          : { mode: 'all' };
  return {
    name: v.name,
    level: v.level,
    description: v.description ?? '',
    targets,
    conditionMode: v.conditionMode,
    conditions: v.conditions.map((c): AlertCondition => {
      if (c.type === 'offline')
        return { type: 'offline', minutes: c.minutes ?? 0, clearMinutes: c.clearMinutes ?? 0 };
      if (
        c.type === 'alarm' ||
        c.type === 'updateFailed' ||
        c.type === 'configRejected' ||
        c.type === 'linkSwitch'
      )
        return { type: c.type, clearMinutes: c.clearMinutes ?? 0 };
      if (c.type === 'rebootLoop')
        return {
          type: 'rebootLoop',
          boots: c.boots ?? 0,
          withinMinutes: c.withinMinutes ?? 0,
          clearMinutes: c.clearMinutes ?? 0,
        };
      if (c.type === 'dataUsage') {
        const of = c.usageOf ?? 'wan';
        const sim = of === 'sim1' ? 1 : of === 'sim2' ? 2 : null;
        const unit = c.unit ?? 'mb';
        return {
          type: 'dataUsage',
          link: sim === null ? (of as DataUsageLink) : null,
          sim,
          unit,
          overMb: unit === 'mb' ? (c.overMb ?? null) : null,
          percent: unit === 'percent' ? (c.percent ?? null) : null,
          allowanceMb: unit === 'percent' ? (c.allowanceMb ?? null) : null,
          cycle: c.cycle ?? 'monthly',
          clearMinutes: 0,
        };
      }
      if (c.type === 'resource')
        return {
          type: 'resource',
          metric: c.resourceMetric ?? 'cpu',
          above: c.above ?? 0,
          clearBelow: c.clearBelow ?? 0,
          clearMinutes: c.clearMinutes ?? 0,
        };
      return {
        type: 'signal',
        metric: c.metric ?? 'rsrp',
        sim: c.sim === 'any' || c.sim === undefined ? null : c.sim,
        below: c.below ?? 0,
        clearAbove: c.clearAbove ?? 0,
        clearMinutes: c.clearMinutes ?? 0,
      };
    }),
    triggerVolume: v.triggerVolume,
    triggerInterval: { value: v.intervalValue, unit: v.intervalUnit },
    pendingMinutes: v.pendingMinutes,
    email: { enabled: v.emailEnabled, receivers: v.receivers },
    enabled: v.enabled,
  };
}

const FIELDS = AlertRuleInputSchema.shape;

/**
 * The rule dialog (features §3): name, level, description, targets, conditions with their clear
 * condition, trigger volume and interval, pending period, e-mail and status. Every field is checked
 * by the contract's own rules, so the dialog and the server say the same sentence.
 */
export function RuleForm(props: {
  open: boolean;
  rule: AlertRule | null;
  saving: boolean;
  onCancel: () => void;
  onSave: (input: AlertRuleInput) => void;
}) {
  const { t } = useTranslation('alerts');
  const lang = useLang();
  const [form] = Form.useForm<RuleFormValues>();
  const groups = useDeviceGroups();
  const tags = useDeviceTags();
  const targetMode = Form.useWatch('targetMode', form);
  const emailEnabled = Form.useWatch('emailEnabled', form);

  useEffect(() => {
    if (!props.open) return;
    form.resetFields();
    form.setFieldsValue(props.rule ? formValuesOf(props.rule) : NEW_RULE);
  }, [props.open, props.rule, form]);

  const minutes = (label: string, min: number): FormRule[] => [
    { required: true, message: ruleText('required', lang, { name: label }) },
    {
      validator: async (_r, value: number | null) => {
        if (value === null || value === undefined) return;
        if (!Number.isInteger(value) || value < min || value > ALERT_PERIOD_MAX_MINUTES)
          throw new Error(
            ruleText({ key: 'intBetween', params: { min, max: ALERT_PERIOD_MAX_MINUTES } }, lang),
          );
      },
    },
  ];
  const signalValue = (label: string, conditionIndex: number): FormRule[] => [
    { required: true, message: ruleText('required', lang, { name: label }) },
    {
      validator: async (_r, value: number | null) => {
        const metric = (form.getFieldValue(['conditions', conditionIndex, 'metric']) ??
          'rsrp') as SignalMetric;
        const { min, max } = SIGNAL_METRIC_RANGE[metric];
        if (value !== null && value !== undefined && (value < min || value > max))
          throw new Error(ruleText({ key: 'numberBetween', params: { min, max } }, lang));
      },
    },
  ];
  const resourceValue = (label: string, conditionIndex: number): FormRule[] => [
    { required: true, message: ruleText('required', lang, { name: label }) },
    {
      validator: async (_r, value: number | null) => {
        const metric = (form.getFieldValue(['conditions', conditionIndex, 'resourceMetric']) ??
          'cpu') as ResourceMetric;
        const { min, max } = RESOURCE_METRIC_RANGE[metric];
        if (value !== null && value !== undefined && (value < min || value > max))
          throw new Error(ruleText({ key: 'numberBetween', params: { min, max } }, lang));
      },
    },
  ];

  return (
    <Modal
      open={props.open}
      width={760}
      title={props.rule ? t('form.editTitle') : t('form.createTitle')}
      onCancel={props.onCancel}
      onOk={() => form.submit()}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      confirmLoading={props.saving}
      okButtonProps={{ 'data-testid': 'rule-save' } as never}
      destroyOnHidden
    >
      <Form<RuleFormValues>
        form={form}
        layout="vertical"
        initialValues={NEW_RULE}
        onFinish={(v) => props.onSave(ruleInputOf(v))}
        data-testid="rule-form"
      >
        <Space align="start" style={{ display: 'flex' }}>
          <Form.Item
            name="name"
            label={t('form.name')}
            required
            rules={[schemaRule(FIELDS.name, lang, t('form.name'))]}
            style={{ width: 360 }}
          >
            <Input maxLength={50} data-testid="rule-name" />
          </Form.Item>
          <Form.Item name="level" label={t('form.level')} style={{ width: 180 }}>
            <Select
              options={ALERT_SEVERITIES.map((v) => ({ value: v, label: ALERT_SEVERITY_LABELS[v][lang] }))}
              data-testid="rule-level"
            />
          </Form.Item>
        </Space>
        <Form.Item
          name="description"
          label={t('form.description')}
          rules={[schemaRule(FIELDS.description, lang, t('form.description'))]}
        >
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
        <Form.Item name="targetMode" label={t('form.targets')}>
          <Radio.Group
            options={(['all', 'groups', 'tags', 'devices'] as const).map((v) => ({
              value: v,
              label: t(`form.targetMode.${v}`),
            }))}
            data-testid="rule-target-mode"
          />
        </Form.Item>
        {targetMode === 'groups' ? (
          <Form.Item
            name="groupIds"
            label={t('form.groups')}
            rules={[{ required: true, message: ruleText('required', lang, { name: t('form.groups') }) }]}
          >
            <Select
              mode="multiple"
              options={(groups.data?.deviceOtherGroup ?? []).map((g) => ({
                value: g.groupId,
                label: g.groupName,
              }))}
            />
          </Form.Item>
        ) : null}
        {targetMode === 'tags' ? (
          <Form.Item
            name="tagIds"
            label={t('form.tags')}
            rules={[{ required: true, message: ruleText('required', lang, { name: t('form.tags') }) }]}
          >
            <Select
              mode="multiple"
              options={(tags.data ?? []).map((g) => ({ value: g.tagId, label: g.tagName }))}
            />
          </Form.Item>
        ) : null}
        {targetMode === 'devices' ? (
          <Form.Item
            name="sns"
            label={t('form.sns')}
            extra={t('form.snsHint')}
            rules={[{ required: true, message: ruleText('required', lang, { name: t('form.sns') }) }]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} data-testid="rule-sns" />
          </Form.Item>
        ) : null}
        <Form.Item name="conditionMode" label={t('form.conditionMode')}>
          <Radio.Group
            options={ALERT_CONDITION_MODES.map((v) => ({
              value: v,
              label: ALERT_CONDITION_MODE_LABELS[v][lang],
            }))}
          />
        </Form.Item>
        <Form.List name="conditions">
          {(fields, { add, remove }) => (
            <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }}>
              {fields.map((field) => (
                <ConditionCard
                  key={field.key}
                  index={field.name}
                  canRemove={fields.length > 1}
                  onRemove={() => remove(field.name)}
                  minutes={minutes}
                  signalValue={signalValue}
                  resourceValue={resourceValue}
                  form={form}
                />
              ))}
              <Button
                onClick={() =>
                  add({
                    type: 'signal',
                    metric: 'rsrp',
                    sim: 'any',
                    below: -110,
                    clearAbove: -100,
                    clearMinutes: 2,
                  })
                }
                disabled={fields.length >= 10}
                data-testid="rule-add-condition"
              >
                {t('form.addCondition')}
              </Button>
            </Space>
          )}
        </Form.List>
        <Space align="start" wrap>
          <Form.Item
            name="triggerVolume"
            label={t('form.triggerVolume')}
            required
            rules={[
              {
                validator: async (_r, value: number) => {
                  if (!Number.isInteger(value) || value < 1 || value > ALERT_TRIGGER_VOLUME_MAX)
                    throw new Error(
                      ruleText(
                        { key: 'intBetween', params: { min: 1, max: ALERT_TRIGGER_VOLUME_MAX } },
                        lang,
                      ),
                    );
                },
              },
            ]}
          >
            <InputNumber min={1} max={ALERT_TRIGGER_VOLUME_MAX} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item label={t('form.triggerInterval')} required>
            <Space.Compact>
              <Form.Item
                name="intervalValue"
                noStyle
                dependencies={['intervalUnit']}
                rules={[
                  {
                    validator: async (_r, value: number) => {
                      const failure = checkFrequency(value, form.getFieldValue('intervalUnit'));
                      if (failure) throw new Error(ruleText(failure, lang));
                    },
                  },
                ]}
              >
                <InputNumber min={1} style={{ width: 90 }} data-testid="rule-interval" />
              </Form.Item>
              <Form.Item name="intervalUnit" noStyle>
                <Select
                  style={{ width: 110 }}
                  options={FREQUENCY_UNITS.map((u) => ({ value: u, label: t(`form.units.${u}`) }))}
                />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
          <Form.Item
            name="pendingMinutes"
            label={t('form.pendingMinutes')}
            rules={minutes(t('form.pendingMinutes'), 0)}
          >
            <InputNumber
              min={0}
              max={ALERT_PERIOD_MAX_MINUTES}
              style={{ width: 140 }}
              data-testid="rule-pending"
            />
          </Form.Item>
        </Space>
        <Space align="start" wrap>
          <Form.Item name="emailEnabled" label={t('form.email')} valuePropName="checked">
            <Switch />
          </Form.Item>
          {/* Hidden, not removed, while e-mail is off: a removed field's value would be left out of the save. */}
          <Form.Item name="receivers" label={t('form.receivers')} hidden={!emailEnabled}>
            <Select
              style={{ width: 200 }}
              options={ALERT_RECEIVER_MODES.map((v) => ({
                value: v,
                label: ALERT_RECEIVER_MODE_LABELS[v][lang],
              }))}
            />
          </Form.Item>
          <Form.Item name="enabled" label={t('form.enabled')} valuePropName="checked">
            <Switch data-testid="rule-enabled" />
          </Form.Item>
        </Space>
        {emailEnabled ? <Alert type="info" showIcon message={t('form.emailLater')} /> : null}
      </Form>
    </Modal>
  );
}

/** One condition: its type and trigger, and its clear condition with its own value and period. */
function ConditionCard(props: {
  index: number;
  canRemove: boolean;
  onRemove: () => void;
  minutes: (label: string, min: number) => FormRule[];
  signalValue: (label: string, index: number) => FormRule[];
  resourceValue: (label: string, index: number) => FormRule[];
  form: ReturnType<typeof Form.useForm<RuleFormValues>>[0];
}) {
  const { t } = useTranslation('alerts');
  const lang = useLang();
  const { index, form } = props;
  const type = Form.useWatch(['conditions', index, 'type'], form);
  const usageUnit = Form.useWatch(['conditions', index, 'unit'], form);
  const usageNumber = (field: keyof typeof USAGE_FIELDS): FormRule[] => [
    { required: true, message: ruleText('required', lang, { name: t(`form.${field}`) }) },
    {
      validator: async (_r, value: number | null) => {
        if (value === null || value === undefined) return;
        const message = schemaMessage(USAGE_FIELDS[field], lang, t(`form.${field}`), value);
        if (message !== null) throw new Error(message);
      },
    },
  ];
  return (
    <Card
      size="small"
      data-testid={`rule-condition-${index}`}
      extra={
        props.canRemove ? (
          <Button type="link" size="small" danger onClick={props.onRemove}>
            {t('form.removeCondition')}
          </Button>
        ) : null
      }
    >
      <Space align="start" wrap>
        <Form.Item name={[index, 'type']} label={t('form.type')}>
          <Select
            style={{ width: 170 }}
            options={ALERT_CONDITION_TYPES.map((v) => ({ value: v, label: t(`form.types.${v}`) }))}
            data-testid={`rule-condition-type-${index}`}
          />
        </Form.Item>
        {type === 'offline' ? (
          <Form.Item
            name={[index, 'minutes']}
            label={t('form.minutes')}
            rules={props.minutes(t('form.minutes'), 1)}
          >
            <InputNumber min={1} style={{ width: 130 }} />
          </Form.Item>
        ) : type === 'rebootLoop' ? (
          <>
            <Form.Item
              name={[index, 'boots']}
              label={t('form.boots')}
              initialValue={3}
              rules={[schemaRule(RebootLoopConditionSchema.shape.boots, lang, t('form.boots'))]}
            >
              <InputNumber style={{ width: 130 }} data-testid={`rule-boots-${index}`} />
            </Form.Item>
            <Form.Item
              name={[index, 'withinMinutes']}
              label={t('form.withinMinutes')}
              initialValue={10}
              rules={props.minutes(t('form.withinMinutes'), 1)}
            >
              <InputNumber min={1} style={{ width: 130 }} data-testid={`rule-within-${index}`} />
            </Form.Item>
          </>
        ) : type === 'dataUsage' ? (
          <>
            <Form.Item name={[index, 'usageOf']} label={t('form.usageOf')} initialValue="wan">
              <Select
                style={{ width: 190 }}
                options={USAGE_OFS.map((v) => ({ value: v, label: t(`form.usageOfs.${v}`) }))}
                data-testid={`rule-usage-of-${index}`}
              />
            </Form.Item>
            <Form.Item name={[index, 'cycle']} label={t('form.cycle')} initialValue="monthly">
              <Select
                style={{ width: 210 }}
                options={DATA_USAGE_CYCLES.map((v) => ({ value: v, label: t(`form.cycles.${v}`) }))}
                data-testid={`rule-usage-cycle-${index}`}
              />
            </Form.Item>
            <Form.Item name={[index, 'unit']} label={t('form.usageUnit')} initialValue="mb">
              <Select
                style={{ width: 170 }}
                options={DATA_USAGE_UNITS.map((v) => ({ value: v, label: t(`form.usageUnits.${v}`) }))}
                data-testid={`rule-usage-unit-${index}`}
              />
            </Form.Item>
            {usageUnit === 'percent' ? (
              <>
                <Form.Item
                  name={[index, 'percent']}
                  label={t('form.percent')}
                  required
                  rules={usageNumber('percent')}
                >
                  <InputNumber style={{ width: 110 }} data-testid={`rule-usage-percent-${index}`} />
                </Form.Item>
                <Form.Item
                  name={[index, 'allowanceMb']}
                  label={t('form.allowanceMb')}
                  required
                  rules={usageNumber('allowanceMb')}
                >
                  <InputNumber style={{ width: 140 }} data-testid={`rule-usage-allowance-${index}`} />
                </Form.Item>
              </>
            ) : (
              <Form.Item
                name={[index, 'overMb']}
                label={t('form.overMb')}
                required
                rules={usageNumber('overMb')}
              >
                <InputNumber style={{ width: 140 }} data-testid={`rule-usage-mb-${index}`} />
              </Form.Item>
            )}
          </>
        ) : type === 'alarm' ||
          type === 'updateFailed' ||
          type === 'configRejected' ||
          type === 'linkSwitch' ? null : type === 'resource' ? (
          <>
            <Form.Item name={[index, 'resourceMetric']} label={t('form.metric')} initialValue="cpu">
              <Select
                style={{ width: 170 }}
                options={RESOURCE_METRICS.map((m) => ({ value: m, label: RESOURCE_METRIC_LABELS[m][lang] }))}
                data-testid={`rule-resource-metric-${index}`}
              />
            </Form.Item>
            <Form.Item
              name={[index, 'above']}
              label={t('form.above')}
              rules={props.resourceValue(t('form.above'), index)}
            >
              <InputNumber style={{ width: 130 }} data-testid={`rule-above-${index}`} />
            </Form.Item>
            <Form.Item
              name={[index, 'clearBelow']}
              label={t('form.clearBelow')}
              dependencies={[['conditions', index, 'above']]}
              rules={[
                ...props.resourceValue(t('form.clearBelow'), index),
                {
                  validator: async (_r, value: number | null) => {
                    const above = form.getFieldValue(['conditions', index, 'above']);
                    if (typeof value === 'number' && typeof above === 'number' && value > above)
                      throw new Error(ruleText('clearBelowTrigger', lang));
                  },
                },
              ]}
            >
              <InputNumber style={{ width: 130 }} data-testid={`rule-clear-below-${index}`} />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item name={[index, 'metric']} label={t('form.metric')}>
              <Select
                style={{ width: 150 }}
                options={SIGNAL_METRICS.map((m) => ({ value: m, label: SIGNAL_METRIC_LABELS[m][lang] }))}
              />
            </Form.Item>
            <Form.Item name={[index, 'sim']} label={t('form.sim')}>
              <Select
                style={{ width: 110 }}
                options={[
                  { value: 'any', label: t('form.anySim') },
                  { value: 1, label: 'SIM 1' },
                  { value: 2, label: 'SIM 2' },
                ]}
              />
            </Form.Item>
            <Form.Item
              name={[index, 'below']}
              label={t('form.below')}
              rules={props.signalValue(t('form.below'), index)}
            >
              <InputNumber style={{ width: 130 }} data-testid={`rule-below-${index}`} />
            </Form.Item>
            <Form.Item
              name={[index, 'clearAbove']}
              label={t('form.clearAbove')}
              dependencies={[['conditions', index, 'below']]}
              rules={[
                ...props.signalValue(t('form.clearAbove'), index),
                {
                  validator: async (_r, value: number | null) => {
                    const below = form.getFieldValue(['conditions', index, 'below']);
                    if (typeof value === 'number' && typeof below === 'number' && value < below)
                      throw new Error(ruleText('clearAboveTrigger', lang));
                  },
                },
              ]}
            >
              <InputNumber style={{ width: 130 }} data-testid={`rule-clear-above-${index}`} />
            </Form.Item>
          </>
        )}
        {type === 'dataUsage' ? (
          <Form.Item label={t('form.clearMinutes')}>
            <span>{t('form.usageClears')}</span>
          </Form.Item>
        ) : (
          <Form.Item
            name={[index, 'clearMinutes']}
            label={t('form.clearMinutes')}
            rules={props.minutes(t('form.clearMinutes'), 0)}
          >
            <InputNumber min={0} style={{ width: 130 }} />
          </Form.Item>
        )}
      </Space>
    </Card>
  );
}
