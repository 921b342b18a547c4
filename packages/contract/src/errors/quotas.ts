import { entry } from './define.ts';

/**
 * Delegated quotas and provisioners (issue 13): 15050-15059. Each refusal names the limit it met, so the
 * person who asked knows which number to raise and whom to ask (docs/decisions.md "Delegated quotas").
 */

export const QUOTA_ERRORS = [
  entry(
    15050,
    'Device limit reached: {company} may hold at most {limit} devices ({held} held, {adding} more asked)',
    '已达设备上限：{company}最多可持有{limit}台设备（已有{held}台，本次新增{adding}台）',
  ),
  entry(
    15051,
    'Licence limit reached: {company} may draw at most {limit} {product} licences in total ({drawn} drawn, {asked} asked)',
    '已达许可证上限：{company}累计最多可获取{limit}个{product}许可证（已获取{drawn}个，本次{asked}个）',
  ),
  entry(
    15052,
    'Licence limit reached: {company} may draw at most {limit} {product} licences a month ({drawn} drawn this month, {asked} asked)',
    '已达许可证上限：{company}每月最多可获取{limit}个{product}许可证（本月已获取{drawn}个，本次{asked}个）',
  ),
  entry(
    15053,
    'Licence limit reached: {company} may draw at most {limit} {product} licences a year ({drawn} drawn this year, {asked} asked)',
    '已达许可证上限：{company}每年最多可获取{limit}个{product}许可证（今年已获取{drawn}个，本次{asked}个）',
  ),
  entry(
    15054,
    "A customer's limit cannot exceed your own: {field} at most {limit}, counted over the same period or a longer one",
    '客户的限额不能超过您自己的限额：{field}最多为{limit}，且统计周期不能短于您的周期',
  ),
  entry(
    15055,
    'A provisioner must be a user of one of your partners (your distributor or re-seller)',
    '配置员必须是您的合作伙伴（分销商或经销商）的用户',
  ),
];
