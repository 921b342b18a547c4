import {
  type ControlInput,
  createProductCall,
  enableProductCall,
  getPointTableCall,
  type LocationMethod,
  listPointTablesCall,
  type ParameterInput,
  PRODUCT_TYPES,
  type Product,
  type ProductType,
  type ReportGroupInput,
  saveProductParametersCall,
  updateProductCall,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { apiCall } from '../../api/client.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { useBlockLeave } from '../../app/block-leave.ts';
import { PageGate, usePermission } from '../../app/permissions.tsx';
import { addNamespaces } from '../../i18n/index.ts';
import { LogoField } from './logo-field.tsx';
import { ExtrasCard, ParametersCard } from './product-extras.tsx';
import { products } from './products.i18n.ts';
import { PRODUCT_KEYS, PRODUCT_PATH, PRODUCTS_PATH, useProduct } from './products-queries.ts';
import { newGroup, ReportGroupsEditor } from './report-groups-editor.tsx';

addNamespaces({ products });

interface Basic {
  name: string;
  type: ProductType;
  southboundApp: string;
  logoFileId: number | null;
}
const NEW_BASIC: Basic = { name: '', type: 'meter', southboundApp: '', logoFileId: null };

const paramsOf = (p: Product): ParameterInput[] =>
  p.parameters.map(({ point, title, code, dataType }) => ({ point, title, code, dataType }));

/** A product's details: built from a point table (steps 1 and 2), then its parameters, tags, location and controls. */
export function ProductDetailsPage() {
  return (
    <PageGate funCode="products.view">
      <ProductDetails />
    </PageGate>
  );
}

function ProductDetails() {
  const { t } = useTranslation('products');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const param = useParams().id;
  const id = param && param !== 'new' ? Number(param) : null;
  const saved = useProduct(id);
  const product = saved.data;
  const [tableId, setTableId] = useState<number | null>(null);
  const [basic, setBasic] = useState<Basic>(NEW_BASIC);
  const [groups, setGroups] = useState<ReportGroupInput[]>([newGroup(0)]);
  const [parameters, setParameters] = useState<ParameterInput[]>([]);
  const [tags, setTags] = useState<string[]>([]);
  const [location, setLocation] = useState<LocationMethod | null>(null);
  const [controls, setControls] = useState<ControlInput[]>([]);
  const canSave = usePermission(id === null ? 'products.create' : 'products.edit');
  const enabled = product?.state === 'enabled';

  useEffect(() => {
    if (!product) return;
    setTableId(product.pointTableId);
    setBasic({
      name: product.name,
      type: product.type,
      southboundApp: product.southboundApp,
      logoFileId: product.logoFileId,
    });
    setGroups(product.reportGroups);
    setParameters(paramsOf(product));
    setTags(product.tags);
    setLocation(product.locationMethods[0] ?? null);
    setControls(product.controls);
  }, [product]);

  // Unsaved parameters keep the user here (core §2 navigation guard, "end-device parameters").
  const paramsUnsaved = !!product && JSON.stringify(parameters) !== JSON.stringify(paramsOf(product));
  useBlockLeave(paramsUnsaved ? 'endDevice' : null);

  const tables = useQuery({
    queryKey: ['pointTables', 'list', 'picker'],
    queryFn: () => apiCall(listPointTablesCall, { pageNum: 1, pageSize: 500 }),
    enabled: id === null,
  });
  const table = useQuery({
    queryKey: ['pointTables', 'one', tableId ?? 0],
    queryFn: () => apiCall(getPointTableCall, { pointTableId: tableId! }),
    enabled: tableId !== null,
  });
  const pointNames = table.data?.points.map((p) => p.name) ?? [];

  const invalidates = [PRODUCT_KEYS.all];
  const create = useCallMutation(createProductCall, {
    invalidates,
    onSuccess: (created) => {
      void message.success(t('saved'));
      navigate(PRODUCT_PATH(created.modelId), { replace: true });
    },
  });
  const update = useCallMutation(updateProductCall, {
    invalidates,
    onSuccess: () => void message.success(t('saved')),
  });
  const saveParams = useCallMutation(saveProductParametersCall, {
    invalidates,
    onSuccess: () => void message.success(t('parameters.saved')),
  });
  const enable = useCallMutation(enableProductCall, {
    invalidates,
    onSuccess: () => void message.success(t('enabled')),
  });

  const save = () => {
    const { logoFileId, ...rest } = basic;
    const fields = { ...rest, reportGroups: groups, ...(logoFileId !== null ? { logoFileId } : {}) };
    if (id === null) {
      if (tableId !== null) create.mutate({ pointTableId: tableId, ...fields });
      return;
    }
    update.mutate({
      modelId: id,
      ...fields,
      logoFileId,
      tags,
      locationMethods: location ? [location] : [],
      controls,
    });
  };
  const setField = <K extends keyof Basic>(key: K, value: Basic[K]) =>
    setBasic((b) => ({ ...b, [key]: value }));
  const item = (label: string, control: ReactNode) => (
    <Form.Item label={label} style={{ marginBottom: 0 }}>
      {control}
    </Form.Item>
  );

  return (
    <Flex vertical gap="middle" data-testid="product-details">
      <Flex justify="space-between" align="center">
        <Space>
          <Link to={PRODUCTS_PATH}>{t('back')}</Link>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {id === null ? t('newTitle') : product?.name}
          </Typography.Title>
          {product && (
            <Tag color={enabled ? 'green' : 'default'} data-testid="product-state">
              {t(`state.${product.state}`)}
            </Tag>
          )}
        </Space>
        {canSave && (
          <Space>
            {product && !enabled && (
              <Popconfirm
                title={t('enableConfirm')}
                okButtonProps={{ 'data-testid': 'product-enable-ok' } as never}
                onConfirm={() => enable.mutateAsync({ modelId: product.modelId }).catch(() => {})}
              >
                <Button data-testid="product-enable">{t('enable')}</Button>
              </Popconfirm>
            )}
            <Button
              type="primary"
              onClick={save}
              loading={create.isPending || update.isPending}
              disabled={id === null && tableId === null}
              data-testid="product-save"
            >
              {t('save')}
            </Button>
          </Space>
        )}
      </Flex>
      {enabled && <Alert type="info" showIcon message={t('enabledHint')} />}
      {id === null && (
        <Card title={t('step1')}>
          <Select<number>
            value={tableId ?? undefined}
            style={{ width: 320 }}
            placeholder={t('pickTable')}
            onChange={(value) => {
              setTableId(value);
              setGroups([newGroup(0)]);
            }}
            options={(tables.data?.list ?? []).map((tb) => ({ value: tb.pointTableId, label: tb.name }))}
            data-testid="product-table"
          />
        </Card>
      )}
      <Card title={t('basic.title')}>
        <Form layout="vertical" component="div">
          <Flex wrap gap="middle">
            {item(
              t('basic.name'),
              <Input
                value={basic.name}
                disabled={enabled}
                onChange={(e) => setField('name', e.target.value)}
                data-testid="product-name"
              />,
            )}
            {item(
              t('basic.type'),
              <Select<ProductType>
                value={basic.type}
                disabled={enabled}
                style={{ width: 150 }}
                onChange={(value) => setField('type', value)}
                options={PRODUCT_TYPES.map((v) => ({ value: v, label: t(`type.${v}`) }))}
              />,
            )}
            {item(
              t('basic.logo'),
              <LogoField
                fileId={basic.logoFileId}
                disabled={enabled}
                onChange={(logoFileId) => setField('logoFileId', logoFileId)}
              />,
            )}
            {item(
              t('basic.protocol'),
              <span translate="no">{table.data ? t(`protocol.${table.data.protocol}`) : '- -'}</span>,
            )}
            {item(
              t('basic.southboundApp'),
              <Input
                value={basic.southboundApp}
                translate="no"
                disabled={enabled}
                onChange={(e) => setField('southboundApp', e.target.value)}
                data-testid="product-app"
              />,
            )}
          </Flex>
        </Form>
      </Card>
      {tableId !== null && (
        <Card title={t('step2')}>
          <ReportGroupsEditor
            groups={groups}
            onChange={setGroups}
            pointNames={pointNames}
            timingOnly={enabled}
          />
        </Card>
      )}
      {product && (
        <>
          {!product.parametersSaved && <Alert type="warning" showIcon message={t('parameters.unsaved')} />}
          <ParametersCard
            parameters={parameters}
            onChange={setParameters}
            locked={enabled}
            extra={
              canSave && !enabled ? (
                <Button
                  onClick={() => saveParams.mutate({ modelId: product.modelId, parameters })}
                  loading={saveParams.isPending}
                  data-testid="parameters-save"
                >
                  {t('parameters.save')}
                </Button>
              ) : null
            }
          />
          <ExtrasCard
            tags={tags}
            locationMethod={location}
            controls={controls}
            parameterCodes={product.parameters.map((p) => p.code)}
            locked={enabled}
            onTags={setTags}
            onLocation={setLocation}
            onControls={setControls}
          />
        </>
      )}
    </Flex>
  );
}
