import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list of the banner's details (decision 038), with the library the form templates use (decision 025):
 * paragraphs, emphasis, lists, small headings and links to https or mailto addresses. Scripts and styles go with their
 * content, every attribute outside the list (event handlers) goes, javascript:, data: and relative URLs go (a link left without its address goes with its text).
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'a', 'span'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title', 'iframe', 'object'],
  // SECURITY: a link opens in a new tab without handing it the app's window
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href,
};

/** The banner's details as stored and served: what the allow-list keeps. */
export const sanitizeBannerHtml = (html: string): string => sanitizeHtml(html, options).trim();
