import { entry } from './define.ts';

export const APP_CENTRE_ERRORS = [
  entry(160030, 'The firmware or app does not exist', '固件或应用不存在'),
  entry(160031, 'This version of the package already exists', '该软件包的此版本已存在'),
  entry(
    160032,
    'A published version cannot be deleted; unpublish it first',
    '已发布的版本不能删除，请先取消发布',
  ),
  entry(
    160033,
    'The version is used by a device update, rollout or template and cannot be deleted',
    '该版本已被设备更新、批量升级或模板使用，不能删除',
  ),
  entry(
    160034,
    'The package file must be your own .ruf, .bin or .deb upload',
    '软件包文件须为您上传的.ruf、.bin或.deb文件',
  ),
  entry(160035, 'The logo must be your own 260x105 logo upload', '标志须为您上传的260x105标志图片'),
  entry(160036, 'Documentation must be your own uploads, at most 2', '文档须为您上传的文件，最多2个'),
  entry(
    160037,
    'Choose all, distributors only or existing companies as target customers',
    '请选择全部、仅分销商或已有公司作为目标客户',
  ),
  entry(
    160038,
    'A company uploads its own apps only; firmware comes from the platform',
    '公司只能上传自有应用，固件由平台提供',
  ),
  entry(160039, 'The model {model} is not of the chosen series', '型号{model}不属于所选系列'),
  entry(
    160040,
    "This firmware or app is not for the device's series or model",
    '该固件或应用不适用于此设备的系列或型号',
  ),
];
