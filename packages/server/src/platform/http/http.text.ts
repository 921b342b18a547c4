import { type Localized, MAX_JSON_DEPTH } from '@fleetport/contract';

/**
 * The HTTP layer's own words: bodies that could not be read, calls that do not exist, files not
 * found. Business messages are the contract's error catalogue; these answer what never reached a call.
 */
export const BODY_TEXT = {
  FST_ERR_CTP_BODY_TOO_LARGE: { en: 'body: the request body is too large', cn: 'body：请求体过大' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    en: 'body: unsupported content type, send application/json',
    cn: 'body：不支持的内容类型，请发送 application/json',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { en: 'body: the JSON body is empty', cn: 'body：JSON 请求体为空' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { en: 'body: invalid content length', cn: 'body：内容长度无效' },
  FP_JSON_TOO_DEEP: {
    en: `body: arrays and objects nested more than ${MAX_JSON_DEPTH} deep`,
    cn: `body：数组和对象嵌套超过${MAX_JSON_DEPTH}层`,
  },
} satisfies Record<string, Localized> as Record<string, Localized>;

export const HTTP_TEXT = {
  malformed: { en: 'body: the request body is not valid JSON', cn: 'body：请求体不是有效的 JSON' },
  noSuchCall: { en: 'No such call: {method} {url}', cn: '没有这个接口：{method} {url}' },
  fileNotFound: { en: 'File not found', cn: '文件不存在' },
  notMultipart: {
    en: 'body: send multipart/form-data with the fields first, then the files',
    cn: 'body：请以 multipart/form-data 发送，先字段后文件',
  },
  multipartHere: { en: 'body: this call takes a JSON body', cn: 'body：该接口接收 JSON 请求体' },
  fieldAfterFile: {
    en: 'body: every field must come before the first file',
    cn: 'body：所有字段须在第一个文件之前',
  },
  malformedForm: {
    en: 'body: the multipart form is malformed or cut short',
    cn: 'body：multipart 表单格式错误或不完整',
  },
  tooManyParts: { en: 'body: the form has too many parts', cn: 'body：表单部分过多' },
} satisfies Record<string, Localized>;
