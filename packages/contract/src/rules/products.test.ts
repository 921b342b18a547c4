import { describe, expect, it } from 'vitest';
import {
  ControlCodeSchema,
  ControlNameSchema,
  checkOneLocationMethod,
  checkReportNameUnique,
  EndpointDescriptionSchema,
  EndpointIdSchema,
  EndpointNameSchema,
  FieldCodeSchema,
  isControlCode,
  isControlName,
  isEndpointId,
  isFieldCode,
  isParameterName,
  ParameterNameCnSchema,
  ParameterNameSchema,
  ProductFieldCodesSchema,
} from './products.ts';
import { ruleText } from './rule.ts';
import { messagesFor } from './test-helpers.ts';

describe('parameter names', () => {
  it('digits, letters, underscores, not starting with a digit', () => {
    for (const ok of ['temp', '_t1', 'T_2']) expect(isParameterName(ok)).toBe(true);
    for (const bad of ['1temp', 'te mp', 'te-mp', '温度']) expect(isParameterName(bad)).toBe(false);
    expect(isParameterName('温度_1', { allowChinese: true })).toBe(true);
    expect(isParameterName('1温度', { allowChinese: true })).toBe(false);
    expect(messagesFor(ParameterNameSchema, '1temp')).toEqual([
      'Use letters, digits and underscores, not starting with a digit',
    ]);
    expect(messagesFor(ParameterNameCnSchema, '1温度', 'cn')).toEqual([
      '请输入汉字、字母、数字或下划线，且不能以数字开头',
    ]);
  });

  it('product field code: letter first, up to 50, unique', () => {
    expect(isFieldCode('a')).toBe(true);
    expect(isFieldCode(`a${'b'.repeat(49)}`)).toBe(true);
    expect(isFieldCode(`a${'b'.repeat(50)}`)).toBe(false);
    expect(isFieldCode('_a')).toBe(false);
    expect(isFieldCode('1a')).toBe(false);
    expect(messagesFor(FieldCodeSchema, '_a')).toEqual([
      'Start with a letter, then letters, digits and underscores',
    ]);
    expect(messagesFor(ProductFieldCodesSchema, ['temp', 'temp'], 'cn')).toEqual(['字段编码已存在']);
  });

  it('control name and code', () => {
    expect(isControlName('开关1')).toBe(true);
    expect(isControlName('1_switch')).toBe(true);
    expect(isControlName('_switch')).toBe(false);
    expect(isControlName('sw-1')).toBe(false);
    expect(isControlCode('sw_1')).toBe(true);
    expect(isControlCode('开关')).toBe(false);
    expect(messagesFor(ControlNameSchema, '_x')).toHaveLength(1);
    expect(messagesFor(ControlCodeSchema, 'a b')).toEqual(['Use letters, digits and underscores only']);
  });

  it('report names are unique: "The Report already exists"', () => {
    expect(checkReportNameUnique('Daily', ['Weekly'])).toBeNull();
    const failure = checkReportNameUnique('daily ', ['Daily']);
    expect(failure && ruleText(failure, 'en')).toBe('The Report already exists');
    expect(failure && ruleText(failure, 'cn')).toBe('该报表已存在');
  });

  it('one location method per product', () => {
    expect(checkOneLocationMethod(['gps'])).toBeNull();
    expect(checkOneLocationMethod(['gps', 'cell'])).toBe('oneLocationMethod');
  });
});

describe('endpoints', () => {
  it('ID: at least 4 letters or digits', () => {
    expect(isEndpointId('ab12')).toBe(true);
    expect(isEndpointId('ab1')).toBe(false);
    expect(isEndpointId('ab-12')).toBe(false);
    expect(messagesFor(EndpointIdSchema, 'ab1')).toEqual([
      'The endpoint ID must be at least 4 letters or digits',
    ]);
    expect(messagesFor(EndpointIdSchema, 'ab1', 'cn')).toEqual(['终端ID须为至少4位字母或数字']);
  });

  it('name at most 100, description at most 200', () => {
    expect(messagesFor(EndpointNameSchema, 'n'.repeat(100))).toEqual([]);
    expect(messagesFor(EndpointNameSchema, 'n'.repeat(101))).toEqual(['Max. 100 characters']);
    expect(messagesFor(EndpointDescriptionSchema, 'd'.repeat(200))).toEqual([]);
    expect(messagesFor(EndpointDescriptionSchema, 'd'.repeat(201))).toEqual(['Max. 200 characters']);
  });
});
