import { entry } from './define.ts';

/** Cloud IoT connectors: 600001-600009 (core §8; features §8, §9). */
export const IOT_CONNECTOR_ERRORS = [
  entry(600001, 'The IoT connector name already exists', 'IoT连接器名称已存在'),
  entry(600002, 'The IoT connector does not exist', 'IoT连接器不存在'),
  entry(600003, 'Failed to create the IoT connector', '创建IoT连接器失败'),
  entry(600004, 'Failed to update the IoT connector', '更新IoT连接器失败'),
  entry(600005, 'Failed to remove the IoT connector', '删除IoT连接器失败'),
  entry(600006, 'The application URL is invalid', '应用URL无效'),
  entry(600007, 'The ID scope or API token is invalid', 'ID范围或API令牌无效'),
  entry(600008, 'The device is already bound to another IoT connector', '该设备已绑定到其他IoT连接器'),
  entry(600009, 'An IoT connector can have at most 30 devices', '每个IoT连接器最多30台设备'),
];
