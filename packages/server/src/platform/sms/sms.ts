import type { FastifyBaseLogger } from 'fastify';

/** Sends text messages. A real provider (Aliyun, Twilio ...) implements this; the default logs. */
export interface SmsProvider {
  send(phone: string, text: string): Promise<void>;
}

export function logSmsProvider(log: () => FastifyBaseLogger): SmsProvider {
  return {
    async send(phone, text) {
      log().info({ phone }, `SMS (no provider configured): ${text}`);
    },
  };
}
