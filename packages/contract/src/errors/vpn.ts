import { entry } from './define.ts';

/** VPN groups, service clients and end devices: 180xxx (core §8, §5 "VPN"). */
export const VPN_ERRORS = [
  entry(180001, 'The VPN group name already exists', 'VPN组名称已存在'),
  entry(180002, 'The VPN group does not exist', 'VPN组不存在'),
  entry(180003, 'The service client name already exists', '服务客户端名称已存在'),
  entry(180004, 'The VPN server is offline', 'VPN服务器离线'),
  entry(180005, 'The service client does not exist', '服务客户端不存在'),
  entry(180006, 'The number of devices exceeds the maximum', '设备数量超过最大值'),
  entry(180007, 'A user-type client can link only one VPN group', '用户类型客户端只能关联一个VPN组'),
  entry(180008, 'Stop the VPN group before changing it', '请先停止VPN组再修改'),
  // Silent: the end-device form marks the IP field itself.
  entry(180015, 'This end device IP address is already in use', '该终端设备IP地址已被使用'),
  entry(180020, 'This function needs an Advanced licence', '此功能需要Advanced许可证'),
  entry(180021, 'The VPN traffic of the group is exhausted', 'VPN组流量已用尽'),
  entry(180022, 'The VPN traffic of the device is exhausted', '设备的VPN流量已用尽'),
  entry(180023, 'The VPN traffic of the data pool is exhausted', '流量池的VPN流量已用尽'),
  entry(180024, 'The virtual network of the group has no free IP address', '该组虚拟网络没有可用的IP地址'),
  entry(180030, 'A device can join only one VPN group', '一台设备只能加入一个VPN组'),
  entry(180032, 'You can create at most {num} VPN groups', '最多可创建{num}个VPN组'),
  entry(180033, 'A service client can join at most 5 VPN groups', '一个服务客户端最多加入5个VPN组'),
  entry(180034, 'The endpoint IP address is already in use in this group', '该终端IP地址在本组中已被使用'),
  entry(180035, 'The virtual network overlaps another VPN group', '虚拟网络与其他VPN组重叠'),
  // 180040-180059: VPN management with real OpenVPN hubs (issue 17).
  entry(
    180040,
    "The platform's VPN address pool has no free virtual network of this size",
    '平台的VPN地址池中没有此大小的可用虚拟网络',
  ),
  entry(180041, 'The device is not in this VPN group', '该设备不在此VPN组中'),
  entry(180042, 'The service client is not linked to this VPN group', '该服务客户端未关联此VPN组'),
  entry(
    180043,
    'No VPN hub runs on this platform: OpenVPN is not installed on the server',
    '此平台上没有运行VPN服务器：服务器上未安装OpenVPN',
  ),
  entry(180044, 'The VPN group is stopped', 'VPN组已停止'),
  entry(
    180045,
    "The LAN subnet overlaps another site's LAN or the VPN address pool",
    'LAN子网与其他站点的LAN或VPN地址池重叠',
  ),
  entry(180046, 'The end device does not exist', '终端设备不存在'),
  entry(
    180047,
    "The end device's IP address is not in its router's LAN subnet",
    '终端设备的IP地址不在其路由器的LAN子网内',
  ),
];
