import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contrastRatio } from '@hearth/protocol';
import { primaryPalette } from '../lib/branding/apply-theme';

/**
 * The colours a person would see on an element, from the app's real stylesheets: jsdom loads
 * no CSS and computes no cascade, so this matches each rule's selectors against the rendered
 * element (jsdom's own selector engine), orders them by !important, specificity and source
 * order, resolves var() against the root tokens, and walks up for inherited text colour and
 * for the background underneath. Good for the flat rules of this app (no @media, no shadow
 * DOM); browser checks (e2e) cover what only a browser can tell.
 */

interface Declaration {
  property: string;
  value: string;
  important: boolean;
}
interface Rule {
  selectors: string[];
  declarations: Declaration[];
  order: number;
}

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? cssFiles(join(dir, entry.name))
      : entry.name.endsWith('.css')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** Ionic's core stylesheet (its colour variables) and every stylesheet of the app. */
export function appStylesheets(): string[] {
  const ionic = createRequire(import.meta.url).resolve('@ionic/react/css/core.css');
  return [ionic, ...cssFiles(SRC).sort()];
}

/** Top-level rules of a stylesheet; @-blocks (@media, @keyframes, @import) are left out. */
export function parseRules(css: string, start = 0): Rule[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const rules: Rule[] = [];
  let i = 0;
  let order = start;
  while (i < text.length) {
    const open = text.indexOf('{', i);
    const semi = text.indexOf(';', i);
    if (open < 0) break;
    const prelude = text.slice(i, open).trim();
    if (prelude.startsWith('@import') && semi >= 0 && semi < open) {
      i = semi + 1;
      continue;
    }
    // Find the matching close brace (nested blocks inside @-rules).
    let depth = 1;
    let j = open + 1;
    while (j < text.length && depth > 0) {
      if (text[j] === '{') depth++;
      else if (text[j] === '}') depth--;
      j++;
    }
    const body = text.slice(open + 1, j - 1);
    if (!prelude.startsWith('@')) {
      const declarations = body
        .split(';')
        .map((d) => d.trim())
        .filter((d) => d.includes(':'))
        .map((d) => {
          const colon = d.indexOf(':');
          const raw = d.slice(colon + 1).trim();
          return {
            property: d.slice(0, colon).trim(),
            value: raw.replace(/\s*!important$/, ''),
            important: /!important$/.test(raw),
          };
        });
      rules.push({ selectors: splitList(prelude), declarations, order: order++ });
    }
    i = j;
  }
  return rules;
}

/** Splits a selector list on top-level commas (not those inside :where(), :not()). */
const parsedFiles = new Map<string, Rule[]>();
function parsedFile(file: string): Rule[] {
  let rules = parsedFiles.get(file);
  if (!rules) {
    rules = parseRules(readFileSync(file, 'utf8'));
    parsedFiles.set(file, rules);
  }
  return rules;
}

function splitList(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of list) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

/** Replaces each `name(...)` (balanced) with what `replace` answers for its argument. */
function mapFunctional(selector: string, name: string, replace: (arg: string) => string): string {
  let out = selector;
  for (let at = out.indexOf(`${name}(`); at >= 0; at = out.indexOf(`${name}(`)) {
    let depth = 0;
    let end = at + name.length;
    for (; end < out.length; end++) {
      if (out[end] === '(') depth++;
      if (out[end] === ')' && --depth === 0) break;
    }
    out = out.slice(0, at) + replace(out.slice(at + name.length + 1, end)) + out.slice(end + 1);
  }
  return out;
}

/** Selector specificity [ids, classes, types]; :where() counts nothing, :not() its argument. */
export function specificity(selector: string): [number, number, number] {
  let s = mapFunctional(selector, ':where', () => '');
  s = mapFunctional(s, ':not', (arg) => {
    const best = splitList(arg)
      .map(specificity)
      .sort((a, b) => b[0] - a[0] || b[1] - a[1] || b[2] - a[2])[0];
    return best ? '#x'.repeat(best[0]) + '.x'.repeat(best[1]) + ' x'.repeat(best[2]) : '';
  });
  s = s.replace(/\[[^\]]*\]/g, '.x');
  const ids = (s.match(/#[\w-]+/g) ?? []).length;
  const pseudoElements = (s.match(/::[\w-]+(\([^)]*\))?/g) ?? []).length;
  s = s.replace(/::[\w-]+(\([^)]*\))?/g, '');
  const classes = (s.match(/\.[\w-]+|:[\w-]+(\([^)]*\))?/g) ?? []).length;
  s = s.replace(/#[\w-]+|\.[\w-]+|:[\w-]+(\([^)]*\))?/g, ' ');
  const types = (s.match(/[a-zA-Z][\w-]*/g) ?? []).length + pseudoElements;
  return [ids, classes, types];
}

