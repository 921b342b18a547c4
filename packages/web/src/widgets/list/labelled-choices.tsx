import type { Lang, Localized } from '@fleetport/contract';
import { Form, Select } from 'antd';

/**
 * A filter form's multiple choice among a contract list (severities, states, kinds …), each value
 * named by the contract's label in the reader's language.
 */
export function LabelledChoices<K extends string>(props: {
  name: string;
  values: readonly K[];
  labels: Record<K, Localized>;
  lang: Lang;
  placeholder: string;
  width: number;
  testId: string;
}) {
  return (
    <Form.Item name={props.name}>
      <Select
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        placeholder={props.placeholder}
        style={{ width: props.width }}
        options={props.values.map((value) => ({ value, label: props.labels[value][props.lang] }))}
        data-testid={props.testId}
      />
    </Form.Item>
  );
}
