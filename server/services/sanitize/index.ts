import sanitizeHtml, { type IOptions } from 'sanitize-html';

/**
 * What may reach another user's browser from text people type. Rich text (news post content) keeps an allow-list
 * of the editor's formatting and nothing else: no script, style, iframe, form or event attribute, no `javascript:`
 * or `data:` address. Plain text (titles, replies) loses all markup. Both parse the HTML (sanitize-html over
 * htmlparser2), so tricks a pattern would miss (broken tags, entities, upper case, nesting) end as text or nothing.
 */

/** The formatting the post editor (ra-input-rich-text's toolbar) produces. */
const RICH_TEXT: IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code',
    'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'sub', 'sup', 'mark', 'span',
    'ul', 'ol', 'li', 'a', 'img',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    mark: ['style', 'data-color'],
    span: ['style'],
    p: ['style'],
    h1: ['style'], h2: ['style'], h3: ['style'], h4: ['style'], h5: ['style'], h6: ['style'],
    ol: ['start'],
  },
  // Colours, highlights and alignment from the toolbar; every other declaration is dropped.
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.\s,%]+\)$/i, /^[a-z]+$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.\s,%]+\)$/i, /^[a-z]+$/i],
      'text-align': [/^(left|right|center|justify)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Links open in a new tab without handing the feed's window to the page they open.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
};

/** Post content as it may be stored and shown as HTML. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT).trim();
}

/** The addresses of the pictures in (sanitised) HTML, read by the same parser. */
export function imageSources(html: string): string[] {
  const sources: string[] = [];
  sanitizeHtml(html, {
    allowedTags: ['img'],
    allowedAttributes: { img: ['src'] },
    transformTags: {
      img: (tagName, attribs) => {
        sources.push(attribs.src ?? '');
        return { tagName, attribs };
      },
    },
  });
  return sources;
}

const NO_MARKUP: IOptions = { allowedTags: [], allowedAttributes: {} };
const ESCAPED: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/**
 * Text with every tag taken out ('<b>Pay</b> rise' → 'Pay rise'; a script goes with its body), entities read as
 * the characters they stand for. Repeated until nothing changes, so an escaped tag ('&lt;script&gt;') that reads
 * as a tag once decoded is taken out too. The result is text: screens show it as text, never as HTML.
 */
export function plainText(text: string): string {
  let current = text;
  for (let pass = 0; pass < 5; pass++) {
    const next = sanitizeHtml(current, NO_MARKUP).replace(/&(amp|lt|gt|quot);/g, (m) => ESCAPED[m]);
    if (next === current) break;
    current = next;
  }
  return current.trim();
}
