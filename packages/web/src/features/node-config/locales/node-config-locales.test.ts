import { expect, test } from 'vitest';
import en from './en.json';
import es from './es.json';
import ca from './ca.json';
import de from './de.json';
import fr from './fr.json';
import it from './it.json';
import pt from './pt.json';
import ru from './ru.json';

type Tree = { [key: string]: string | Tree };
const flat = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'string' ? [[prefix + k, v]] : Object.entries(flat(v, `${prefix + k}.`)),
    ),
  );

/** Words that are the same in the language as in English (checked by hand, not left over). */
const SAME_IN_LANGUAGE = new Set([
  'Eco',
  'Comfort',
  '{{value}} min',
  'Name',
  'Ambient',
  'minutes',
  '60 minutes',
  '30 minutes',
]);
const others = { es, ca, de, fr, it, pt, ru } as const;

test.each(Object.entries(others))(
  'every node setting reads in %s, none left in English',
  (_lang, tree) => {
    const english = flat(en as Tree);
    const here = flat(tree as Tree);
    const untranslated = Object.keys(english).filter(
      (k) => here[k] === english[k] && !SAME_IN_LANGUAGE.has(english[k] ?? ''),
    );
    expect(untranslated).toEqual([]);
    // The English product word must not hide inside a translation ("Modo runback").
    expect(Object.values(here).filter((v) => /runback|true radiant/i.test(v))).toEqual([]);
  },
);
