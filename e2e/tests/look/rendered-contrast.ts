import type { Page } from '@playwright/test';

/** A control whose rendered text does not reach WCAG AA against what is painted behind it. */
export interface ContrastFailure {
  what: string;
  text: string;
  color: string;
  background: string;
  ratio: number;
  needed: number;
}

/**
 * Measures, from the rendered styles, the contrast of the text of every visible button, link
 * styled as a button, select, input and toast on the page. axe cannot see into the shadow roots
 * of Ionic's buttons, selects and toasts, where the colours that reach the eye are set; this
 * reads them there, and walks up through shadow hosts to the first opaque background,
 * compositing translucent layers on the way (WCAG 2.2, 1.4.3: 4.5:1, 3:1 for large text).
 * Disabled controls are exempt, as WCAG exempts inactive components.
 */
export function renderedContrastFailures(page: Page): Promise<ContrastFailure[]> {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba | null => {
      const m = /rgba?\(([^)]+)\)/.exec(css);
      if (!m) return null;
      const parts = (m[1] ?? '')
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      const [r = 0, g = 0, b = 0, a = 1] = parts;
      return [r, g, b, a];
    };
    const over = (top: Rgba, under: Rgba): Rgba => {
      const a = top[3] + under[3] * (1 - top[3]);
      if (a === 0) return [0, 0, 0, 0];
      const mixc = (i: 0 | 1 | 2) => (top[i] * top[3] + under[i] * under[3] * (1 - top[3])) / a;
      return [mixc(0), mixc(1), mixc(2), a];
    };
    const luminance = ([r, g, b]: Rgba) => {
      const lin = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const ratio = (a: Rgba, b: Rgba) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };
    const parentOf = (el: Element): Element | null =>
      el.parentElement ??
      (el.getRootNode() instanceof ShadowRoot ? (el.getRootNode() as ShadowRoot).host : null);
    /** What is painted behind `el`: its own and its ancestors' backgrounds, down to white. */
    const backgroundOf = (el: Element): Rgba | 'image' => {
      const layers: Rgba[] = [];
      for (let cur: Element | null = el; cur; cur = parentOf(cur)) {
        const style = getComputedStyle(cur);
        if (style.backgroundImage !== 'none' && !style.backgroundImage.startsWith('url('))
          return 'image';
        const bg = parse(style.backgroundColor);
        if (bg && bg[3] > 0) layers.push(bg);
        if (bg && bg[3] >= 1) break;
      }
      return layers.reduceRight<Rgba>((under, top) => over(top, under), [255, 255, 255, 1]);
    };
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) return false;
      if (box.bottom < 0 || box.top > innerHeight || box.right < 0 || box.left > innerWidth)
        return false;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || Number(style.opacity) === 0) return false;
      return !el.closest('.ion-page-hidden, [aria-hidden="true"], .overlay-hidden');
    };
    /** The element whose colour the text is painted in, inside a shadow root where there is one. */
    const painted = (el: Element): Element => {
      const root = el.shadowRoot;
      if (!root) return el;
      return (
        root.querySelector('.toast-message') ??
        root.querySelector('[part~="native"]') ??
        root.querySelector('[part~="text"]') ??
        root.querySelector('.button-native') ??
        el
      );
    };
    const textOf = (el: Element): string => {
      if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) return el.value;
      if (el instanceof HTMLSelectElement) return el.selectedOptions[0]?.text ?? '';
      const own = (el as HTMLElement).innerText ?? '';
      // A toast's message and a select's value are drawn inside the shadow root only.
      return own.trim() || !el.shadowRoot ? own : (painted(el).textContent ?? '');
    };
    const disabled = (el: Element) =>
      el.matches(':disabled, [disabled], [aria-disabled="true"]') ||
      !!el.closest('[disabled], .button-disabled, .item-disabled, .select-disabled');
    const failures: Array<{
      what: string;
      text: string;
      color: string;
      background: string;
      ratio: number;
      needed: number;
    }> = [];
    const judge = (el: Element, what: string) => {
      if (!visible(el) || disabled(el)) return;
      const text = textOf(el).trim();
      if (!text) return;
      const target = painted(el);
      const style = getComputedStyle(target);
      const fg = parse(style.color);
      if (!fg) return;
      const bg = backgroundOf(target);
      if (bg === 'image') return;
      const shown = over(fg, bg);
      const size = parseFloat(style.fontSize);
      const bold = Number(style.fontWeight) >= 700;
      const large = size >= 24 || (bold && size >= 18.66);
      const needed = large ? 3 : 4.5;
      const r = ratio(shown, bg);
      if (r + 0.005 < needed)
        failures.push({
          what,
          text: text.slice(0, 60),
          color: style.color,
          background: `rgb(${bg.slice(0, 3).map(Math.round).join(', ')})`,
          ratio: Math.round(r * 100) / 100,
          needed,
        });
    };
    const selectors = [
      'button',
      '[role="button"]',
      'a.button',
      'select',
      'textarea',
      'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=range])',
      'ion-button',
      'ion-select',
      'ion-segment-button',
      'ion-toast',
    ];
    for (const el of Array.from(document.querySelectorAll(selectors.join(',')))) {
      // Ionic's ion-button renders its own native button in its shadow root: judge the host once.
      if (el.tagName === 'BUTTON' && el.closest('ion-button, ion-segment-button')) continue;
      judge(el, el.tagName.toLowerCase());
    }
    return failures;
  });
}
