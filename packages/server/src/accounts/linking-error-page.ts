import { LANGUAGES, type Language } from '@hearth/protocol';

interface PageText {
  title: string;
  advice: string;
}

/** The page a refused link request shows instead of redirecting (spec 1 §1: 8 languages). */
const TEXTS: Record<Language, PageText> = {
  en: {
    title: 'This assistant could not be linked',
    advice:
      "The link request is not valid or has expired. Go back to the assistant's app and start linking again.",
  },
  es: {
    title: 'No se ha podido vincular este asistente',
    advice:
      'La solicitud de vinculación no es válida o ha caducado. Vuelve a la aplicación del asistente y empieza a vincular de nuevo.',
  },
  ca: {
    title: "No s'ha pogut vincular aquest assistent",
    advice:
      "La sol·licitud de vinculació no és vàlida o ha caducat. Torna a l'aplicació de l'assistent i torna a començar la vinculació.",
  },
  de: {
    title: 'Dieser Assistent konnte nicht verknüpft werden',
    advice:
      'Die Verknüpfungsanfrage ist ungültig oder abgelaufen. Kehre zur App des Assistenten zurück und starte die Verknüpfung erneut.',
  },
  ru: {
    title: 'Не удалось привязать этого ассистента',
    advice:
      'Запрос на привязку недействителен или устарел. Вернитесь в приложение ассистента и начните привязку заново.',
  },
  fr: {
    title: "Impossible d'associer cet assistant",
    advice:
      "La demande d'association n'est pas valide ou a expiré. Revenez à l'application de l'assistant et recommencez l'association.",
  },
  it: {
    title: 'Non è stato possibile collegare questo assistente',
    advice:
      "La richiesta di collegamento non è valida o è scaduta. Torna all'app dell'assistente e ricomincia il collegamento.",
  },
  pt: {
    title: 'Não foi possível associar este assistente',
    advice:
      'O pedido de associação não é válido ou expirou. Volte à aplicação do assistente e comece a associação de novo.',
  },
};

/** The first language of an Accept-Language header the page speaks; English otherwise. */
export function pageLanguage(acceptLanguage: string | undefined): Language {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { primary: tag.split('-')[0]?.toLowerCase() ?? '', q: q ? Number(q) : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const found = ranked.find((entry) => (LANGUAGES as readonly string[]).includes(entry.primary));
  return (found?.primary as Language | undefined) ?? 'en';
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * A plain page with no script and no link back to the URI that was asked for: that URI is not
 * trusted, so nothing on the page may send the user there (RFC 6749 §4.1.2.1). The detail is the
 * technical reason in English, for the assistant's developer.
 */
export function linkingErrorPage(lang: Language, error: string, detail: string): string {
  const text = TEXTS[lang];
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(text.title)}</title>
</head>
<body>
<main>
<h1>${escapeHtml(text.title)}</h1>
<p>${escapeHtml(text.advice)}</p>
<p><code>${escapeHtml(error)}</code>: ${escapeHtml(detail)}</p>
</main>
</body>
</html>
`;
}
