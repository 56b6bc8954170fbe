import type { Plugin } from 'vite';

/**
 * Lets each Ionic component travel with the screens that use it.
 *
 * `@ionic/react` is one module that defines every component wrapper and statically imports
 * every web component it wraps. A module cannot be split across chunks, so the wrapper of an
 * ion-datetime used by one lazy screen — and ion-datetime itself — would load on every route,
 * login included. This build step moves each plain wrapper (`const IonX = createComponent({…})`,
 * 71 of them in Ionic 9) out of that module into a module of its own that `@ionic/react`
 * re-exports, so the bundler places it (and the web component) in the chunk of the screens
 * that import it. Wrappers the module itself uses (routing, overlays, tabs) stay where they are.
 * Applied to builds only; the dev server and tests use `@ionic/react` as published.
 */
const IONIC_REACT = /\/@ionic\/react\/dist\/index\.js$/;
/** Ionic's and Ionicons' web components, as published (minified Stencil output). */
const STENCIL_COMPONENTS = /\/(@ionic\/core|ionicons)\/components\/[^/]+\.js$/;
/**
 * Stencil defines each component as `const x = proxyCustomElement(class extends HTMLElement {…})`,
 * minified and without a pure annotation, so the bundler keeps every component class that a
 * module it includes defines, used or not: `@ionic/react` imports the overlays, tabs, nav and
 * routing components for wrappers the app never renders, and all of them (alert, modal,
 * popover, action sheet, toast, …) loaded on every route. `proxyCustomElement` only patches the
 * class it is given, so the call is marked pure and unused components are left out.
 */
