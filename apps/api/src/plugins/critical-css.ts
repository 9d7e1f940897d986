// The storefront's CSS inside its first response (docs/decisions/0030-paint-first-then-scripts.md): of the app's one
// stylesheet, a rendered page carries only the rules its markup can use, in a <style>, so nothing blocks the first
// paint; the whole sheet follows at low priority for what scripts show later (dialogs, toasts, other screens).

/** One rule of the sheet: a style rule with its selector, a grouping at-rule with its rules, or anything else. */
type CssNode =
  | { kind: 'style'; selectors: string[][]; text: string }
  | { kind: 'group'; prelude: string; children: CssNode[] }
  | { kind: 'other'; text: string };

// At-rules whose block holds rules, filtered like the sheet itself; other at-rules (@font-face, @keyframes,
// @property) are kept whole: they cost nothing until a kept rule uses them.
const GROUPING_AT_RULE = /^@(media|supports|layer|container|scope|starting-style)\b/;

/**
 * Where a piece that cannot hold a delimiter ends, when one starts at `i`: an escape (an escaped quote is part of a
 * name: Tailwind's `content-['']` is `.content-\[\'\'\]`), a string or a comment. Otherwise `i` itself.
 */
function skipOpaque(css: string, i: number): number {
  const char = css[i];
  if (char === '\\') return i + 1;
  if (char === '"' || char === "'") {
    for (let end = i + 1; end < css.length; end += 1) {
      if (css[end] === '\\') end += 1;
      else if (css[end] === char) return end;
    }
    return css.length;
  }
  if (char === '/' && css[i + 1] === '*') return css.indexOf('*/', i + 2) + 1 || css.length;
  return i;
}

/** Index of the character that closes the block opened at `open`. */
function matchingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i = skipOpaque(css, i) + 1) {
    if (css[i] === '{') depth += 1;
    else if (css[i] === '}' && --depth === 0) return i;
  }
  return css.length;
}

/** The next `{` or `;` at the top level of `css` from `from`. */
function nextDelimiter(css: string, from: number): number {
  for (let i = from; i < css.length; i = skipOpaque(css, i) + 1) {
    if (css[i] === '{' || css[i] === ';') return i;
  }
  return css.length;
}

function parseRules(css: string): CssNode[] {
  const nodes: CssNode[] = [];
  let at = 0;
  while (at < css.length) {
    const delimiter = nextDelimiter(css, at);
    const prelude = css
      .slice(at, delimiter)
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .trim();
    if (delimiter >= css.length || css[delimiter] === ';') {
      if (prelude) nodes.push({ kind: 'other', text: `${prelude};` }); // @layer a,b,c; and the like
      at = delimiter + 1;
      continue;
    }
    const close = matchingBrace(css, delimiter);
    const body = css.slice(delimiter + 1, close);
    if (GROUPING_AT_RULE.test(prelude)) nodes.push({ kind: 'group', prelude, children: parseRules(body) });
    else if (prelude.startsWith('@')) nodes.push({ kind: 'other', text: `${prelude}{${body}}` });
    else
      nodes.push({
        kind: 'style',
        selectors: splitSelectorList(prelude).map(requiredClasses),
        text: `${prelude}{${body}}`,
      });
    at = close + 1;
  }
  return nodes;
}

