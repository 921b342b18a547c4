import { entry } from './define.ts';

/** Device management, remote actions and tech-support tools: 120xxx (core §7, §8; features §8). */
export const DEVICE_ERRORS = [
  // Silent: the gateway check shows its own "the gateway does not exist" message (core §7).
  entry(120001, 'The gateway does not exist', '网关不存在'),
  entry(120002, 'The device does not exist, please register it first', '设备不存在，请先注册'),
  entry(120003, 'The device SN already exists', '设备SN已存在'),
  entry(120004, 'No permission to operate this device', '无权限操作该设备'),
  entry(120005, 'The device SN is not in the list', '设备SN不在列表中'),
  entry(120006, 'The device name already exists', '设备名称已存在'),
  entry(120007, 'User profile already exists', '用户配置已存在'),
  entry(120008, 'The request is already being processed, do not repeat', '请求正在处理中，请勿重复操作'),
  entry(120023, 'The device is offline', '设备离线'),
  entry(120024, 'The number of imported devices exceeds the limit', '导入设备数量超过限制'),
  // Silent: the import result list marks these rows itself.
  entry(120027, 'The device is registered to another company', '设备已注册到其他公司'),
  entry(120028, 'The device is already registered to this company', '设备已注册到本公司'),
  entry(
    120043,
    'More than 10 records are generating or generated, please delete some first',
    '生成中或已生成的记录超过10条，请先删除部分记录',
  ),
  entry(120052, 'The device is offline, the operation cannot be performed', '设备离线，无法执行该操作'),
  // Silent: the serial-port and device-user screens show their own messages (core §8).
  entry(120069, 'The serial port is busy, please try again later', '串口正被占用，请稍后再试'),
  entry(120070, 'Failed to get the result of the device user change', '获取设备用户修改结果失败'),
  entry(120072, 'Updates must be at least 15 minutes apart', '更新间隔必须至少为15分钟'),
  entry(120074, 'The timer must be at least 15 minutes after now', '定时时间必须至少在当前时间15分钟之后'),
  entry(120080, 'Too many devices for auto-renew in one batch', '单批自动续费的设备数量过多'),
  entry(
    120089,
    'Some devices are offline; the task runs when they come online',
    '部分设备离线，将在其上线后执行任务',
  ),
  entry(120090, 'Some devices do not support this function and were skipped', '部分设备不支持此功能，已跳过'),
  entry(
    120091,
    'Some devices have a licence below Essential and were skipped',
    '部分设备许可证低于Essential，已跳过',
  ),
  entry(
    120095,
    'The Basic licence cannot use this function, please upgrade the licence',
    '基础版许可证无法使用此功能，请升级许可证',
  ),
  entry(120098, 'The time range can be at most three months', '时间范围最多为三个月'),
  entry(120100, 'Please upgrade the firmware to v5.2.2 first', '请先将固件升级到v5.2.2'),
  // Silent: one missing SN gives a message with the sn, several give an alert listing them (core §7).
  entry(120107, 'No SN record {sn}', '没有SN记录{sn}'),
  entry(120108, 'These serial numbers have no record: {sn}', '以下序列号没有记录：{sn}'),
  entry(120110, 'The device is offline, so it cannot be tested', '设备离线，无法测试'),
  entry(120111, 'The device does not support USR LED flashing', '设备不支持USR LED闪烁'),
  entry(120112, 'Ping failed because the device is offline', '设备离线，Ping失败'),
  entry(120113, 'The device needs the minimum firmware and app version', '设备需要满足最低固件和应用版本'),
  entry(
    120114,
    'Basic licence devices cannot use packet capture or wireshark',
    '基础版许可证设备不能使用抓包或wireshark',
  ),
  entry(
    120115,
    'Over-the-air updates need an Essential licence or higher',
    '远程升级需要Essential及以上许可证',
  ),
  entry(120116, 'Export failed: at most 10000 records per export', '导出失败：每次最多导出10000条记录'),
  entry(120117, 'The command timed out, please try again', '命令执行超时，请重试'),
];
