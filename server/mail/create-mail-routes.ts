import { Hono } from 'hono';
import type { Context } from 'hono';
import { z } from 'zod';
import type { MailAddress, Mailbox, StoredMail } from './create-mailbox';

export interface MailRoutesOptions {
  /** Where the routes are mounted, for the links on the HTML pages. */
  readonly basePath?: string;
}

const deleteBodySchema = z.object({ IDs: z.array(z.string()).optional() });
const mailpitAddressSchema = z.object({ Email: z.email(), Name: z.string().default('') });
// The sender may be a local name (noreply@localhost, as the auth e-mails here), which z.email() refuses.
const mailpitSenderSchema = z.object({ Email: z.string().regex(/^[^@\s]+@[^@\s]+$/), Name: z.string().default('') });
/** Mailpit's send API body (`POST /api/v1/send`), the fields the functions' mailer sends. */
const sendBodySchema = z.object({
  From: mailpitSenderSchema,
  To: z.array(mailpitAddressSchema).min(1),
  Subject: z.string(),
  Text: z.string().default(''),
  HTML: z.string().default(''),
});
const pagingSchema = z.object({
  start: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
});

/**
 * The local mailbox over HTTP: pages for people (`/`, `/messages/:id`) and the subset of Mailpit's
 * JSON API that tests use (`/api/v1/messages`, `/api/v1/message/:id` with `latest`, `/api/v1/search`
 * with `to:` terms, `POST /api/v1/send` and `DELETE /api/v1/messages`), in Mailpit's field names so a Mailpit client works.
 */
export function createMailRoutes(mailbox: Mailbox, options: MailRoutesOptions = {}): Hono {
  const base = (options.basePath ?? '/_dev/mail').replace(/\/$/, '');
  const app = new Hono();

  app.get('/api/v1/messages', async (c) => {
    const paging = pagingSchema.safeParse(c.req.query());
    if (!paging.success) return c.text('invalid start or limit', 400);
    const { total, messages } = await mailbox.list(paging.data);
    return c.json(messagesResponse(total, messages, paging.data.start));
  });

  app.get('/api/v1/search', async (c) => {
    const paging = pagingSchema.safeParse(c.req.query());
    if (!paging.success) return c.text('invalid start or limit', 400);
    const query = parseSearch(c.req.query('query') ?? '');
    // Mailpit's search language is large; `to:` narrows in SQL, other words match subject or text here.
    const { messages } = await mailbox.list({ to: query.to, limit: 1000 });
    const matching = messages.filter((mail) => query.words.every((word) => searchableText(mail).includes(word)));
    const page = matching.slice(paging.data.start, paging.data.start + paging.data.limit);
    return c.json(messagesResponse(matching.length, page, paging.data.start));
  });

  // Mailpit's send API: the functions' customer e-mails (supabase/functions/_shared/customer-mail.ts) land here.
  app.post('/api/v1/send', async (c) => {
    const parsed = sendBodySchema.safeParse(parseJson(await c.req.text()));
    if (!parsed.success) return c.text('invalid send request', 400);
    const { From, To, Subject, Text, HTML } = parsed.data;
    const stored = await mailbox.send({
      from: { name: From.Name, address: From.Email },
      to: To.map((to) => ({ name: to.Name, address: to.Email })),
      subject: Subject,
      text: Text,
      html: HTML,
    });
    return c.json({ ID: stored.id });
  });

  app.delete('/api/v1/messages', async (c) => {
    const raw = await c.req.text();
    if (raw.trim() === '') {
      await mailbox.delete();
      return c.text('ok');
    }
    const body = parseJson(raw);
    const parsed = deleteBodySchema.safeParse(body);
    if (!parsed.success) return c.text('invalid JSON body', 400);
    await mailbox.delete(parsed.data.IDs);
    return c.text('ok');
  });

  app.get('/api/v1/message/:id', async (c) => {
    const mail = await findMail(mailbox, c.req.param('id'));
    if (mail === undefined) return c.text('message not found', 404);
    await mailbox.markRead(mail.id);
    return c.json(messageResponse(mail));
  });

  app.get('/', async (c) => {
    const { total, messages } = await mailbox.list({ limit: 200 });
    return htmlPage(c, 'Local mailbox', listPage(base, total, messages));
  });

  app.get('/messages/:id', async (c) => {
    const mail = await mailbox.get(c.req.param('id'));
    if (mail === undefined) return htmlPage(c, 'Message not found', notFoundPage(base), 404);
    await mailbox.markRead(mail.id);
    return htmlPage(c, mail.subject, messagePage(base, mail));
  });

  // The e-mail's own HTML, served alone and sandboxed so its markup cannot script this origin.
  app.get('/messages/:id/html', async (c) => {
    const mail = await mailbox.get(c.req.param('id'));
    if (mail === undefined) return c.text('message not found', 404);
    c.header(
      'Content-Security-Policy',
      "sandbox allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation; default-src 'none'; img-src data:; style-src 'unsafe-inline'",
    );
    return c.html(mail.html);
  });

  return app;
}

