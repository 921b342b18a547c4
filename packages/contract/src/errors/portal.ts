import { entry } from './define.ts';

/** Captive portal templates and clients: 900101-900110 (features §4, §5, §8). */
export const PORTAL_ERRORS = [
  entry(900101, 'You can create at most {num} portal templates', '最多可创建{num}个门户模板'),
  entry(900102, 'The portal template name already exists', '门户模板名称已存在'),
  // Silent: the remove dialog lists the devices to remove first.
  entry(900103, 'The portal template still has devices, remove them first', '门户模板仍有设备，请先移除设备'),
  entry(900104, 'The portal template does not exist', '门户模板不存在'),
  entry(900105, 'The redirection URL is invalid', '重定向URL无效'),
  entry(900106, 'The template configuration is empty', '模板配置为空'),
  entry(900107, 'A portal can have at most 10 languages', '门户最多支持10种语言'),
  entry(900108, 'The language name already exists', '语言名称已存在'),
  entry(900109, 'This client MAC address is already blocked', '该客户端MAC地址已被阻止'),
  entry(900110, 'Both the PC and the mobile background images are required', 'PC和移动端背景图片均为必填项'),
];
