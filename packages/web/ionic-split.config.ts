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
const PREFIX = '\0ionic-component:';
const WRAPPER = /^const (Ion\w+) = \/\*@__PURE__\*\/ createComponent\(\{\n[\s\S]*?\n\}\);\n/gm;

const escape = (word: string) => word.replace(/\$/g, '\\$');
/** How often an identifier occurs as a whole word (`$` is part of identifiers). */
const uses = (code: string, word: string) =>
  (code.match(new RegExp(`(?<![\\w$])${escape(word)}(?![\\w$])`, 'g')) ?? []).length;

export function ionicSplit(): Plugin {
  const wrappers = new Map<string, string>();
  return {
    name: 'hearth-ionic-split',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(PREFIX) ? { id, moduleSideEffects: false } : null;
    },
    load(id) {
      return id.startsWith(PREFIX) ? (wrappers.get(id.slice(PREFIX.length)) ?? null) : null;
    },
    transform(code, id) {
      if (!IONIC_REACT.test(id)) return null;
      let out = code;
      for (const match of code.matchAll(WRAPPER)) {
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
