import { interpolate, type Lang, type Localized } from '@fleetport/contract';
import type { MailMessage } from './mailer.ts';

/**
 * A mail in both languages, kept in its area's `<area>.text.ts` beside the area's other server text
 * (docs/adding-an-area.md "Where text lives"), with `{name}` placeholders filled when it is sent.
 */
export interface MailText {
  subject: Localized;
  body: Localized;
}

/** A subject is one line whatever the names put into it hold (a header cannot carry a line break). */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

/**
 * The mail to `to` in `lang`. Plain text only: the values are often people's own text (names) and
 * never go into HTML.
 */
export function renderMail(
  text: MailText,
  lang: Lang,
  to: string,
  vars: Record<string, string | number>,
): MailMessage {
  return {
    to,
    subject: oneLine(interpolate(text.subject[lang], vars)),
    text: interpolate(text.body[lang], vars),
  };
}
