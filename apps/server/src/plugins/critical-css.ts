import { createHash } from 'node:crypto';
import BeastiesModule from 'beasties';
import { createWeightedLru } from '../shared/weighted-lru.ts';

/**
 * The CSS rules a server-drawn page uses, to inline in its head (decision 047): the page paints with them while the
 * whole stylesheet loads after its content, instead of waiting one more round trip and 40 kB for it on a phone.
 * Beasties picks the rules whose selectors match the document (no browser involved). It parses the 280 kB stylesheet
 * each time (30–50 ms), so its answer is kept per "shape" of document: the tags, classes and attribute names (and
 * values without digits: `data-variant="filled"`, not `data-date="2026-12-09"`) the page holds. Two booking pages of
 * different studios, days or times share a shape. A shape the cache got wrong could at worst miss a rule the whole
 * stylesheet then applies.
 */
// beasties types its ES module build as CommonJS: at run time the default import is the class itself
const Beasties = BeastiesModule as unknown as typeof BeastiesModule.default;

export const createCriticalCss = (dist: string) => {
  const beasties = new Beasties({
    path: dist,
    publicPath: '/',
    preload: 'body',
    pruneSource: false,
    reduceInlineStyles: false,
    mergeStylesheets: true,
    inlineFonts: false,
    preloadFonts: false,
    compress: true,
    logLevel: 'silent',
    // Mantine's light-scheme variables (the dimmed text, placeholders, borders): their `:root[…]` selectors are not
    // matched against the document by beasties, and every page needs them
    allowRules: [/^:root(:root)?\[data-mantine-color-scheme=["']?light/],
  });
  const cache = createWeightedLru<string>({ maxWeight: 8 * 1024 * 1024, weigh: (css) => css.length + 64 });

  const shapeOf = (html: string) => {
    const parts = new Set<string>();
    for (const [, tag, attributes] of html.matchAll(/<([a-zA-Z][\w-]*)([^>]*)>/g)) {
      parts.add(tag as string);
      for (const [, name, value = ''] of (attributes as string).matchAll(/\s([\w:-]+)(?:="([^"]*)")?/g)) {
        if (name === 'style' || name === 'href' || name === 'id' || name === 'value' || name === 'title') continue;
        if (name === 'class') for (const c of value.split(/\s+/)) parts.add(`.${c}`);
        else parts.add(/\d/.test(value) || value.length > 40 ? `[${name}]` : `[${name}=${value}]`);
      }
    }
    return createHash('sha256')
      .update([...parts].sort().join(' '))
      .digest('base64url');
  };

  /** The critical rules of `documentHtml` (a whole document whose head links the stylesheets). */
  return async (documentHtml: string): Promise<string> => {
    const shape = shapeOf(documentHtml);
    const known = cache.get(shape);
    if (known !== undefined) return known;
    const processed = await beasties.process(documentHtml);
    // beasties writes the rules it picked in one <style> at the end of the head
    const head = processed.slice(0, processed.indexOf('</head>'));
    const start = head.lastIndexOf('<style>');
    const picked = start >= 0 ? head.slice(start + '<style>'.length, head.lastIndexOf('</style>')) : '';
    // never a rule that could end the <style> element early (none in the build's CSS; checked, not assumed)
    const css = /<\/style/i.test(picked) ? '' : picked;
    cache.set(shape, css);
    return css;
  };
};
