import {
  applyGroupProfileCall,
  BatchSizeSchema,
  CapabilitiesSchema,
  CONFIG_MENU_SERIES,
  ConfirmWindowSchema,
  configMenuFor,
  configSectionDef,
  type ElementShape,
  FailureCountSchema,
  FailurePercentSchema,
  getGroupProfileCall,
  type ScalarField,
  SERIES,
  type SeriesId,
  saveGroupProfileCall,
  sectionSchema,
  VisibilityRules,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  type ButtonProps,
  Card,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Space,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiCall } from '../../api/client.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { usePermission } from '../../app/permissions.tsx';
import { addNamespaces } from '../../i18n/index.ts';
import { NumberInput } from '../../widgets/number-input.tsx';
import { rolloutPath } from '../rollouts/rollout-paths.ts';
import { errorsOf } from './config-editor.tsx';
import { deviceConfig } from './device-config.i18n.ts';
import { SectionForm } from './section-form.tsx';

addNamespaces({ deviceConfig });

type Value = Record<string, unknown>;

/** A new section's first value, from its shape: switches off, numbers at their least, the first choice. */
function scalarDefault(field: ScalarField): unknown {
  if (field.input === 'switch') return false;
  if (field.input === 'select') return field.options?.[0] ?? '';
  if (field.input === 'number') {
    for (let n = 0; n < 100_000; n = n === 0 ? 1 : n * 10) if (field.schema.safeParse(n).success) return n;
    return 0;
  }
  return '';
}

export function shapeDefault(shape: ElementShape): Value {
  const value: Value = {};
  for (const [name, field] of Object.entries(shape.attrs)) value[name] = scalarDefault(field);
  for (const [name, child] of Object.entries(shape.children)) {
    if (child.kind === 'text') value[name] = scalarDefault(child.field);
    else if (child.kind === 'element') value[name] = shapeDefault(child.shape);
    else value[name] = [];
  }
  return value;
}

const profileKey = (groupId: number, series: string) => ['groupProfile', groupId, series] as const;

/**
 * A group's configuration profile (issue 15) as a person edits it: per series, the sections it sets
 * on the group's routers (a device's own settings still win), saved, then applied as a rollout with
 * its batch size and failure threshold, whose page is linked once it starts.
 */
export function GroupProfileEditor({ groupId }: { groupId: number }) {
  const { t } = useTranslation('deviceConfig');
  const canApply = usePermission('devices.apply');
  const [series, setSeries] = useState<SeriesId>('r3000');
  const [drafts, setDrafts] = useState<Record<string, Value> | null>(null);
  const [adding, setAdding] = useState<string | undefined>();
  const [applying, setApplying] = useState(false);
  const [started, setStarted] = useState<number | null>(null);
  const profile = useQuery({
    queryKey: profileKey(groupId, series),
    queryFn: () => apiCall(getGroupProfileCall, { groupId, series }),
  });
  const save = useCallMutation(saveGroupProfileCall, {
    invalidates: [profileKey(groupId, series)],
    onSuccess: () => setDrafts(null),
  });
  const sections = drafts ?? (profile.data?.sections as Record<string, Value> | undefined) ?? {};
  const menu = useMemo(() => {
    const def = SERIES.find((s) => s.id === series);
    const cap = CapabilitiesSchema.safeParse(def?.capabilities);
    if (!cap.success) return [];
    return configMenuFor({ cap: cap.data }, new VisibilityRules()).flatMap((group) =>
      group.items
        .filter((item) => item.enabled && configSectionDef(`${group.group}/${item.key}`))
        .map((item) => ({ id: `${group.group}/${item.key}`, key: item.key })),
    );
  }, [series]);
  const invalid = Object.entries(sections).some(([id, value]) => {
    const def = configSectionDef(id);
    return !def || !sectionSchema(def.shape).safeParse(value).success;
  });
  const edit = (next: Record<string, Value>) => setDrafts(next);

  return (
    <Flex vertical gap={12} data-testid="group-profile">
      <div style={{ opacity: 0.75 }}>{t('profile.hint')}</div>
      <Space wrap>
        <label htmlFor="group-profile-series">{t('profile.series')}</label>
        <Select
          id="group-profile-series"
          style={{ width: 180 }}
          value={series}
          onChange={(value) => {
            setSeries(value);
            setDrafts(null);
            setStarted(null);
          }}
          options={CONFIG_MENU_SERIES.map((id) => ({
            value: id,
            label: <span translate="no">{SERIES.find((s) => s.id === id)?.name ?? id}</span>,
          }))}
          data-testid="group-profile-series"
        />
      </Space>
      {started !== null ? (
        <Alert
          type="success"
          data-testid="group-profile-started"
          title={
            <span>
              {t('profile.started')} <Link to={rolloutPath(started)}>{t('profile.openRollout')}</Link>
            </span>
          }
        />
      ) : null}
      {Object.keys(sections).length === 0 && !profile.isLoading ? (
        <Empty description={t('profile.empty')} />
      ) : null}
      {Object.entries(sections).map(([id, value]) => {
        const def = configSectionDef(id);
        if (!def) return null;
        return (
          <Card
            key={id}
            size="small"
            title={t(`section.${def.key}`)}
            data-testid={`group-profile-section-${id}`}
            extra={
              canApply ? (
                <Button
                  size="small"
                  onClick={() => {
                    const { [id]: _removed, ...rest } = sections;
                    edit(rest);
                  }}
                >
                  {t('profile.remove')}
                </Button>
              ) : null
            }
          >
            <SectionForm
              shape={def.shape}
              value={value}
              onChange={(next) => edit({ ...sections, [id]: next })}
              errors={errorsOf(t, id, value)}
              disabled={!canApply}
            />
          </Card>
        );
      })}
      {canApply ? (
        <Flex gap={8} wrap>
          <Select
            style={{ width: 220 }}
            placeholder={t('profile.addPlaceholder')}
            showSearch
            optionFilterProp="label"
            virtual={false}
            value={adding}
            onChange={setAdding}
            options={menu
              .filter((item) => !(item.id in sections))
              .map((item) => ({ value: item.id, label: t(`section.${item.key}`) }))}
            data-testid="group-profile-add-section"
          />
          <Button
            disabled={!adding}
            onClick={() => {
              const def = adding ? configSectionDef(adding) : undefined;
              if (!adding || !def) return;
              edit({ ...sections, [adding]: shapeDefault(def.shape) });
              setAdding(undefined);
            }}
            data-testid="group-profile-add"
          >
            {t('profile.add')}
          </Button>
          <Button
            type="primary"
            disabled={drafts === null || invalid}
            loading={save.isPending}
            onClick={() => save.mutate({ groupId, series, sections })}
            data-testid="group-profile-save"
          >
            {t('profile.save')}
          </Button>
          <Button
            disabled={drafts !== null || Object.keys(sections).length === 0}
            onClick={() => setApplying(true)}
            data-testid="group-profile-apply"
          >
            {t('profile.apply')}
          </Button>
        </Flex>
      ) : null}
      {drafts !== null ? <div style={{ opacity: 0.65 }}>{t('profile.unsaved')}</div> : null}
      {applying ? (
        <ApplyDialog
          groupId={groupId}
          series={series}
          onClose={() => setApplying(false)}
          onStarted={(id) => {
            setApplying(false);
            setStarted(id);
          }}
        />
      ) : null}
    </Flex>
  );
}

