import type { Language } from '@hearth/protocol';
import ca from './locales/ca.json';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import pt from './locales/pt.json';
import ru from './locales/ru.json';

/** One namespace per language; English is the reference every other language must match. */
export const resources: Record<Language, { translation: Record<string, unknown> }> = {
  en: { translation: en },
  es: { translation: es },
  ca: { translation: ca },
  de: { translation: de },
  ru: { translation: ru },
  fr: { translation: fr },
  it: { translation: it },
  pt: { translation: pt },
};
