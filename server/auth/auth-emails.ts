import type { OutgoingMail } from '../mail/create-mailbox';

export type EmailLinkType = 'recovery' | 'signup' | 'email_change';

/**
 * The link an auth e-mail carries: GoTrue's `{{ .ConfirmationURL }}`, pointing at this stack's
 * /auth/v1/verify with the token, its type and where to land afterwards.
 */
export function verifyLink(siteUrl: string, token: string, type: EmailLinkType, redirectTo: string): string {
  const query = new URLSearchParams({ token, type, redirect_to: redirectTo });
  return `${siteUrl}/auth/v1/verify?${query.toString()}`;
}

const templates: Record<EmailLinkType, { subject: string; heading: string; intro: (to: string, newEmail: string) => string; action: string }> = {
  recovery: {
    subject: 'Reset Your Password',
    heading: 'Reset Password',
    intro: () => 'Follow this link to reset the password for your user:',
    action: 'Reset Password',
  },
  signup: {
    subject: 'Confirm Your Email',
    heading: 'Confirm your email',
    intro: () => 'Follow this link to confirm your email:',
    action: 'Confirm your email address',
  },
  email_change: {
    subject: 'Confirm Email Change',
    heading: 'Confirm email address change',
    intro: (to, newEmail) => `Follow this link to confirm the update of your email address from ${to} to ${newEmail}:`,
    action: 'Change email address',
  },
};

/** One auth e-mail in GoTrue's default wording, as HTML and as plain text with the bare link. */
export function authEmail(
  type: EmailLinkType,
  recipient: string,
  link: string,
  details: { currentEmail?: string } = {},
): OutgoingMail {
  const template = templates[type];
  const intro = template.intro(details.currentEmail ?? recipient, recipient);
  return {
    to: [{ name: '', address: recipient }],
    subject: template.subject,
    text: `${template.heading}\n\n${intro}\n${link}\n`,
    html: `<h2>${escapeHtml(template.heading)}</h2>\n<p>${escapeHtml(intro)}</p>\n<p><a href="${escapeHtml(link)}">${escapeHtml(template.action)}</a></p>\n`,
  };
}

function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}
