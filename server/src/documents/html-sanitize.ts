/**
 * HTML of a converted Word file, made safe to place in the app's page. It is rebuilt from an
 * allow-list rather than filtered: every tag and attribute not named below is dropped, so a
 * document can bring no script, no event handler, no style and nothing loaded from elsewhere.
 * Links keep only http(s), mailto and in-document targets; images only inline PNG, JPEG, GIF
 * or WebP data; ids only the prefix the converter gives its own (footnotes, bookmarks), so a
 * document cannot take the id of one of the app's elements.
 */

/** Tags kept (their attributes are checked below); any other tag is dropped and its text kept. */
const KEPT_TAGS = new Set(
  'p h1 h2 h3 h4 h5 h6 strong em b i u s sub sup br hr ul ol li table caption thead tbody tfoot tr td th a img blockquote pre code'.split(' '),
);
/** Tags whose content is code or a foreign document: dropped with everything inside them. */
const DROPPED_WITH_CONTENT = new Set(
  'script style iframe frame frameset object embed template noscript textarea title svg math xmp noembed noframes plaintext'.split(' '),
);
const VOID_TAGS = new Set(['br', 'hr', 'img']);

/** The prefix the converter gives the ids it makes; links to them stay inside the document. */
export const DOCUMENT_ID_PREFIX = 'doc-';

const DOCUMENT_ID = /^doc-[A-Za-z0-9_-]{1,100}$/;
const SAFE_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/;
const SPAN_NUMBER = /^[1-9][0-9]{0,2}$/;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeValue = (value: string) => value.replace(/[&<>"]/g, (c) => ESCAPES[c]);

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", colon: ':', tab: '\t', newline: '\n', nbsp: '\u00a0' };

/** An attribute's value as the browser reads it: entities decoded (so `javascript&#58;` is seen for what it is). */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1] === 'x' || entity[1] === 'X' ? Number.parseInt(entity.slice(2), 16) : Number.parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[entity.toLowerCase()] ?? whole;
  });
}

/** A link the reader may follow: the web, e-mail, or a place in this document. */
function safeHref(raw: string): string | null {
  // Browsers ignore control characters and white space inside a scheme ('java\nscript:').
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is removed
  const href = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (/^(https?:\/\/|mailto:)/i.test(href)) return href;
  if (href.startsWith('#') && DOCUMENT_ID.test(href.slice(1))) return href;
  return null;
}

function keptAttributes(tag: string, attributes: Map<string, string>): string {
  const kept: [string, string][] = [];
  const id = attributes.get('id');
  if (id !== undefined && DOCUMENT_ID.test(id)) kept.push(['id', id]);
  if (tag === 'a') {
    const href = attributes.has('href') ? safeHref(attributes.get('href') ?? '') : null;
    if (href) {
      kept.push(['href', href]);
      // A link out of the document opens beside the app and learns nothing about it.
      if (!href.startsWith('#')) kept.push(['target', '_blank'], ['rel', 'noopener noreferrer nofollow']);
    }
  }
  if (tag === 'img') {
    const src = (attributes.get('src') ?? '').replace(/\s+/g, '');
    // An image with no inline data would be loaded from elsewhere: it is dropped whole.
    if (!SAFE_IMAGE.test(src)) return '\0';
    kept.push(['src', src], ['alt', attributes.get('alt') ?? '']);
  }
  if (tag === 'td' || tag === 'th') {
    for (const name of ['colspan', 'rowspan']) {
      const value = attributes.get(name);
      if (value !== undefined && SPAN_NUMBER.test(value)) kept.push([name, value]);
    }
  }
  return kept.map(([name, value]) => ` ${name}="${escapeValue(value)}"`).join('');
}

const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function parseAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1].toLowerCase();
    if (!attributes.has(name)) attributes.set(name, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<![^>]*>?|<\?[^>]*>?|<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<|[^<]+/g;

/** The document's HTML rebuilt from the allow-list; text is kept, escaped. */
export function sanitizeDocumentHtml(html: string): string {
  let out = '';
  /** Inside a dropped-with-content element: its name, until it closes. */
  let skipping: string | null = null;
  const open: string[] = [];
  for (const match of html.matchAll(TOKEN)) {
    const [token, closing, rawName, rawAttributes] = match;
    if (rawName === undefined) {
      if (skipping || token.startsWith('<!') || token.startsWith('<?')) continue;
      // Text between tags: any '<' that is not a tag becomes text.
      out += token === '<' ? '&lt;' : token.replace(/>/g, '&gt;');
      continue;
    }
    const tag = rawName.toLowerCase();
    if (skipping) {
      if (closing && tag === skipping) skipping = null;
      continue;
    }
    if (DROPPED_WITH_CONTENT.has(tag)) {
      if (!closing && !rawAttributes.trim().endsWith('/')) skipping = tag;
      continue;
    }
    if (!KEPT_TAGS.has(tag)) continue;
    if (closing) {
      const at = open.lastIndexOf(tag);
      if (at < 0) continue;
      // Closing an outer element closes what is still open inside it.
      for (const inner of open.splice(at).reverse()) out += `</${inner}>`;
      continue;
    }
    const attributes = keptAttributes(tag, parseAttributes(rawAttributes));
    if (attributes === '\0') continue;
    out += `<${tag}${attributes}>`;
    if (!VOID_TAGS.has(tag)) open.push(tag);
  }
  for (const tag of open.reverse()) out += `</${tag}>`;
  return out;
}
