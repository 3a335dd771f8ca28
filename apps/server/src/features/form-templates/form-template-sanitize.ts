import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list a form template's HTML is kept to (docs/decisions/025): text formatting, headings, lists, tables and
 * images embedded as data: URIs. Everything else goes: scripts and styles with their content, event handlers (no
 * attribute outside the list survives), links, iframes, forms, and every URL that would fetch a remote or local
 * resource when the template is shown or printed.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'span',
    'div',
    'blockquote',
    'ul',
    'ol',
    'li',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'img',
  ],
  allowedAttributes: {
    '*': ['style'],
    td: ['colspan', 'rowspan', 'style'],
    th: ['colspan', 'rowspan', 'style'],
    img: ['src', 'alt', 'width', 'height', 'style'],
  },
  // SECURITY: only embedded images; http(s), file, protocol-relative and relative URLs are dropped with the tag.
  allowedSchemes: [],
  allowedSchemesByTag: { img: ['data'] },
  allowProtocolRelative: false,
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify)$/],
      'font-weight': [/^(bold|normal|[1-9]00)$/],
      'font-style': [/^(italic|normal)$/],
      'text-decoration': [/^(underline|line-through|none)$/],
    },
  },
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title'],
  exclusiveFilter: (frame) =>
    frame.tag === 'img' && !/^data:image\/(png|jpeg|gif|webp);base64,/i.test(frame.attribs.src ?? ''),
};

/** A template's HTML as stored: what the allow-list keeps, tokens (plain text) untouched. */
export const sanitizeTemplateHtml = (html: string): string => sanitizeHtml(html, options);
