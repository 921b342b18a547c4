import { entry } from './define.ts';

/** Reports and custom reports (issue 16): 800060-800079. */
export const REPORT_ERRORS = [
  entry(800060, 'The report does not exist', '报表不存在'),
  entry(800061, 'The custom report does not exist or is of another type', '自定义报表不存在或类型不同'),
  entry(800062, 'A report can cover at most {num} devices', '一个报表最多包含{num}台设备'),
  entry(800063, 'A single report can span at most {num} days', '单次报表的时间范围最多{num}天'),
  entry(800064, 'The custom report is used by a report', '自定义报表正被报表使用'),
  entry(800065, 'The report run does not exist', '报表记录不存在'),
  entry(800066, 'A company can have at most {num} reports', '每个公司最多{num}个报表'),
  entry(
    800067,
    'The report file could not be stored; generate the report again later',
    '报表文件无法保存，请稍后重新生成报表',
  ),
];