/** `a, b:is(c, d)` → ['a', 'b:is(c, d)']: commas at the top level only. */
function splitSelectorList(selectorList: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selectorList.length; i += 1) {
    const char = selectorList[i];
    if (char === '\\') i += 1;
    else if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === ',' && depth === 0) {
      parts.push(selectorList.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(selectorList.slice(start));
  return parts;
}

const CSS_ESCAPE = /\\([0-9a-fA-F]{1,6}\s?|[\s\S])/g;
const unescapeCss = (name: string) =>
  name.replace(CSS_ESCAPE, (_, escaped: string) =>
    /^[0-9a-fA-F]/.test(escaped) ? String.fromCodePoint(parseInt(escaped, 16)) : escaped,
  );

/**
 * The classes an element must carry for the selector to match anything. A class inside `:is()`, `:where()` or
 * `:has()` with one argument counts (Tailwind writes `:where(.space-y-2>:not(:last-child))`); inside `:not()`, a
 * list of arguments or attribute brackets it does not, so such a rule is kept more often than needed, never less.
 */
function requiredClasses(selector: string): string[] {
  const classes: string[] = [];
  for (let i = 0; i < selector.length; i += 1) {
    const char = selector[i];
    if (char === '\\') i += 1;
    else if (char === '[') i = closing(selector, i, '[', ']');
    else if (char === '(') {
      const close = closing(selector, i, '(', ')');
      const inner = selector.slice(i + 1, close);
      if (/:(is|where|has)$/.test(selector.slice(0, i)) && splitSelectorList(inner).length === 1)
        classes.push(...requiredClasses(inner));
      i = close;
    } else if (char === '.') {
      let end = i + 1;
      while (end < selector.length && /[-\w\\\u00a0-\uffff]/.test(selector[end]!)) {
        if (selector[end] === '\\') end += /^\\([0-9a-fA-F]{1,6}\s?|[\s\S])/.exec(selector.slice(end))![0].length;
        else end += 1;
      }
      classes.push(unescapeCss(selector.slice(i + 1, end)));
      i = end - 1;
    }
  }
  return classes;
}

/** Index of the bracket that closes the one at `open`. */
function closing(text: string, open: number, opening: string, closer: string): number {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === opening) depth += 1;
    else if (text[i] === closer && --depth === 0) return i;
  }
  return text.length;
}

// Web fonts are left to the whole sheet: the first paint uses the metric-matched local faces (decision 0028)
// and the downloads do not compete with the pictures on a slow line; the fonts swap in once the sheet applies.
const DOWNLOADED_FONT = /^@font-face\{[^}]*url\(/;

function keptText(nodes: CssNode[], used: ReadonlySet<string>): string {
  let text = '';
  for (const node of nodes) {
    if (node.kind === 'other') {
      if (!DOWNLOADED_FONT.test(node.text)) text += node.text;
    } else if (node.kind === 'style') {
      if (node.selectors.some((classes) => classes.every((name) => used.has(name)))) text += node.text;
    } else {
      const inner = keptText(node.children, used);
      if (inner) text += `${node.prelude}{${inner}}`;
    }
  }
  return text;
}

const HTML_ENTITY = /&(amp|quot|#39|#x27|lt|gt);/g;
const ENTITIES: Record<string, string> = { amp: '&', quot: '"', '#39': "'", '#x27': "'", lt: '<', gt: '>' };

/** Every class named in the markup's class attributes. */
export function classesIn(html: string): Set<string> {
  const used = new Set<string>();
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of value!.replace(HTML_ENTITY, (_, entity: string) => ENTITIES[entity]!).split(/\s+/))
      if (name) used.add(name);
  }
  return used;
}

export interface CriticalCss {
  /** The sheet's rules that can apply to `html`; the same markup classes give the same text (kept, a few hundred). */
  forMarkup(html: string): string;
}

const KEPT_SETS = 200;

export function criticalCss(sheet: string): CriticalCss {
  const rules = parseRules(sheet);
  const kept = new Map<string, string>();
  return {
    forMarkup(html) {
      const used = classesIn(html);
      const key = [...used].sort().join(' ');
      let text = kept.get(key);
      if (text === undefined) {
        text = keptText(rules, used);
        if (kept.size >= KEPT_SETS) kept.delete(kept.keys().next().value!);
        kept.set(key, text);
      }
      return text;
    },
  };
}

const STYLESHEET_LINK = /<link rel="stylesheet"( crossorigin)? href="\/(assets\/[^"]+\.css)">/;

export interface PageStyles {
  /**
   * `shell` with its stylesheet link replaced by the rules `markup` can use, inline, and the same link `disabled`
   * (not fetched): the browser loads it with the scripts, as `media="print"`, and turns it on once it has hydrated
   * the page (`data-full-style`, apps/web/src/scripts-after-paint.ts and main.tsx).
   */
  inline(shell: string, markup: string): string;
}

/** The web build's stylesheet, as index.html links it; null when index.html links none. */
export function loadPageStyles(readAsset: (file: string) => string | null, indexHtml: string): PageStyles | null {
  const link = STYLESHEET_LINK.exec(indexHtml);
  const sheet = link ? readAsset(link[2]!) : null;
  if (!link || sheet === null) return null;
  const critical = criticalCss(sheet);
  const later = `<link rel="stylesheet"${link[1] ?? ''} href="/${link[2]}" media="print" data-full-style disabled>`;
  return {
    inline: (shell, markup) =>
      shell.replace(link[0], () => `<style>${critical.forMarkup(markup)}</style>\n    ${later}`),
  };
}
