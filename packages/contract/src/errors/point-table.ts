import { entry } from './define.ts';

/** Point tables: 900001-900003 (core §8; features §8). */
export const POINT_TABLE_ERRORS = [
  entry(900001, 'The point table name already exists', '点表名称已存在'),
  entry(900002, 'The point table does not exist', '点表不存在'),
  entry(900003, 'The point table is used by a product and cannot be deleted', '点表已被产品使用，不能删除'),
];
