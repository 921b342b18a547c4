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
  // Zero-touch provisioning (issue 14, docs/decisions.md "Zero-touch templates").
  entry(
    190670,
    'The router runs {version}: templates need firmware {minimum} or newer first',
    '设备运行{version}：需先升级到{minimum}或更新的固件才能应用模板',
  ),
  entry(
    190671,
    "A firmware or app of the template is not for the template's series or models",
    '模板中的固件或应用不适用于模板的系列或型号',
  ),
  entry(190672, 'The router already runs {version} or newer', '设备已运行{version}或更新的版本'),
  entry(190673, 'The router already has this configuration', '设备已是此配置'),
  entry(
    190674,
    'The router did not report its configuration, so the template configuration could not be compared',
    '设备未上报其配置，无法比对模板配置',
  ),
  entry(190675, 'The router did not finish the step before its deadline', '设备未在期限内完成此步骤'),
];