function matches(element: Element, selector: string): boolean {
  // States a test does not put the element in (hover, focus) and pseudo-elements never match.
  if (/:(hover|focus|focus-visible|active)\b|::/.test(selector)) return false;
  try {
    return element.matches(selector);
  } catch {
    return false;
  }
}

export interface Cascade {
  /** The winning value of a property on the element itself, var() resolved; undefined if none. */
  value: (element: Element, property: string) => string | undefined;
}

/** A cascade over stylesheets (in load order) with root tokens (e.g. a brand's, from applyTheme). */
export function cascade(files: string[], rootTokens: Record<string, string> = {}): Cascade {
  let order = 0;
  const rules = files.flatMap((file) => {
    const parsed = parsedFile(file).map((rule) => ({ ...rule, order: order + rule.order }));
    order += parsed.length;
    return parsed;
  });
  const root = document.documentElement;
  const tokens = (): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const rule of rules)
      if (rule.selectors.some((s) => s === ':root' || s === 'html'))
        for (const d of rule.declarations)
          if (d.property.startsWith('--')) out[d.property] = d.value;
    return { ...out, ...rootTokens };
  };
  const rootValues = tokens();
  const resolve = (value: string, depth = 0): string => {
    if (depth > 10) return value;
    return mapFunctional(value, 'var', (arg) => {
      const comma = arg.indexOf(',');
      const name = (comma < 0 ? arg : arg.slice(0, comma)).trim();
      const fallback = comma < 0 ? '' : arg.slice(comma + 1).trim();
      return resolve(rootValues[name] ?? fallback, depth + 1);
    }).trim();
  };
  const value = (element: Element, property: string) => {
    let best: { d: Declaration; spec: [number, number, number]; order: number } | undefined;
    for (const rule of rules)
      for (const selector of rule.selectors) {
        if (element === root && selector === ':root') continue;
        if (!matches(element, selector)) continue;
        const spec = specificity(selector);
        for (const d of rule.declarations) {
          if (d.property !== property) continue;
          const candidate = { d, spec, order: rule.order };
          if (!best || outranks(candidate, best)) best = candidate;
        }
      }
    return best ? resolve(best.d.value) : undefined;
  };
  return { value };
}

type Ranked = { d: Declaration; spec: [number, number, number]; order: number };
function outranks(a: Ranked, b: Ranked): boolean {
  if (a.d.important !== b.d.important) return a.d.important;
  for (let i = 0; i < 3; i++) if (a.spec[i] !== b.spec[i]) return a.spec[i]! > b.spec[i]!;
  return a.order >= b.order;
}

const HEX6 = /#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b/;
function hexOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (/^(white)$/i.test(value)) return '#ffffff';
  if (/^(black)$/i.test(value)) return '#000000';
  const hex = HEX6.exec(value)?.[0];
  if (!hex) return undefined;
  return hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex.toLowerCase();
}

/** The text colour (inherited) and the background underneath (nearest painted one). */
export function seenColours(c: Cascade, element: Element): { text: string; background: string } {
  let text: string | undefined;
  for (let e: Element | null = element; e && !text; e = e.parentElement) {
    const v = c.value(e, 'color');
    if (v && v !== 'inherit') text = hexOf(v);
  }
  let background: string | undefined;
  for (let e: Element | null = element; e && !background; e = e.parentElement)
    background = hexOf(c.value(e, 'background-color') ?? c.value(e, 'background'));
  return { text: text ?? '#000000', background: background ?? '#ffffff' };
}

/** The contrast a person sees between an element's text and what is under it. */
export function seenContrast(c: Cascade, element: Element): number {
  const { text, background } = seenColours(c, element);
  return contrastRatio(text, background);
}

/** Root tokens of a brand colour, as applyTheme sets them on the document. */
export const brandRootTokens = (cprimary: string) => primaryPalette(cprimary);

/**
 * Brand colours to check a screen in: the bundled Hearth and Calora brands, the default
 * colour, and light and dark colours an operator might choose.
 */
export const BRAND_COLOURS = ['#c9430e', '#0f7c8c', '#f9b521', '#ffe600', '#1a1a40'] as const;

/** The app's stylesheets in load order and in reverse: a rule must not win by arriving last. */
export const LOAD_ORDERS = [appStylesheets(), [...appStylesheets()].reverse()] as const;

/** What makes a button look like one: its box, its border and its colours. */
export function buttonLook(c: Cascade, element: Element) {
  const { text, background } = seenColours(c, element);
  return {
    minHeight: c.value(element, 'min-height'),
    border: c.value(element, 'border'),
    borderRadius: c.value(element, 'border-radius'),
    cursor: c.value(element, 'cursor'),
    text,
    background,
  };
}

/** The look of the app's plain button (lib/ui/controls.css), to compare a screen's with. */
export function familyButtonLook(c: Cascade) {
  const reference = document.createElement('button');
  reference.className = 'hearth-button';
  document.body.append(reference);
  const look = buttonLook(c, reference);
  reference.remove();
  return look;
}