const DEFINITION = /([=,(:]\s*)([\w$]+)\(class extends /g;
/** `@ionic/react`'s own unannotated top-level wrappers (the tab bar, nav, page, icon): pure too. */
const WRAPPER_CALL = /^(const [\w$]+ = )((?:createForwardRef|React\.memo)\()/gm;
const PREFIX = '\0ionic-component:';
/**
 * Ionicons' icons are one module of 1,359 string constants: every icon any screen uses landed in
 * the chunk of the first screen that needs one (the login route). Each icon becomes a module of
 * its own, re-exported, so it travels with the screens that show it.
 */
const IONICONS = /\/ionicons\/icons\/index\.mjs$/;
const ICON_PREFIX = '\0ionicon:';
const ICON = /^export const ([\w$]+) = ("[^"\n]*");?$/gm;
const WRAPPER = /^const (Ion\w+) = \/\*@__PURE__\*\/ createComponent\(\{\n[\s\S]*?\n\}\);\n/gm;

/**
 * The wrappers `@ionic/react` builds with its own `createRoutingComponent` (button, item, card,
 * …) cannot move out of it like the plain ones. Instead the app's imports of them are pointed
 * at a module per wrapper that builds it with that same function, so ion-button and ion-item
 * load with the screens that show them.
 */
const ROUTING = new Set([
  'IonRouterLink',
  'IonButton',
  'IonCard',
  'IonFabButton',
  'IonItem',
  'IonItemOption',
  'IonBreadcrumb',
]);
const ROUTING_PREFIX = '\0ionic-routing:';
const ROUTING_FACTORY = '__hearthCreateRoutingComponent';
const APP_SOURCE = /^[^\0]*\.[jt]sx?$/;
const IONIC_IMPORT = /import\s*\{([^}]*)\}\s*from\s*'@ionic\/react';/g;
const tagOf = (name: string) =>
  name.replace(/[A-Z]/g, (c, i: number) => (i ? '-' : '') + c.toLowerCase());

/** `import { IonButton, IonContent } from '@ionic/react'` with routing wrappers imported apart. */
function pointRoutingImports(code: string): string {
  return code.replace(IONIC_IMPORT, (statement, list: string) => {
    const kept: string[] = [];
    const routing: string[] = [];
    for (const spec of list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const name = /^(?:type\s+)?([\w$]+)/.exec(spec)?.[1] ?? '';
      if (!spec.startsWith('type ') && ROUTING.has(name))
        routing.push(`import { ${spec} } from '${ROUTING_PREFIX}${name}';`);
      else kept.push(spec);
    }
    if (routing.length === 0) return statement;
    const rest = kept.length > 0 ? `import { ${kept.join(', ')} } from '@ionic/react';` : '';
    return [rest, ...routing].join(' ');
  });
}

const escape = (word: string) => word.replace(/\$/g, '\\$');
/** How often an identifier occurs as a whole word (`$` is part of identifiers). */
const uses = (code: string, word: string) =>
  (code.match(new RegExp(`(?<![\\w$])${escape(word)}(?![\\w$])`, 'g')) ?? []).length;

export function ionicSplit(): Plugin {
  const wrappers = new Map<string, string>();
  const icons = new Map<string, string>();
  return {
    name: 'hearth-ionic-split',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(PREFIX) || id.startsWith(ICON_PREFIX) || id.startsWith(ROUTING_PREFIX)
        ? { id, moduleSideEffects: false }
        : null;
    },
    load(id) {
      if (id.startsWith(ROUTING_PREFIX)) {
        const name = id.slice(ROUTING_PREFIX.length);
        const tag = tagOf(name);
        return [
          `import { ${ROUTING_FACTORY} } from '@ionic/react';`,
          `import { ${name} as element } from '@ionic/core/components/${tag}.js';`,
          `export const ${name} = /*@__PURE__*/ ${ROUTING_FACTORY}('${tag}', element);`,
        ].join('\n');
      }
      if (id.startsWith(ICON_PREFIX)) {
        const name = id.slice(ICON_PREFIX.length);
        const value = icons.get(name);
        return value === undefined ? null : `export const ${name} = ${value};\n`;
      }
      return id.startsWith(PREFIX) ? (wrappers.get(id.slice(PREFIX.length)) ?? null) : null;
    },
    transform(code, id) {
      if (IONICONS.test(id)) {
        const lines: string[] = [];
        for (const [, name, value] of code.matchAll(ICON) as Iterable<[string, string, string]>) {
          icons.set(name, value);
          lines.push(`export { ${name} } from '${ICON_PREFIX}${name}';`);
        }
        return icons.size > 0 ? { code: lines.join('\n'), map: null } : null;
      }
      if (STENCIL_COMPONENTS.test(id))
        return { code: code.replace(DEFINITION, '$1/*#__PURE__*/$2(class extends '), map: null };
      if (!IONIC_REACT.test(id)) {
        if (!APP_SOURCE.test(id) || id.includes('/node_modules/') || !code.includes('@ionic/react'))
          return null;
        const pointed = pointRoutingImports(code);
        return pointed === code ? null : { code: pointed, map: null };
      }
      let out = code.replace(WRAPPER_CALL, '$1/*#__PURE__*/$2');
      // The module's own routing wrappers go, imports of their elements too: the bundler places
      // a module by the imports that reach it, used or not.
      for (const name of ROUTING) {
        const own = new RegExp(
          `^const ${name} = /\\*@__PURE__\\*/ createRoutingComponent\\('[\\w-]+', ([\\w$]+)\\);\\n`,
          'm',
        ).exec(out);
        if (!own) continue;
        const raw = own[1] as string;
        const element = escape(raw);
        const rest = out
          .replace(own[0], '')
          .replace(new RegExp(`^import \\{ ${name} as ${element} \\} from '[^']+';\\n`, 'm'), '');
        if (uses(rest, raw) !== 0) continue;
        out = rest.replace(new RegExp(`(export \\{[^}]*?)(?<![\\w$])${name}, `), '$1');
      }
      out += `\nexport { createRoutingComponent as ${ROUTING_FACTORY} };\n`;
      for (const match of out.matchAll(WRAPPER)) {
        const [block, name] = match as unknown as [string, string];
        const element = /elementClass: ([\w$]+),/.exec(block)?.[1];
        const define = /defineCustomElement: ([\w$]+)/.exec(block)?.[1];
        if (!element || !define) continue;
        const rest = out.replace(block, '');
        const importLine = new RegExp(
          `^import \\{ \\w+ as ${escape(element)}, defineCustomElement as ${escape(define)} \\} from '[^']+';\\n`,
          'm',
        ).exec(rest)?.[0];
        if (!importLine) continue;
        // Only a wrapper nothing else in the module refers to can move: without it and its
        // import, its name is left in the export list alone, its element and definer nowhere.
        const remaining = rest.replace(importLine, '');
        if (uses(remaining, name) !== 1) continue;
        if (uses(remaining, element) !== 0 || uses(remaining, define) !== 0) continue;
        wrappers.set(
          name,
          [
            "import React from 'react';",
            "import { createComponent } from '@stencil/react-output-target/runtime';",
            importLine,
            `export ${block}`,
          ].join('\n'),
        );
        out = `import { ${name} } from '${PREFIX}${name}';\n${remaining}`;
      }
      return { code: out, map: null };
    },
  };
}
