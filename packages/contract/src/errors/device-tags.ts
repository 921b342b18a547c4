import { entry } from './define.ts';

/** Device transfer and tags: 17000 and 200010-200016 (core §5 "Devices", §8). */
export const DEVICE_TAG_ERRORS = [
  entry(17000, 'At most {num} devices can be transferred at a time', '每次最多转移{num}台设备'),
  entry(200010, 'The tag name cannot be empty', '标签名称不能为空'),
  entry(200011, 'The tag name already exists', '标签名称已存在'),
  entry(200012, 'The tag name can be at most 20 characters', '标签名称最多20个字符'),
  entry(200013, 'A device can have at most 5 tags', '每台设备最多5个标签'),
  entry(200014, 'The tag does not exist', '标签不存在'),
  entry(200015, 'The tag is in use by devices and cannot be deleted', '标签正被设备使用，不能删除'),
  entry(200016, 'Tags can be assigned to at most 100 devices at a time', '每次最多为100台设备分配标签'),
];
