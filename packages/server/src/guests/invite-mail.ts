import type { MailMessage } from '../mail';

/** The invitation e-mail; the link opens the app's /invite-confirm route (spec 1 §2). */
export function inviteMail(input: {
  to: string;
  from: string;
  homeName: string;
  link: string;
}): MailMessage {
  return {
    to: input.to,
    subject: `${input.from} invites you to the home "${input.homeName}" on Hearth`,
    text:
      `${input.from} invites you to control the heating of "${input.homeName}".\n\n` +
      `Open this link to accept (choose a password if you have no Hearth account yet):\n` +
      `${input.link}\n\nIf you did not expect this, ignore this message.\n`,
  };
}
