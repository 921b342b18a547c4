import { entry } from './define.ts';

/** Firmware and apps (1901xx) and zero-touch templates (190604-190611) (core §3, §5, §8). */
export const TEMPLATE_ERRORS = [
  // Silent: the app centre keeps the delete button disabled and explains it in place.
  entry(190108, 'A saved firmware or app cannot be deleted', '已保存的固件或应用不能删除'),
  entry(190118, 'This version already exists', '该版本已存在'),
  entry(190604, 'The template is being applied, please try again later', '模板正在应用中，请稍后再试'),
  entry(190605, 'The template does not exist', '模板不存在'),
  entry(190606, 'A template must contain firmware, apps or a configuration', '模板必须包含固件、应用或配置'),
  entry(190607, 'The template name already exists', '模板名称已存在'),
  entry(
    190608,
    'The configuration must be an XML file of at most 1024 KB',
    '配置必须为不超过1024KB的XML文件',
  ),
  entry(190609, 'The template is disabled', '模板已禁用'),
  entry(190610, 'The template name can be at most 50 characters', '模板名称最多50个字符'),
  entry(190611, 'The device is updating, please try again later', '设备正在更新，请稍后再试'),
];
