import { z } from 'zod';
import { limitedRangeSchema } from './company.ts';
import { registerRuleMessages } from './messages.ts';
import { refineWith, requiredText } from './rule.ts';

/** Dashboard chart rules and the SOW text rules of features §5. */
registerRuleMessages({
  chartsMax: { en: 'At most {num} charts', cn: '最多添加{num}个图表' },
  chartParametersSameGroup: {
    en: 'The parameters of one chart must come from the same parameter group',
    cn: '同一图表的参数须来自同一参数组',
  },
  chartOneParameter: { en: 'This chart shows only one parameter', cn: '该图表只能选择一个参数' },
  asciiOnly: { en: '{name} can not contain non-ASCII characters', cn: '{name}不能包含非ASCII字符' },
});

/** A dashboard queries at most one month of data (limits' DASHBOARD_DATA_MONTHS). */
export const DashboardRangeSchema = limitedRangeSchema('oneMonth');

/** Room for one more chart on a dashboard capped at `max` charts. */
export function checkChartCount(current: number, max: number) {
  return current < max ? null : { key: 'chartsMax', params: { num: max } };
}

export interface ChartParameter {
  id: string;
  groupId: string;
}

/** One chart draws from one parameter group; some charts and cards take a single parameter. */
export function checkChartParameters(
  parameters: readonly ChartParameter[],
  options: { single?: boolean } = {},
) {
  if (parameters.length === 0) return 'required';
  if (options.single && parameters.length > 1) return 'chartOneParameter';
  const group = parameters[0]!.groupId;
  return parameters.every((p) => p.groupId === group) ? null : 'chartParametersSameGroup';
}

export const ChartParametersSchema = z
  .array(z.strictObject({ id: z.string().min(1), groupId: z.string().min(1) }))
  .superRefine(refineWith((parameters: ChartParameter[]) => checkChartParameters(parameters)));

/** SOW fields that a downstream system stores as ASCII (features §5: "UTF-8 disallowed in some fields"). */
export function isAsciiText(value: string): boolean {
  return /^[\x20-\x7E]*$/.test(value);
}
export const AsciiTextSchema = requiredText().refine(isAsciiText, { error: 'asciiOnly' });
