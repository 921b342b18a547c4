// The e2e run's test SMTP server: the real server sends its mail here over SMTP_URL, and every message
// lands as a JSON file {to, subject, text, html, receivedAt} in e2e/.artifacts/mailbox/, which the
// journeys read through waitForMail (e2e/harness.ts). No mailparser is installed, so the message is
// decoded here, covering what nodemailer writes: folded headers, encoded-word subjects, multipart
// bodies, and quoted-printable or base64 parts.
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

function decodeQuotedPrintable(text) {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

// Encoded words (=?UTF-8?B?...?= or Q), adjacent ones joined without the space between them.
function decodeHeaderValue(value) {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([bq])\?([^?]*)\?=/gi, (_m, kind, text) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function splitEntity(raw) {
  const at = raw.search(/\r?\n\r?\n/);
  const headText = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map();
  for (const line of headText.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** Collects the text/plain and text/html leaves of a (possibly nested multipart) entity. */
function collectParts(raw, found) {
  const { headers, body } = splitEntity(raw);
  const type = (headers.get('content-type') ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
    if (!boundary) return;
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collectParts(section.replace(/^\r?\n/, ''), found);
    }
    return;
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  let content = body.replace(/\r?\n$/, '');
  if (encoding === 'base64') content = Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') content = decodeQuotedPrintable(content);
  content = content.replace(/\r\n/g, '\n');
  if (type.startsWith('text/html')) found.html ??= content;
  else if (type.startsWith('text/plain')) found.text ??= content;
}

export function parseMail(raw) {
  const { headers } = splitEntity(raw);
  const found = { text: undefined, html: undefined };
  collectParts(raw, found);
  return {
    subject: decodeHeaderValue(headers.get('subject') ?? ''),
    text: found.text ?? '',
    html: found.html ?? null,
  };
}

/**
 * Starts the SMTP server on a free loopback port and empties `dir`. STARTTLS and AUTH are switched
 * off, so nodemailer talks plain SMTP to it with a bare smtp://127.0.0.1:PORT URL.
 */
export async function startMailbox(dir) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        try {
          const receivedAt = new Date();
          const mail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(', '),
            ...parseMail(Buffer.concat(chunks).toString('utf8')),
            receivedAt: receivedAt.toISOString(),
          };
          count += 1;
          const name = `${receivedAt.getTime()}-${String(count).padStart(4, '0')}.json`;
          // Written under a temporary name and renamed, so a journey never reads half a file.
          const file = path.join(dir, name);
          fs.writeFileSync(`${file}.tmp`, JSON.stringify(mail, null, 2));
          fs.renameSync(`${file}.tmp`, file);
          callback();
        } catch (error) {
          callback(error);
        }
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
