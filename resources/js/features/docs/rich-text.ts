// Descriptions from API documents are Markdown, HTML or both. They are shown as text: tags are
// taken out (script and style with their content), entities decoded after that, and a small part
// of Markdown (paragraphs, lists, code, bold, italics, links) becomes structure the view draws
// with React elements. No part of a description ever reaches the page as HTML.

export interface Inline {
  text: string;
  code?: boolean;
  strong?: boolean;
  em?: boolean;
  /** Only http(s) and mailto links keep their target. */
  href?: string;
}

export type Block = { kind: 'paragraph'; inlines: Inline[] } | { kind: 'list'; items: Inline[][] } | { kind: 'code'; text: string };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** HTML to plain text with line structure: block tags become line breaks, list items `- ` lines. */
export function htmlToText(source: string): string {
  return decodeEntities(
    source
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<(script|style)\b[^>]*>[\s\S]*$/gi, '')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<li\b[^>]*>/gi, '\n- ')
      .replace(/<\/(p|div|h[1-6]|ul|ol|pre|blockquote|table|tr)\s*>/gi, '\n\n')
      .replace(/<code\b[^>]*>([\s\S]*?)<\/code\s*>/gi, '`$1`')
      .replace(/<(strong|b)\b[^>]*>([\s\S]*?)<\/\1\s*>/gi, '**$2**')
      .replace(/<(em|i)\b[^>]*>([\s\S]*?)<\/\1\s*>/gi, '*$2*')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<\/?[a-z][^>]*>/gi, ''),
  );
}

const safeHref = (href: string) => (/^(https?:\/\/|mailto:)/i.test(href) ? href : undefined);

export function parseInlines(text: string): Inline[] {
  const inlines: Inline[] = [];
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*|__([^_]+)__|\*([^*\s][^*]*)\*|_([^_\s][^_]*)_|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) inlines.push({ text: text.slice(last, match.index) });
    const [, code, strong, strong2, em, em2, label, href] = match;
    if (code !== undefined) inlines.push({ text: code, code: true });
    else if (strong !== undefined || strong2 !== undefined) inlines.push({ text: (strong ?? strong2)!, strong: true });
    else if (em !== undefined || em2 !== undefined) inlines.push({ text: (em ?? em2)!, em: true });
    else {
      const target = safeHref(href!);
      inlines.push(target ? { text: label!, href: target } : { text: label! });
    }
    last = match.index + match[0].length;
  }
  if (last < text.length) inlines.push({ text: text.slice(last) });
  return inlines;
}

export function richText(source: string | undefined): Block[] {
  if (!source?.trim()) return [];
  const text = htmlToText(source).replace(/\r\n?/g, '\n');
  const blocks: Block[] = [];
  const parts = text.split(/(^```[^\n]*\n[\s\S]*?^```\s*$)/m);
  for (const part of parts) {
    const fence = /^```[^\n]*\n([\s\S]*?)^```\s*$/m.exec(part);
    if (fence) {
      blocks.push({ kind: 'code', text: fence[1]!.replace(/\n$/, '') });
      continue;
    }
    for (const chunk of part.split(/\n\s*\n/)) {
      const lines = chunk.split('\n').map((line) => line.trim()).filter(Boolean);
      if (lines.length === 0) continue;
      if (lines.every((line) => /^([-*+]|\d+[.)])\s+/.test(line))) {
        blocks.push({ kind: 'list', items: lines.map((line) => parseInlines(line.replace(/^([-*+]|\d+[.)])\s+/, ''))) });
      } else {
        blocks.push({ kind: 'paragraph', inlines: parseInlines(lines.map((line) => line.replace(/^#{1,6}\s+/, '')).join(' ')) });
      }
    }
  }
  return blocks;
}

/** The text of a description on one line, for a title or a table cell. */
export function plainText(source: string | undefined): string {
  return richText(source)
    .map((block) => (block.kind === 'code' ? block.text : block.kind === 'list' ? block.items.map((item) => item.map((i) => i.text).join('')).join('; ') : block.inlines.map((i) => i.text).join('')))
    .join(' ');
}
