import { z } from 'zod';

const listSchema = z.object({ messages: z.array(z.object({ ID: z.string(), Subject: z.string() })) });
const messageSchema = z.object({ Subject: z.string(), Text: z.string(), HTML: z.string() });

/** A customer e-mail as the local mailbox holds it. */
export interface CustomerMailSeen {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** Every e-mail the local mailbox holds for an address (its Mailpit API), newest first. */
export async function mailsTo(serverUrl: string, address: string): Promise<CustomerMailSeen[]> {
  const list = listSchema.parse(await (await fetch(`${serverUrl}/_dev/mail/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`)).json());
  return Promise.all(
    list.messages.map(async ({ ID }) => {
      const message = messageSchema.parse(await (await fetch(`${serverUrl}/_dev/mail/api/v1/message/${ID}`)).json());
      return { subject: message.Subject, text: message.Text, html: message.HTML };
    }),
  );
}
