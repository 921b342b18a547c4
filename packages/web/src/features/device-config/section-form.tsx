import type { ChildShape, ElementShape, ScalarField } from '@fleetport/contract';
import { Input, Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../widgets/number-input.tsx';

/**
 * A configuration section's form, drawn from its shape in the contract (device/config-sections.ts):
 * every field in the order the device keeps it, a switch, a number, a choice or a text box by the
 * field's kind, nested parts and repeated items (SIM slots, ports, users) boxed with their titles.
 * `errors` holds the localized message of each field by its dotted path.
 */

type Value = Record<string, unknown>;

export interface SectionFormProps {
  shape: ElementShape;
  value: Value;
  onChange: (value: Value) => void;
  errors: ReadonlyMap<string, string>;
  disabled?: boolean;
}

const box = {
  border: '1px solid rgba(5, 5, 5, 0.06)',
  borderRadius: 6,
  padding: '8px 12px',
  marginBottom: 8,
} as const;
const row = {
  display: 'grid',
  gridTemplateColumns: '180px 1fr',
  alignItems: 'center',
  gap: 8,
  marginBottom: 8,
};

export function SectionForm({ shape, value, onChange, errors, disabled }: SectionFormProps) {
  return (
    <Shape shape={shape} value={value} onChange={onChange} path="" errors={errors} disabled={disabled} />
  );
}

function Shape({
  shape,
  value,
  onChange,
  path,
  errors,
  disabled,
}: SectionFormProps & { path: string }): ReactNode {
  const { t } = useTranslation('deviceConfig');
  const at = (name: string) => (path ? `${path}.${name}` : name);
  const set = (name: string, next: unknown) => onChange({ ...value, [name]: next });
  const parts: ReactNode[] = [];
  for (const [name, field] of Object.entries(shape.attrs)) {
    parts.push(
      <Scalar
        key={name}
        label={t(`field.${name}`)}
        field={field}
        value={value[name]}
        onChange={(next) => set(name, next)}
        error={errors.get(at(name))}
        path={at(name)}
        disabled={disabled}
      />,
    );
  }
  for (const [name, child] of Object.entries(shape.children)) {
    parts.push(
      <Child
        key={name}
        name={name}
        child={child}
        value={value[name]}
        onChange={(next) => set(name, next)}
        path={at(name)}
        errors={errors}
        disabled={disabled}
      />,
    );
  }
  return <>{parts}</>;
}

function Child({
  name,
  child,
  value,
  onChange,
  path,
  errors,
  disabled,
}: {
  name: string;
  child: ChildShape;
  value: unknown;
  onChange: (next: unknown) => void;
  path: string;
  errors: ReadonlyMap<string, string>;
  disabled?: boolean;
}) {
  const { t } = useTranslation('deviceConfig');
  if (child.kind === 'text') {
    return (
      <Scalar
        label={t(`field.${name}`)}
        field={child.field}
        value={value}
        onChange={onChange}
        error={errors.get(path)}
        path={path}
        disabled={disabled}
      />
    );
  }
  if (child.kind === 'element') {
    return (
      <fieldset style={box} data-testid={`config-part-${path}`}>
        <legend style={{ fontSize: 13, width: 'auto', margin: 0, border: 0 }}>{t(`field.${name}`)}</legend>
        <Shape
          shape={child.shape}
          value={(value ?? {}) as Value}
          onChange={onChange}
          path={path}
          errors={errors}
          disabled={disabled}
        />
      </fieldset>
    );
  }
  const items = (Array.isArray(value) ? value : []) as unknown[];
  const setItem = (index: number, next: unknown) =>
    onChange(items.map((item, i) => (i === index ? next : item)));
  const item = child.item;
  return (
    <fieldset style={box} data-testid={`config-list-${path}`}>
      <legend style={{ fontSize: 13, width: 'auto', margin: 0, border: 0 }}>{t(`field.${name}`)}</legend>
      {items.map((entry, index) =>
        'kind' in item ? (
          <Scalar
            // The items have no identity of their own: their place is their key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            key={index}
            label={t('item', { n: index + 1 })}
            field={item}
            value={entry}
            onChange={(next) => setItem(index, next)}
            error={errors.get(`${path}.${index}`)}
            path={`${path}.${index}`}
            disabled={disabled}
          />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: list items are known by their place.
          <div key={index} style={box}>
            <div style={{ fontSize: 12, opacity: 0.65, marginBottom: 4 }}>{t('item', { n: index + 1 })}</div>
            <Shape
              shape={item}
              value={(entry ?? {}) as Value}
              onChange={(next) => setItem(index, next)}
              path={`${path}.${index}`}
              errors={errors}
              disabled={disabled}
            />
          </div>
        ),
      )}
    </fieldset>
  );
}

function Scalar({
  label,
  field,
  value,
  onChange,
  error,
  path,
  disabled,
}: {
  label: string;
  field: ScalarField;
  value: unknown;
  onChange: (next: unknown) => void;
  error?: string;
  path: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('deviceConfig');
  const id = `config-field-${path}`;
  const status = error ? 'error' : undefined;
  let input: ReactNode;
  if (field.input === 'switch') {
    input = (
      <Switch
        id={id}
        checked={value === true}
        onChange={(checked) => onChange(checked)}
        checkedChildren={t('yes')}
        unCheckedChildren={t('no')}
        disabled={disabled}
      />
    );
  } else if (field.input === 'number') {
    input = (
      <NumberInput
        id={id}
        value={typeof value === 'number' ? value : null}
        onChange={(next) => onChange(next ?? undefined)}
        status={status}
        disabled={disabled}
        style={{ width: 200 }}
      />
    );
  } else if (field.input === 'select') {
    input = (
      <Select
        id={id}
        value={value as string}
        onChange={(next) => onChange(next)}
        status={status}
        disabled={disabled}
        style={{ width: 240 }}
        options={(field.options ?? []).map((option) => ({
          value: option,
          label: t(`option.${option}`, { defaultValue: option }),
        }))}
      />
    );
  } else {
    input = (
      <Input
        id={id}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        status={status}
        disabled={disabled}
        style={{ maxWidth: 360 }}
      />
    );
  }
  return (
    <div style={row} data-testid={id}>
      <label htmlFor={id}>{label}</label>
      <div>
        {input}
        {error ? (
          <div role="alert" style={{ color: '#ff4d4f', fontSize: 12 }}>
            {error}
          </div>
        ) : null}
      </div>
    </div>
  );
}
