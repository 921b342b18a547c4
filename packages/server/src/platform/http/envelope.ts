import { type Envelope, errorMessage, type Lang, type Page } from '@fleetport/contract';

export function okEnvelope<T>(data: T, lang: Lang): Envelope<T> {
  return { code: 0, data, msg: errorMessage(0, lang) };
}

export function pageEnvelope<T>(
  page: Page<T>,
  pageNum: number,
  pageSize: number,
  lang: Lang,
): Envelope<Page<T>> {
  return { code: 0, data: page, msg: errorMessage(0, lang), pageNum, pageSize, total: page.total };
}

export function errorEnvelope(code: number, lang: Lang, data: unknown = null, detail?: string): Envelope {
  return { code, data: data ?? null, msg: detail ?? errorMessage(code, lang, data) };
}
