import { entry } from './define.ts';

/** Licences, payments, installer console licence: 190301-190335 (core §8, §9; features §8, §9). */
export const LICENCE_ERRORS = [
  // Silent: the checkout page offers "refresh and retry" itself.
  entry(190301, 'The purchase timed out, please refresh and retry', '购买超时，请刷新后重试'),
  entry(190302, 'Not enough licences', '许可证数量不足'),
  entry(190303, 'The licence does not exist', '许可证不存在'),
  entry(190304, 'The licence is already assigned to a device', '许可证已分配给设备'),
  entry(190305, 'The licence level does not match the device', '许可证等级与设备不匹配'),
  entry(190306, 'Licences can be assigned only to downstream companies', '许可证只能分配给下游公司'),
  entry(190307, 'The deduction cannot exceed the current value', '扣减数量不能超过当前值'),
  entry(
    190308,
    'Your licence does not include this function, please upgrade the licence',
    '当前许可证不包含此功能，请升级许可证',
  ),
  entry(
    190309,
    'The auto-renew period must be a positive integer up to 500',
    '自动续费周期必须是不超过500的正整数',
  ),
  entry(190310, 'Auto-renew is already enabled', '自动续费已开启'),
  entry(190311, 'The price must be positive with at most 2 decimals', '价格必须为正数且最多2位小数'),
  entry(190312, 'The minimum purchase is 12', '最低购买数量为12'),
  entry(190313, 'Online purchase is forbidden for this user', '该用户已被禁止在线购买'),
  entry(190314, 'The card number is invalid', '卡号无效'),
  entry(190315, 'The card number is incomplete', '卡号不完整'),
  entry(190316, 'The card expiry date is invalid', '卡的有效期无效'),
  entry(190317, 'The card security code (CVC) is invalid', '卡的安全码（CVC）无效'),
  entry(190318, 'The payment was declined', '支付被拒绝'),
  entry(190319, 'The payment failed, please try again', '支付失败，请重试'),
  entry(190320, 'A single transaction cannot exceed 999,999.99 USD', '单笔交易金额不能超过999,999.99美元'),
  entry(190321, 'The order does not exist', '订单不存在'),
  entry(190322, 'The order has already been paid', '订单已支付'),
  entry(190323, 'The order has expired, please place it again', '订单已过期，请重新下单'),
  entry(190324, 'The data package has expired', '流量包已过期'),
  // 190325-190333 and 190335 are silent: the licence, checkout and installer screens explain them in place.
  entry(
    190325,
    'Online purchase is disabled, please buy through your distributor by purchase order',
    '在线购买已停用，请通过分销商以采购订单购买',
  ),
  entry(190326, 'The installer console is in its free trial', '安装商控制台处于免费试用期'),
  entry(
    190327,
    'The installer console free trial has already been used by this company',
    '本公司已使用过安装商控制台免费试用',
  ),
  entry(
    190328,
    'The installer console licence has expired, the console is frozen until a licence is applied',
    '安装商控制台许可证已过期，应用许可证前控制台将被冻结',
  ),
  entry(
    190329,
    'The installer console licence covers at most 5000 devices',
    '安装商控制台许可证最多支持5000台设备',
  ),
  entry(190330, 'The licence must be valid', '许可证必须有效'),
  entry(190331, 'The licence has expired', '许可证已过期'),
  entry(190332, 'The licence or free trial has expired', '许可证或免费试用已过期'),
  entry(190333, 'Licences are insufficient, devices fall back to Basic', '许可证不足，设备将降级为基础版'),
  entry(190335, 'The payment is being processed, do not repeat', '支付正在处理中，请勿重复操作'),
];
