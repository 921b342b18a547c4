import { entry } from './define.ts';

/** Company types, publishing and the partner hierarchy: 15xxx (core §8, §6 "Company and licence limits"). */
export const COMPANY_ERRORS = [
  entry(15001, 'The company type does not exist', '公司类型不存在'),
  entry(
    15002,
    'The company type cannot be changed while upstream or downstream relations exist',
    '存在上下游关系时不能修改公司类型',
  ),
  entry(15003, 'Only distributors can perform this operation', '只有分销商可以执行此操作'),
  entry(15004, 'It has already been published', '已发布'),
  entry(15005, 'It has not been published yet', '尚未发布'),
  entry(15006, 'The licence value is too low', '许可证数值过低'),
  entry(
    15007,
    'A published item cannot be deleted, unpublish it first',
    '已发布的内容不能删除，请先取消发布',
  ),
  entry(15008, 'Please choose the target customers before publishing', '发布前请选择目标客户'),
  entry(15009, 'The company does not exist', '公司不存在'),
  entry(15010, 'The company name must not consist of special symbols only', '公司名称不能只包含特殊符号'),
  entry(15011, 'A published version cannot be modified', '已发布的版本不能修改'),
  entry(15012, 'The company is already a customer of another partner', '该公司已是其他合作伙伴的客户'),
  entry(
    15013,
    'A company cannot be its own customer or its partner’s partner',
    '公司不能成为自己或其上级的客户',
  ),
  entry(
    15014,
    'A re-seller cannot add distributor or re-seller customers',
    '经销商不能添加分销商或经销商客户',
  ),
  entry(15015, 'The customer already exists under this company', '该客户已存在于本公司下'),
  entry(15016, 'The partner relation does not exist', '合作伙伴关系不存在'),
  entry(
    15017,
    'The customer still has licences or devices from this partner',
    '该客户仍有来自此合作伙伴的许可证或设备',
  ),
  entry(15018, 'End customers cannot have downstream companies', '终端客户不能拥有下游公司'),
  entry(
    15019,
    'A distributor cannot add another distributor as its customer',
    '分销商不能添加分销商作为客户',
  ),
];
