import {
  type ControlInput,
  LOCATION_METHODS,
  type LocationMethod,
  PARAMETER_DATA_TYPES,
  type ParameterDataType,
  type ParameterInput,
} from '@fleetport/contract';
import { Button, Card, Checkbox, Flex, Input, Radio, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';

/** The parameters of a product: one per point of its report groups, titled, coded and typed. */
export function ParametersCard({
  parameters,
  onChange,
  locked,
  extra,
}: {
  parameters: ParameterInput[];
  onChange: (parameters: ParameterInput[]) => void;
  locked: boolean;
  extra: React.ReactNode;
}) {
  const { t } = useTranslation('products');
  const set = (index: number, change: Partial<ParameterInput>) =>
    onChange(parameters.map((p, i) => (i === index ? { ...p, ...change } : p)));
  const columns: ColumnsType<ParameterInput> = [
    {
      key: 'point',
      title: t('parameters.point'),
      render: (_: unknown, p) => <span translate="no">{p.point}</span>,
    },
    {
      key: 'title',
      title: t('parameters.name'),
      render: (_: unknown, p, i) => (
        <Input
          size="small"
          value={p.title}
          disabled={locked}
          onChange={(e) => set(i, { title: e.target.value })}
          data-testid={`parameter-title-${i}`}
        />
      ),
    },
    {
      key: 'code',
      title: t('parameters.code'),
      render: (_: unknown, p, i) => (
        <Input
          size="small"
          value={p.code}
          translate="no"
          disabled={locked}
          onChange={(e) => set(i, { code: e.target.value })}
          data-testid={`parameter-code-${i}`}
        />
      ),
    },
    {
      key: 'dataType',
      title: t('parameters.dataType'),
      render: (_: unknown, p, i) => (
        <Select<ParameterDataType>
          size="small"
          value={p.dataType}
          disabled={locked}
          style={{ width: 120 }}
          onChange={(dataType) => set(i, { dataType })}
          options={PARAMETER_DATA_TYPES.map((d) => ({ value: d, label: t(`parameters.types.${d}`) }))}
        />
      ),
    },
  ];
  return (
    <Card title={t('parameters.title')} extra={extra} data-testid="parameters-card">
      <Table<ParameterInput>
        size="small"
        rowKey="point"
        dataSource={parameters}
        columns={columns}
        pagination={false}
      />
    </Card>
  );
}

/** Tags, the one location method and the controls of a product. */
export function ExtrasCard({
  tags,
  locationMethod,
  controls,
  parameterCodes,
  locked,
  onTags,
  onLocation,
  onControls,
}: {
  tags: string[];
  locationMethod: LocationMethod | null;
  controls: ControlInput[];
  parameterCodes: string[];
  locked: boolean;
  onTags: (tags: string[]) => void;
  onLocation: (method: LocationMethod) => void;
  onControls: (controls: ControlInput[]) => void;
}) {
  const { t } = useTranslation('products');
  const set = (index: number, change: Partial<ControlInput>) =>
    onControls(controls.map((c, i) => (i === index ? { ...c, ...change } : c)));
  const columns: ColumnsType<ControlInput> = [
    {
      key: 'name',
      title: t('controls.name'),
      render: (_: unknown, c, i) => (
        <Input
          size="small"
          value={c.name}
          disabled={locked}
          onChange={(e) => set(i, { name: e.target.value })}
        />
      ),
    },
    {
      key: 'code',
      title: t('controls.code'),
      render: (_: unknown, c, i) => (
        <Input
          size="small"
          value={c.code}
          disabled={locked}
          onChange={(e) => set(i, { code: e.target.value })}
        />
      ),
    },
    {
      key: 'mandatory',
      title: t('controls.mandatory'),
      render: (_: unknown, c, i) => (
        <Checkbox
          checked={c.mandatory}
          disabled={locked}
          onChange={(e) => set(i, { mandatory: e.target.checked })}
        />
      ),
    },
    {
      key: 'parameters',
      title: t('controls.parameters'),
      render: (_: unknown, c, i) => (
        <Select<string[]>
          mode="multiple"
          size="small"
          value={c.parameters}
          disabled={locked}
          style={{ minWidth: 180 }}
          onChange={(parameters) => set(i, { parameters })}
          options={parameterCodes.map((code) => ({ value: code, label: <span translate="no">{code}</span> }))}
        />
      ),
    },
    {
      key: 'remove',
      title: '',
      render: (_: unknown, _c, i) =>
        locked ? null : (
          <Button
            type="link"
            size="small"
            danger
            onClick={() => onControls(controls.filter((_x, j) => j !== i))}
          >
            {t('controls.remove')}
          </Button>
        ),
    },
  ];
  return (
    <Flex vertical gap="middle">
      <Card title={t('tags.title')} size="small">
        <Select<string[]>
          mode="tags"
          value={tags}
          disabled={locked}
          style={{ width: '100%' }}
          placeholder={t('tags.placeholder')}
          onChange={onTags}
          open={false}
          data-testid="product-tags"
        />
      </Card>
      <Card title={t('location.title')} size="small">
        <Radio.Group
          value={locationMethod}
          disabled={locked}
          onChange={(e) => onLocation(e.target.value as LocationMethod)}
          data-testid="product-location"
        >
          {LOCATION_METHODS.map((m) => (
            <Radio key={m} value={m} data-testid={`location-${m}`}>
              {t(`location.${m}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Card>
      <Card
        title={t('controls.title')}
        size="small"
        extra={
          locked ? null : (
            <Button
              size="small"
              onClick={() =>
                onControls([
                  ...controls,
                  {
                    name: `control${controls.length + 1}`,
                    code: `control${controls.length + 1}`,
                    mandatory: false,
                    parameters: [],
                  },
                ])
              }
              data-testid="control-add"
            >
              {t('controls.add')}
            </Button>
          )
        }
      >
        <Table<ControlInput>
          size="small"
          rowKey={(c) => `${controls.indexOf(c)}`}
          dataSource={controls}
          columns={columns}
          pagination={false}
        />
      </Card>
    </Flex>
  );
}
