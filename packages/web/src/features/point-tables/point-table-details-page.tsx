import {
  areaOfFunctionCode,
  BYTE_ORDERS,
  type ByteOrder,
  CONNECTIONS_BY_PROTOCOL,
  createPointTableCall,
  datasheetAddress,
  MODBUS_FUNCTION_CODES,
  type ModbusFunctionCode,
  POINT_DATA_TYPES,
  POINT_TABLE_PROTOCOLS,
  type PointConnectionType,
  type PointDataType,
  type PointTablePoint,
  type PointTableProtocol,
  REGISTERS_BY_TYPE,
  updatePointTableCall,
} from '@fleetport/contract';
import { App, Button, Card, Flex, Form, Input, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { useBlockLeave } from '../../app/block-leave.ts';
import { Can, PageGate, usePermission } from '../../app/permissions.tsx';
import { addNamespaces } from '../../i18n/index.ts';
import { NumberInput } from '../../widgets/number-input.tsx';
import { pointTables } from './point-tables.i18n.ts';
import { DETAILS_PATH, POINT_TABLE_KEYS, usePointTable } from './point-tables-queries.ts';
import type { TableFields } from './table-fields.ts';
import { TestReadPanel } from './test-read-panel.tsx';

addNamespaces({ pointTables });

const NEW_TABLE: TableFields = {
  name: '',
  protocol: 'modbusTcp',
  connectionType: 'tcp',
  slaveIp: '',
  slavePort: 502,
  slaveId: 1,
};

function newPoint(index: number): PointTablePoint {
  return {
    name: `point${index + 1}`,
    functionCode: 3,
    address: 0,
    dataType: 'UINT-16',
    byteOrder: 'ABCD',
    multiplier: 1,
    divisor: 1,
    dataSize: 1,
    trigger: 'periodic',
    decimals: 2,
    bitOffset: 0,
    bitCount: 1,
    onChange: false,
    deadband: 0,
    batch: 0,
    min: null,
    max: null,
  };
}

/** A point table's details: its slave, its points, and the test read (issue 19). */
export function PointTableDetailsPage() {
  return (
    <PageGate funCode="pointTable.view">
      <PointTableDetails />
    </PageGate>
  );
}

function PointTableDetails() {
  const { t } = useTranslation('pointTables');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const param = useParams().id;
  const id = param && param !== 'new' ? Number(param) : null;
  const saved = usePointTable(id);
  const [fields, setFields] = useState<TableFields>(NEW_TABLE);
  const [points, setPoints] = useState<PointTablePoint[]>([]);
  const canSave = usePermission(id === null ? 'pointTable.create' : 'pointTable.edit');
  /** The table as last loaded or saved: anything else on screen is unsaved (core §2 navigation guard). */
  const [savedJson, setSavedJson] = useState(JSON.stringify({ ...NEW_TABLE, points: [] }));
  const [createdId, setCreatedId] = useState<number | null>(null);

  useEffect(() => {
    if (!saved.data) return;
    const { points: savedPoints, name, protocol, connectionType, slaveIp, slavePort, slaveId } = saved.data;
    setFields({ name, protocol, connectionType, slaveIp, slavePort, slaveId });
    setPoints(savedPoints);
    setSavedJson(
      JSON.stringify({ name, protocol, connectionType, slaveIp, slavePort, slaveId, points: savedPoints }),
    );
  }, [saved.data]);

  const table = { ...fields, points };
  useBlockLeave(JSON.stringify(table) !== savedJson ? 'pointTable' : null);
  // Opens the new table's own page once the guard has seen it saved.
  useEffect(() => {
    if (createdId !== null) navigate(DETAILS_PATH(createdId), { replace: true });
  }, [createdId, navigate]);
  const create = useCallMutation(createPointTableCall, {
    invalidates: [POINT_TABLE_KEYS.list],
    onSuccess: (created) => {
      void message.success(t('saved'));
      setSavedJson(JSON.stringify(table));
      setCreatedId(created.pointTableId);
    },
  });
  const update = useCallMutation(updatePointTableCall, {
    invalidates: [POINT_TABLE_KEYS.list, POINT_TABLE_KEYS.one(id ?? 0)],
    onSuccess: () => {
      setSavedJson(JSON.stringify(table));
      void message.success(t('saved'));
    },
  });
  const save = () => (id === null ? create.mutate(table) : update.mutate({ pointTableId: id, table }));
  const setField = <K extends keyof TableFields>(key: K, value: TableFields[K]) =>
    setFields((f) => ({ ...f, [key]: value }));
  const setPoint = (index: number, change: Partial<PointTablePoint>) =>
    setPoints((list) => list.map((p, i) => (i === index ? { ...p, ...change } : p)));

  return (
    <Flex vertical gap="middle" data-testid="point-table-details">
      <Flex justify="space-between" align="center">
        <Space>
          <Link to="/robustlink/pointTable">{t('back')}</Link>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {id === null ? t('newTitle') : fields.name}
          </Typography.Title>
        </Space>
        {canSave && (
          <Button
            type="primary"
            onClick={save}
            loading={create.isPending || update.isPending}
            data-testid="point-table-save"
          >
            {t('save')}
          </Button>
        )}
      </Flex>
      <SlaveCard fields={fields} setField={setField} />
      <Card
        title={t('columns.points')}
        extra={
          <Button
            onClick={() => setPoints((list) => [...list, newPoint(list.length)])}
            data-testid="point-add"
          >
            {t('addPoint')}
          </Button>
        }
      >
        <PointsTable
          points={points}
          setPoint={setPoint}
          remove={(i) => setPoints((l) => l.filter((_, j) => j !== i))}
        />
      </Card>
      <Can funCode="pointTable.view">
        <TestReadPanel table={table} adopt={(index, change) => setPoint(index, change)} />
      </Can>
    </Flex>
  );
}

function SlaveCard({
  fields,
  setField,
}: {
  fields: TableFields;
  setField: <K extends keyof TableFields>(key: K, value: TableFields[K]) => void;
}) {
  const { t } = useTranslation('pointTables');
  const label = (text: string, control: ReactNode) => (
    <Form.Item label={text} style={{ marginBottom: 0 }}>
      {control}
    </Form.Item>
  );
  return (
    <Card>
      <Form layout="vertical" component="div">
        <Flex wrap gap="middle">
          {label(
            t('table.name'),
            <Input
              value={fields.name}
              onChange={(e) => setField('name', e.target.value)}
              data-testid="point-table-name"
            />,
          )}
          {label(
            t('table.protocol'),
            <Select<PointTableProtocol>
              value={fields.protocol}
              style={{ width: 160 }}
              onChange={(protocol) => {
                setField('protocol', protocol);
                setField('connectionType', CONNECTIONS_BY_PROTOCOL[protocol][0]!);
              }}
              options={POINT_TABLE_PROTOCOLS.map((p) => ({
                value: p,
                label: <span translate="no">{t(`protocol.${p}`)}</span>,
              }))}
            />,
          )}
          {label(
            t('table.connectionType'),
            <Select<PointConnectionType>
              value={fields.connectionType}
              style={{ width: 160 }}
              onChange={(value) => setField('connectionType', value)}
              options={CONNECTIONS_BY_PROTOCOL[fields.protocol].map((c) => ({
                value: c,
                label: <span translate="no">{t(`connection.${c}`)}</span>,
              }))}
            />,
          )}
          {label(
            t('table.slaveIp'),
            <Input
              value={fields.slaveIp}
              translate="no"
              onChange={(e) => setField('slaveIp', e.target.value)}
              data-testid="point-table-ip"
            />,
          )}
          {label(
            t('table.slavePort'),
            <NumberInput
              value={fields.slavePort}
              onChange={(v) => setField('slavePort', Number(v ?? 0))}
              data-testid="point-table-port"
            />,
          )}
          {label(
            t('table.slaveId'),
            <NumberInput
              value={fields.slaveId}
              onChange={(v) => setField('slaveId', Number(v ?? 0))}
              data-testid="point-table-slave-id"
            />,
          )}
        </Flex>
      </Form>
    </Card>
  );
}

function PointsTable({
  points,
  setPoint,
  remove,
}: {
  points: PointTablePoint[];
  setPoint: (index: number, change: Partial<PointTablePoint>) => void;
  remove: (index: number) => void;
}) {
  const { t } = useTranslation('pointTables');
  const num =
    (key: keyof PointTablePoint, nullable = false) =>
    (_: unknown, p: PointTablePoint, i: number) => (
      <NumberInput
        size="small"
        value={p[key] as number | null}
        style={{ width: 90 }}
        onChange={(v) => setPoint(i, { [key]: v ?? (nullable ? null : 0) })}
        data-testid={`point-${key}-${i}`}
      />
    );
  const columns: ColumnsType<PointTablePoint> = [
    {
      key: 'name',
      title: t('point.name'),
      render: (_: unknown, p, i) => (
        <Input
          size="small"
          value={p.name}
          onChange={(e) => setPoint(i, { name: e.target.value })}
          style={{ width: 130 }}
        />
      ),
    },
    {
      key: 'functionCode',
      title: t('point.functionCode'),
      render: (_: unknown, p, i) => (
        <Select<ModbusFunctionCode>
          size="small"
          value={p.functionCode}
          onChange={(functionCode) => setPoint(i, { functionCode })}
          options={MODBUS_FUNCTION_CODES.map((fc) => ({ value: fc, label: fc }))}
        />
      ),
    },
    { key: 'address', title: t('point.address'), render: num('address') },
    {
      key: 'datasheet',
      title: t('point.datasheet'),
      render: (_: unknown, p, i) => (
        <span translate="no" data-testid={`point-datasheet-${i}`}>
          {datasheetAddress(areaOfFunctionCode(p.functionCode), p.address)}
        </span>
      ),
    },
    {
      key: 'dataType',
      title: t('point.dataType'),
      render: (_: unknown, p, i) => (
        <Select<PointDataType>
          size="small"
          value={p.dataType}
          style={{ width: 110 }}
          onChange={(dataType) =>
            setPoint(i, {
              dataType,
              dataSize: dataType === 'RAW-DATA' ? p.dataSize : REGISTERS_BY_TYPE[dataType],
            })
          }
          options={POINT_DATA_TYPES.map((d) => ({ value: d, label: <span translate="no">{d}</span> }))}
        />
      ),
    },
    {
      key: 'byteOrder',
      title: t('point.byteOrder'),
      render: (_: unknown, p, i) => (
        <Select<ByteOrder>
          size="small"
          value={p.byteOrder}
          onChange={(byteOrder) => setPoint(i, { byteOrder })}
          options={BYTE_ORDERS.map((o) => ({ value: o, label: <span translate="no">{o}</span> }))}
          data-testid={`point-byteOrder-${i}`}
        />
      ),
    },
    { key: 'multiplier', title: t('point.multiplier'), render: num('multiplier') },
    { key: 'divisor', title: t('point.divisor'), render: num('divisor') },
    { key: 'decimals', title: t('point.decimals'), render: num('decimals') },
    { key: 'bitOffset', title: t('point.bitOffset'), render: num('bitOffset') },
    { key: 'bitCount', title: t('point.bitCount'), render: num('bitCount') },
    { key: 'batch', title: t('point.batch'), render: num('batch') },
    { key: 'min', title: t('point.min'), render: num('min', true) },
    { key: 'max', title: t('point.max'), render: num('max', true) },
    {
      key: 'remove',
      title: '',
      render: (_: unknown, _p, i) => (
        <Button type="link" size="small" danger onClick={() => remove(i)}>
          {t('point.remove')}
        </Button>
      ),
    },
  ];
  return (
    <Table<PointTablePoint>
      size="small"
      rowKey={(p) => `${points.indexOf(p)}`}
      dataSource={points}
      columns={columns}
      pagination={false}
      scroll={{ x: true }}
      data-testid="point-rows"
    />
  );
}
