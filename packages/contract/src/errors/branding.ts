import { entry } from './define.ts';

/** A partner's logo and app name shown to its customers (features §6); codes 15040-15049 with rebates. */
export const BRANDING_ERRORS = [
  entry(
    15041,
    "Only distributors and re-sellers set the logo and app name of their customers' console",
    '只有分销商和经销商可以设置其客户控制台的标志和应用名称',
  ),
  entry(
    15042,
    'The logo must be a PNG or JPEG image uploaded as an OEM logo (135x35, under 1024 KB)',
    '标志必须是以OEM标志上传的PNG或JPEG图片（135x35，小于1024 KB）',
  ),
  entry(
    15043,
    'The e-mail banner must be a PNG or JPEG image uploaded as an e-mail banner (600x235, under 2 MB)',
    '邮件横幅必须是以邮件横幅上传的PNG或JPEG图片（600x235，小于2 MB）',
  ),
];
