import { expect, type APIRequestContext } from '@playwright/test';

interface MailSummary {
  readonly ID: string;
  readonly To: readonly { readonly Address: string }[];
  readonly Subject: string;
}

/** The subjects of the e-mails the local mailbox holds for an address (its Mailpit-compatible API). */
export async function mailSubjectsTo(request: APIRequestContext, address: string): Promise<string[]> {
  return (await summariesTo(request, address)).map((mail) => mail.Subject);
}

async function summariesTo(request: APIRequestContext, address: string): Promise<MailSummary[]> {
  const list: { messages: MailSummary[] } = await (await request.get('/_dev/mail/api/v1/messages')).json();
  return list.messages.filter((message) => message.To.some((to) => to.Address.toLowerCase() === address.toLowerCase()));
}

/** The text of the e-mail to `address` with this subject, once it has arrived. */
export async function mailText(request: APIRequestContext, address: string, subject: string): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(async () => {
      id = (await summariesTo(request, address)).find((message) => message.Subject === subject)?.ID;
      return id !== undefined;
    })
    .toBe(true);
  const message: { Text: string } = await (await request.get(`/_dev/mail/api/v1/message/${id ?? ''}`)).json();
  return message.Text;
}
