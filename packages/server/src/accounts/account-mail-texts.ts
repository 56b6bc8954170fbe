import type { Language } from '@hearth/protocol';
import type { AccountMailKind } from './account-mails';

export interface MailText {
  subject: string;
  intro: string;
  outro: string;
}

type Texts = Record<AccountMailKind, MailText>;

/** Account mails in the user's language (spec 1 §1: the app speaks these 8 languages). */
export const ACCOUNT_MAIL_TEXTS: Record<Language, Texts> = {
  en: {
    registration: {
      subject: 'Confirm your Hearth account',
      intro: 'Welcome to Hearth. Open this link to confirm your account:',
      outro: 'If you did not create an account, ignore this message.',
    },
    password_reset: {
      subject: 'Choose a new Hearth password',
      intro:
        'Someone asked to reset the password of this Hearth account. Open this link to choose a new one:',
      outro: 'If you did not ask for this, ignore this message: your password stays as it is.',
    },
    email_change: {
      subject: 'Confirm your new Hearth e-mail address',
      intro: 'Open this link to use this address for your Hearth account:',
      outro: 'If you did not ask for this, ignore this message.',
    },
  },
  es: {
    registration: {
      subject: 'Confirma tu cuenta de Hearth',
      intro: 'Bienvenido a Hearth. Abre este enlace para confirmar tu cuenta:',
      outro: 'Si no has creado una cuenta, ignora este mensaje.',
    },
    password_reset: {
      subject: 'Elige una contraseña nueva de Hearth',
      intro:
        'Se ha pedido restablecer la contraseña de esta cuenta de Hearth. Abre este enlace para elegir una nueva:',
      outro: 'Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambia.',
    },
    email_change: {
      subject: 'Confirma tu nuevo correo de Hearth',
      intro: 'Abre este enlace para usar esta dirección en tu cuenta de Hearth:',
      outro: 'Si no lo has pedido tú, ignora este mensaje.',
    },
  },
  ca: {
    registration: {
      subject: 'Confirma el teu compte de Hearth',
      intro: 'Benvingut a Hearth. Obre aquest enllaç per confirmar el compte:',
      outro: 'Si no has creat cap compte, ignora aquest missatge.',
    },
    password_reset: {
      subject: 'Tria una contrasenya nova de Hearth',
      intro:
        "S'ha demanat restablir la contrasenya d'aquest compte de Hearth. Obre aquest enllaç per triar-ne una de nova:",
      outro: 'Si no ho has demanat, ignora aquest missatge: la contrasenya no canvia.',
    },
    email_change: {
      subject: 'Confirma el teu nou correu de Hearth',
      intro: 'Obre aquest enllaç per fer servir aquesta adreça al compte de Hearth:',
      outro: 'Si no ho has demanat, ignora aquest missatge.',
    },
  },
  de: {
    registration: {
      subject: 'Bestätigen Sie Ihr Hearth-Konto',
      intro: 'Willkommen bei Hearth. Öffnen Sie diesen Link, um Ihr Konto zu bestätigen:',
      outro: 'Wenn Sie kein Konto erstellt haben, ignorieren Sie diese Nachricht.',
    },
    password_reset: {
      subject: 'Neues Hearth-Passwort wählen',
      intro:
        'Für dieses Hearth-Konto wurde das Zurücksetzen des Passworts angefordert. Öffnen Sie diesen Link, um ein neues zu wählen:',
      outro:
        'Wenn Sie das nicht angefordert haben, ignorieren Sie diese Nachricht: Ihr Passwort bleibt unverändert.',
    },
    email_change: {
      subject: 'Bestätigen Sie Ihre neue Hearth-E-Mail-Adresse',
      intro: 'Öffnen Sie diesen Link, um diese Adresse für Ihr Hearth-Konto zu verwenden:',
      outro: 'Wenn Sie das nicht angefordert haben, ignorieren Sie diese Nachricht.',
    },
  },
  ru: {
    registration: {
      subject: 'Подтвердите аккаунт Hearth',
      intro: 'Добро пожаловать в Hearth. Откройте ссылку, чтобы подтвердить аккаунт:',
      outro: 'Если вы не создавали аккаунт, проигнорируйте это письмо.',
    },
    password_reset: {
      subject: 'Выберите новый пароль Hearth',
      intro:
        'Запрошен сброс пароля для этого аккаунта Hearth. Откройте ссылку, чтобы выбрать новый:',
      outro: 'Если вы этого не запрашивали, проигнорируйте письмо: пароль не изменится.',
    },
    email_change: {
      subject: 'Подтвердите новый адрес Hearth',
      intro: 'Откройте ссылку, чтобы использовать этот адрес в аккаунте Hearth:',
      outro: 'Если вы этого не запрашивали, проигнорируйте письмо.',
    },
  },
  fr: {
    registration: {
      subject: 'Confirmez votre compte Hearth',
      intro: 'Bienvenue sur Hearth. Ouvrez ce lien pour confirmer votre compte :',
      outro: "Si vous n'avez pas créé de compte, ignorez ce message.",
    },
    password_reset: {
      subject: 'Choisissez un nouveau mot de passe Hearth',
      intro:
        'Une réinitialisation du mot de passe de ce compte Hearth a été demandée. Ouvrez ce lien pour en choisir un nouveau :',
      outro:
        "Si vous n'en êtes pas à l'origine, ignorez ce message : votre mot de passe reste inchangé.",
    },
    email_change: {
      subject: 'Confirmez votre nouvelle adresse Hearth',
      intro: 'Ouvrez ce lien pour utiliser cette adresse avec votre compte Hearth :',
      outro: "Si vous n'en êtes pas à l'origine, ignorez ce message.",
    },
  },
  it: {
    registration: {
      subject: 'Conferma il tuo account Hearth',
      intro: "Benvenuto in Hearth. Apri questo link per confermare l'account:",
      outro: 'Se non hai creato un account, ignora questo messaggio.',
    },
    password_reset: {
      subject: 'Scegli una nuova password Hearth',
      intro:
        'È stato chiesto di reimpostare la password di questo account Hearth. Apri questo link per sceglierne una nuova:',
      outro: "Se non l'hai chiesto tu, ignora questo messaggio: la password resta invariata.",
    },
    email_change: {
      subject: 'Conferma il nuovo indirizzo Hearth',
      intro: 'Apri questo link per usare questo indirizzo con il tuo account Hearth:',
      outro: "Se non l'hai chiesto tu, ignora questo messaggio.",
    },
  },
  pt: {
    registration: {
      subject: 'Confirme a sua conta Hearth',
      intro: 'Bem-vindo ao Hearth. Abra esta ligação para confirmar a conta:',
      outro: 'Se não criou uma conta, ignore esta mensagem.',
    },
    password_reset: {
      subject: 'Escolha uma nova palavra-passe Hearth',
      intro:
        'Foi pedida a reposição da palavra-passe desta conta Hearth. Abra esta ligação para escolher uma nova:',
      outro: 'Se não foi você, ignore esta mensagem: a palavra-passe mantém-se.',
    },
    email_change: {
      subject: 'Confirme o seu novo e-mail Hearth',
      intro: 'Abra esta ligação para usar este endereço na sua conta Hearth:',
      outro: 'Se não foi você, ignore esta mensagem.',
    },
  },
};
