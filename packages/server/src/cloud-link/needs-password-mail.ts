import { LANGUAGES, type Language } from '@hearth/protocol';
import type { MailMessage } from '../mail';

/** What the owner reads when a linked cloud refuses the stored password (once per refusal). */
const TEXTS: Record<Language, { subject: string; intro: string; outro: string }> = {
  en: {
    subject: 'Your linked heating account needs its password again',
    intro:
      'The {cloud} cloud refused the password of {email}. Its heaters cannot be reached from Hearth until you enter the password again:',
    outro: 'If you changed the password on purpose, this is expected.',
  },
  es: {
    subject: 'Tu cuenta de calefacción vinculada necesita de nuevo su contraseña',
    intro:
      'La nube {cloud} rechazó la contraseña de {email}. Sus radiadores no se pueden controlar desde Hearth hasta que vuelvas a introducir la contraseña:',
    outro: 'Si cambiaste la contraseña a propósito, es lo esperado.',
  },
  ca: {
    subject: 'El teu compte de calefacció vinculat torna a necessitar la contrasenya',
    intro:
      'El núvol {cloud} ha rebutjat la contrasenya de {email}. Els seus radiadors no es poden controlar des de Hearth fins que tornis a introduir la contrasenya:',
    outro: 'Si has canviat la contrasenya expressament, és normal.',
  },
  de: {
    subject: 'Ihr verknüpftes Heizungskonto braucht erneut sein Passwort',
    intro:
      'Die Cloud {cloud} hat das Passwort von {email} abgelehnt. Ihre Heizgeräte sind aus Hearth nicht erreichbar, bis Sie das Passwort erneut eingeben:',
    outro: 'Wenn Sie das Passwort absichtlich geändert haben, ist das zu erwarten.',
  },
  ru: {
    subject: 'Для связанной учётной записи отопления снова нужен пароль',
    intro:
      'Облако {cloud} отклонило пароль {email}. Обогреватели недоступны из Hearth, пока вы снова не введёте пароль:',
    outro: 'Если вы сменили пароль намеренно, так и должно быть.',
  },
  fr: {
    subject: 'Votre compte de chauffage lié a de nouveau besoin de son mot de passe',
    intro:
      'Le cloud {cloud} a refusé le mot de passe de {email}. Ses radiateurs ne sont plus joignables depuis Hearth tant que vous n’aurez pas saisi à nouveau le mot de passe :',
    outro: 'Si vous avez changé le mot de passe volontairement, c’est normal.',
  },
  it: {
    subject: 'Il tuo account di riscaldamento collegato richiede di nuovo la password',
    intro:
      'Il cloud {cloud} ha rifiutato la password di {email}. I suoi radiatori non sono raggiungibili da Hearth finché non inserisci di nuovo la password:',
    outro: 'Se hai cambiato la password di proposito, è normale.',
  },
  pt: {
    subject: 'A sua conta de aquecimento ligada precisa novamente da palavra-passe',
    intro:
      'A nuvem {cloud} recusou a palavra-passe de {email}. Os seus aquecedores não podem ser controlados a partir do Hearth até voltar a introduzir a palavra-passe:',
    outro: 'Se alterou a palavra-passe de propósito, é o esperado.',
  },
};

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function needsPasswordMail(input: {
  to: string;
  lang: string;
  cloud: string;
  email: string;
  link: string;
}): MailMessage {
  const language = (LANGUAGES as readonly string[]).includes(input.lang)
    ? (input.lang as Language)
    : 'en';
  const t = TEXTS[language];
  const fill = (s: string, esc: (v: string) => string) =>
    s.replace('{cloud}', esc(input.cloud)).replace('{email}', esc(input.email));
  const same = (v: string) => v;
  const link = escape(input.link);
  return {
    to: input.to,
    subject: t.subject,
    text: `${fill(t.intro, same)}\n\n${input.link}\n\n${t.outro}\n`,
    html: `<p>${fill(escape(t.intro), escape)}</p><p><a href="${link}">${link}</a></p><p>${escape(t.outro)}</p>`,
  };
}
