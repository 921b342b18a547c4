import { entry } from './define.ts';

/** The installer console's scope-of-work templates (issue 20): 191001-191019 (docs/api.md). */
export const INSTALLER_ERRORS = [
  entry(191001, 'A SOW template with this name already exists', '同名的SOW模板已存在'),
  entry(191002, 'The SOW template does not exist', 'SOW模板不存在'),
  entry(191003, 'A company can have at most {num} SOW templates', '每个公司最多{num}个SOW模板'),
  entry(
    191004,
    'The file name ({field}) may contain only letters, digits, spaces, dots, hyphens and underscores',
    '文件名（{field}）只能包含字母、数字、空格、点、连字符和下划线',
  ),
  entry(
    191005,
    'The label content ({field}) may contain only ASCII characters',
    '标签内容（{field}）只能包含ASCII字符',
  ),
  entry(
    191006,
    'The router configuration file must be an XML file of at most 1024 KB',
    '路由器配置文件必须是不超过1024 KB的XML文件',
  ),
];
