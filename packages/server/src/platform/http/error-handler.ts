import { ErrorCode, type Lang, MAX_JSON_DEPTH } from '@fleetport/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import { languageOf } from './calls.ts';
import { errorEnvelope } from './envelope.ts';

const BODY_MESSAGES: Record<string, Record<Lang, string>> = {
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
};
const MALFORMED = { en: 'body: the request body is not valid JSON', cn: 'body：请求体不是有效的 JSON' };

/**
 * The one place errors become envelopes. Business errors keep their code; malformed requests are
 * code 1 naming what is wrong; anything unexpected is logged with the request id and masked as 500.
 */
export function installErrorHandler(app: FastifyInstance, prefix: string) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const lang = languageOf(request);
    if (error instanceof AppError) {
      if (error.code === ErrorCode.PARAMETER_ERROR)
        request.log.info({ callId: request.routeOptions.config?.callId, data: error.data }, 'bad input');
      return reply.status(error.httpStatus).send(errorEnvelope(error.code, lang, error.data, error.detail));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const text = BODY_MESSAGES[error.code]?.[lang] ?? MALFORMED[lang];
      return reply.status(status).send(errorEnvelope(ErrorCode.PARAMETER_ERROR, lang, null, text));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorEnvelope(ErrorCode.INTERNAL_ERROR, lang));
  });

  app.setNotFoundHandler((request, reply) => {
    const lang = languageOf(request);
    const text =
      lang === 'cn'
        ? `没有这个接口：${request.method} ${request.url}`
        : `No such call: ${request.method} ${request.url}`;
    if (request.url.startsWith(prefix))
      return reply.status(404).send(errorEnvelope(ErrorCode.REQUEST_ERROR, lang, null, text));
    return reply.status(404).type('text/plain').send(text);
  });
}