async function findMail(mailbox: Mailbox, id: string): Promise<StoredMail | undefined> {
  if (id !== 'latest') return mailbox.get(id);
  const { messages } = await mailbox.list({ limit: 1 });
  return messages[0];
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function parseSearch(query: string): { to: string | undefined; words: string[] } {
  let to: string | undefined;
  const words: string[] = [];
  for (const term of query.trim().split(/\s+/).filter((t) => t !== '')) {
    const unquoted = term.replace(/^"(.*)"$/, '$1');
    if (unquoted.toLowerCase().startsWith('to:')) to = unquoted.slice(3).replace(/^"(.*)"$/, '$1');
    else words.push(unquoted.toLowerCase());
  }
  return { to, words };
}

function searchableText(mail: StoredMail): string {
  return `${mail.subject}\n${mail.text}`.toLowerCase();
}

function mailpitAddress(address: MailAddress): { Name: string; Address: string } {
  return { Name: address.name, Address: address.address };
}

function snippet(mail: StoredMail): string {
  const text = mail.text.replace(/\s+/g, ' ').trim();
  return text.length > 250 ? `${text.slice(0, 250)}...` : text;
}

function size(mail: StoredMail): number {
  return Buffer.byteLength(mail.text) + Buffer.byteLength(mail.html);
}

function messagesResponse(total: number, messages: readonly StoredMail[], start: number) {
  const unread = messages.filter((mail) => !mail.read).length;
  return {
    total,
    unread,
    count: messages.length,
    messages_count: total,
    messages_unread: unread,
    start,
    tags: [],
    messages: messages.map((mail) => ({
      ID: mail.id,
      MessageID: mail.messageId,
      Read: mail.read,
      From: mailpitAddress(mail.from),
      To: mail.to.map(mailpitAddress),
      Cc: [],
      Bcc: [],
      ReplyTo: [],
      Subject: mail.subject,
      Created: mail.createdAt.toISOString(),
      Username: '',
      Tags: [],
      Size: size(mail),
      Attachments: 0,
      Snippet: snippet(mail),
    })),
  };
}

function messageResponse(mail: StoredMail) {
  return {
    ID: mail.id,
    MessageID: mail.messageId,
    From: mailpitAddress(mail.from),
    To: mail.to.map(mailpitAddress),
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    ReturnPath: mail.from.address,
    Subject: mail.subject,
    Date: mail.createdAt.toISOString(),
    Tags: [],
    Username: '',
    Text: mail.text,
    HTML: mail.html,
    Size: size(mail),
    Inline: [],
    Attachments: [],
  };
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Plain text with its http(s) URLs turned into links, everything else escaped. */
function linkify(text: string): string {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return parts
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}

function formatAddresses(addresses: readonly MailAddress[]): string {
  return addresses.map((a) => (a.name === '' ? a.address : `${a.name} <${a.address}>`)).join(', ');
}

function htmlPage(c: Context, title: string, body: string, status: 200 | 404 = 200): Response {
  return c.html(
    `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body>
${body}
</body>
</html>`,
    status,
  );
}

function listPage(base: string, total: number, messages: readonly StoredMail[]): string {
  const rows = messages
    .map(
      (mail) => `<tr>
  <td>${mail.read ? '' : '<strong>new</strong>'}</td>
  <td><a href="${escapeHtml(`${base}/messages/${encodeURIComponent(mail.id)}`)}">${escapeHtml(mail.subject)}</a></td>
  <td>${escapeHtml(formatAddresses(mail.to))}</td>
  <td><time datetime="${mail.createdAt.toISOString()}">${escapeHtml(mail.createdAt.toISOString())}</time></td>
</tr>`,
    )
    .join('\n');
  const table =
    messages.length === 0
      ? '<p>No messages yet. E-mails sent by the local auth service (password recovery, confirmation) appear here.</p>'
      : `<table>
<caption>${total} message${total === 1 ? '' : 's'}, newest first</caption>
<thead><tr><th scope="col">Status</th><th scope="col">Subject</th><th scope="col">To</th><th scope="col">Received</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
  return `<main>
<h1>Local mailbox</h1>
<p>Development only: what the local stack would have e-mailed. JSON API: <a href="${escapeHtml(`${base}/api/v1/messages`)}">${escapeHtml(`${base}/api/v1/messages`)}</a>.</p>
${table}
</main>`;
}

function messagePage(base: string, mail: StoredMail): string {
  return `<main>
<p><a href="${escapeHtml(base)}">Back to the mailbox</a></p>
<h1>${escapeHtml(mail.subject)}</h1>
<dl>
  <dt>From</dt><dd>${escapeHtml(formatAddresses([mail.from]))}</dd>
  <dt>To</dt><dd>${escapeHtml(formatAddresses(mail.to))}</dd>
  <dt>Received</dt><dd><time datetime="${mail.createdAt.toISOString()}">${escapeHtml(mail.createdAt.toISOString())}</time></dd>
</dl>
<h2>Text</h2>
<pre>${linkify(mail.text)}</pre>
<p><a href="${escapeHtml(`${base}/messages/${encodeURIComponent(mail.id)}/html`)}">Open the HTML version</a></p>
</main>`;
}

function notFoundPage(base: string): string {
  return `<main><h1>Message not found</h1><p><a href="${escapeHtml(base)}">Back to the mailbox</a></p></main>`;
}
