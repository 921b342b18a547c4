import { ErrorCode, interpolate } from '@fleetport/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import { languageOf } from './calls.ts';
import { errorEnvelope } from './envelope.ts';
import { BODY_TEXT, HTTP_TEXT } from './http.text.ts';

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
      const text = (BODY_TEXT[error.code] ?? HTTP_TEXT.malformed)[lang];
      return reply.status(status).send(errorEnvelope(ErrorCode.PARAMETER_ERROR, lang, null, text));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorEnvelope(ErrorCode.INTERNAL_ERROR, lang));
  });

  app.setNotFoundHandler((request, reply) => {
    const lang = languageOf(request);
    const text = interpolate(HTTP_TEXT.noSuchCall[lang], { method: request.method, url: request.url });
    if (request.url.startsWith(prefix))
      return reply.status(404).send(errorEnvelope(ErrorCode.REQUEST_ERROR, lang, null, text));
    return reply.status(404).type('text/plain').send(text);
  });
}
