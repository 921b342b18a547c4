import {
  FREQUENCY_UNITS,
  type FrequencyUnit,
  REPORT_GROUP_TYPES,
  type ReportGroupInput,
  type ReportGroupType,
  UPLOAD_STRATEGIES,
  type UploadStrategy,
} from '@fleetport/contract';
import { Button, Card, Flex, Form, Input, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../widgets/number-input.tsx';

export function newGroup(index: number): ReportGroupInput {
  return {
    name: `Report ${index + 1}`,
    type: 'property',
    strategy: 'CHANGE',
    frequency: null,
    time: null,
    points: [],
  };
}

/**
 * Step 2 of building a product: the report groups and the points each holds (a point in one group
 * only). With `timingOnly` (an enabled product) only when each group uploads can change.
 */
export function ReportGroupsEditor({
  groups,
  onChange,
  pointNames,
  timingOnly,
}: {
  groups: ReportGroupInput[];
  onChange: (groups: ReportGroupInput[]) => void;
  pointNames: string[];
  timingOnly: boolean;
}) {
  const { t } = useTranslation('products');
  const set = (index: number, change: Partial<ReportGroupInput>) =>
    onChange(groups.map((g, i) => (i === index ? { ...g, ...change } : g)));
  const taken = (index: number) => new Set(groups.flatMap((g, i) => (i === index ? [] : g.points)));
  const item = (label: string, control: ReactNode) => (
    <Form.Item label={label} style={{ marginBottom: 0 }}>
      {control}
    </Form.Item>
  );
  return (
    <Flex vertical gap="small" data-testid="report-groups">
      {groups.map((group, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: groups have no id until saved; the index is their place
        <Card size="small" key={i} data-testid={`report-group-${i}`}>
          <Form layout="vertical" component="div">
            <Flex wrap gap="middle" align="end">
              {item(
                t('group.name'),
                <Input
                  value={group.name}
                  disabled={timingOnly}
                  onChange={(e) => set(i, { name: e.target.value })}
                  data-testid={`group-name-${i}`}
                />,
              )}
              {item(
                t('group.type'),
                <Select<ReportGroupType>
                  value={group.type}
                  disabled={timingOnly}
                  style={{ width: 130 }}
                  onChange={(type) => set(i, { type })}
                  options={REPORT_GROUP_TYPES.map((v) => ({ value: v, label: t(`group.types.${v}`) }))}
                />,
              )}
              {item(
                t('group.strategy'),
                <Select<UploadStrategy>
                  value={group.strategy}
                  disabled={timingOnly}
                  style={{ width: 190 }}
                  onChange={(strategy) =>
                    set(i, {
                      strategy,
                      frequency:
                        strategy === 'INTERVAL' ? (group.frequency ?? { value: 30, unit: 'second' }) : null,
                      time: strategy === 'REGULAR' ? (group.time ?? '00:00') : null,
                    })
                  }
                  options={UPLOAD_STRATEGIES.map((v) => ({ value: v, label: t(`group.strategies.${v}`) }))}
                  data-testid={`group-strategy-${i}`}
                />,
              )}
              {group.strategy === 'INTERVAL' &&
                item(
                  t('group.frequency'),
                  <Space.Compact>
                    <NumberInput
                      value={group.frequency?.value ?? null}
                      style={{ width: 80 }}
                      onChange={(v) =>
                        set(i, {
                          frequency: { value: Number(v ?? 0), unit: group.frequency?.unit ?? 'second' },
                        })
                      }
                      data-testid={`group-frequency-${i}`}
                    />
                    <Select<FrequencyUnit>
                      value={group.frequency?.unit ?? 'second'}
                      style={{ width: 110 }}
                      onChange={(unit) => set(i, { frequency: { value: group.frequency?.value ?? 1, unit } })}
                      options={FREQUENCY_UNITS.map((u) => ({ value: u, label: t(`group.units.${u}`) }))}
                    />
                  </Space.Compact>,
                )}
              {group.strategy === 'REGULAR' &&
                item(
                  t('group.time'),
                  <Input
                    value={group.time ?? ''}
                    style={{ width: 90 }}
                    placeholder="HH:mm"
                    onChange={(e) => set(i, { time: e.target.value })}
                  />,
                )}
              {!timingOnly && (
                <Button danger onClick={() => onChange(groups.filter((_, j) => j !== i))}>
                  {t('group.remove')}
                </Button>
              )}
            </Flex>
            <Form.Item label={t('group.points')} style={{ marginBottom: 0, marginTop: 8 }}>
              <Select<string[]>
                mode="multiple"
                value={group.points}
                disabled={timingOnly}
                onChange={(points) => set(i, { points })}
                options={pointNames
                  .filter((name) => !taken(i).has(name))
                  .map((name) => ({ value: name, title: name, label: <span translate="no">{name}</span> }))}
                data-testid={`group-points-${i}`}
              />
            </Form.Item>
          </Form>
        </Card>
      ))}
      {!timingOnly && (
        <Button onClick={() => onChange([...groups, newGroup(groups.length)])} data-testid="group-add">
          {t('group.add')}
        </Button>
      )}
    </Flex>
  );
}