interface ApplyValues {
  name: string;
  firstSize: number;
  laterSize: number;
  failureKind: 'count' | 'percent';
  failureValue: number;
  onFailure: 'pause' | 'halt';
  confirmSeconds: number;
}

const rule = (schema: { safeParse(v: unknown): { success: boolean } }, message: string) => ({
  validator: (_: unknown, value: unknown) =>
    schema.safeParse(value).success ? Promise.resolve() : Promise.reject(new Error(message)),
});

function ApplyDialog(props: {
  groupId: number;
  series: SeriesId;
  onClose: () => void;
  onStarted: (id: number) => void;
}) {
  const { t } = useTranslation('deviceConfig');
  const [form] = Form.useForm<ApplyValues>();
  const kind = Form.useWatch('failureKind', form) ?? 'count';
  const apply = useCallMutation(applyGroupProfileCall, {
    onSuccess: (rollout) => props.onStarted(rollout.id),
  });
  async function submit() {
    const v = await form.validateFields();
    apply.mutate({
      groupId: props.groupId,
      series: props.series,
      name: v.name.trim(),
      plan: { mode: 'size', firstSize: v.firstSize, laterSize: v.laterSize },
      successPercent: 100,
      failureLimit: { kind: v.failureKind, value: v.failureValue },
      onFailure: v.onFailure,
      window: null,
      deviceDeadlineMinutes: 60,
      healthMinutes: 0,
      confirmSeconds: v.confirmSeconds,
    });
  }
  return (
    <Modal
      open
      title={t('profile.applyTitle')}
      onCancel={props.onClose}
      onOk={() => void submit()}
      okText={t('profile.start')}
      cancelText={t('common:cancel')}
      confirmLoading={apply.isPending}
      okButtonProps={{ 'data-testid': 'group-profile-start' } as ButtonProps}
    >
      <div style={{ opacity: 0.75, marginBottom: 12 }}>{t('profile.applyIntro')}</div>
      <Form<ApplyValues>
        form={form}
        layout="vertical"
        initialValues={{
          name: '',
          firstSize: 10,
          laterSize: 10,
          failureKind: 'count',
          failureValue: 0,
          onFailure: 'halt',
          confirmSeconds: 120,
        }}
      >
        <Form.Item
          name="name"
          label={t('profile.name')}
          rules={[{ required: true, min: 2, max: 50, whitespace: true, message: t('profile.nameRule') }]}
        >
          <Input maxLength={50} data-testid="group-profile-rollout-name" />
        </Form.Item>
        <Space wrap>
          <Form.Item
            name="firstSize"
            label={t('profile.firstSize')}
            rules={[rule(BatchSizeSchema, t('error.format'))]}
          >
            <NumberInput precision={0} data-testid="group-profile-first-size" />
          </Form.Item>
          <Form.Item
            name="laterSize"
            label={t('profile.laterSize')}
            rules={[rule(BatchSizeSchema, t('error.format'))]}
          >
            <NumberInput precision={0} data-testid="group-profile-later-size" />
          </Form.Item>
        </Space>
        <Form.Item name="failureKind" label={t('profile.failureLimit')}>
          <Radio.Group
            options={[
              { value: 'count', label: t('profile.failureCount') },
              { value: 'percent', label: t('profile.failurePercent') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="failureValue"
          label={kind === 'count' ? t('profile.failureCountValue') : t('profile.failurePercentValue')}
          rules={[rule(kind === 'count' ? FailureCountSchema : FailurePercentSchema, t('error.format'))]}
        >
          <NumberInput precision={0} data-testid="group-profile-failure-value" />
        </Form.Item>
        <Form.Item name="onFailure" label={t('profile.onFailure')}>
          <Radio.Group
            options={[
              { value: 'halt', label: t('profile.halt') },
              { value: 'pause', label: t('profile.pause') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="confirmSeconds"
          label={t('confirmWindow')}
          rules={[rule(ConfirmWindowSchema, t('error.format'))]}
        >
          <NumberInput precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
