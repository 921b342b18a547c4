import { entry } from './define.ts';

/** The open API (issue 18): 610001-610020. Names in area-codes.ts (`OPEN_API_ERROR_CODES`). */
export const OPEN_API_ERRORS = [
  entry(
    610001,
    'Invalid client: unknown client ID, wrong secret or a disabled client',
    '客户端无效：客户端ID不存在、密钥错误或客户端已停用',
  ),
  entry(610002, 'The access token is missing or not valid', '访问令牌缺失或无效'),
  entry(610003, 'The access token has expired: ask for a new one', '访问令牌已过期，请重新获取'),
  entry(610004, 'The access token lacks the scope {scope}', '访问令牌缺少权限范围{scope}'),
  entry(610005, 'This client is not authorised to call {interfaceId}', '该客户端未被授权调用{interfaceId}'),
  entry(
    610006,
    'Over the limit of {limit} calls a second: retry in {retryAfter} s',
    '超过每秒{limit}次调用的限制，请{retryAfter}秒后重试',
  ),
  entry(
    610007,
    'This Idempotency-Key was already used with another request',
    '该Idempotency-Key已用于另一个请求',
  ),
  entry(
    610008,
    'A change needs an Idempotency-Key header (at most 128 characters)',
    '修改类接口需要Idempotency-Key请求头（最多128个字符）',
  ),
  entry(
    610009,
    'The first request with this Idempotency-Key has not finished yet',
    '使用该Idempotency-Key的首个请求尚未完成',
  ),
  entry(610010, 'A client with this name already exists', '该客户端名称已存在'),
  entry(610011, 'The client does not exist', '客户端不存在'),
  entry(610012, 'Not found', '未找到'),
  entry(610013, 'Only an administrator client may call this interface', '只有管理员客户端可以调用此接口'),
  entry(610014, 'Unknown interface: {interfaceId}', '未知接口：{interfaceId}'),
  entry(610015, 'The client does not hold the scope {scope}', '客户端不具备权限范围{scope}'),
];
