// Descriptions in API documents are Markdown, often with HTML inside. The route explorer and the
// builder show them as plain text: no tags, no entities left raw, no markup that could run. The
// result is text for a text node (React escapes it); nothing here builds HTML.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const point = code[1].toLowerCase() === 'x' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
    }
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/**
 * Markdown/HTML to plain text: script and style blocks dropped with their content, other tags
 * removed (block tags become line breaks), links and images reduced to their text, emphasis, code
 * marks and heading/list/quote markers removed, entities decoded once, runs of blank lines folded.
 * `maxLength` cuts at a word boundary with an ellipsis.
 */
export function toPlainText(source: string | undefined, maxLength?: number): string {
  if (!source) return '';
  let text = source
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|iframe|object|embed|template)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<(script|style|iframe|object|embed|template)\b[^>]*>/gi, '')
    .replace(/<\s*(br|\/p|\/div|\/li|\/h[1-6]|\/tr|p|div|li|h[1-6]|tr)\b[^>]*>/gi, '\n')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/<[a-z/!][^>]*$/i, '');
  text = text
    .replace(/```[^\n]*\n([\s\S]*?)```/g, '$1')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/^[ \t]{0,3}\[[^\]]+\]:[ \t]*\S+.*$/gm, '')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[^\w*])[*_](?=\S)([^*_\n]*?\S)[*_](?!\w)/g, '$1$2')
    .replace(/~~(.*?)~~/g, '$1')
    .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '')
    .replace(/^[ \t]{0,3}>[ \t]?/gm, '')
    .replace(/^[ \t]*[-*+][ \t]+/gm, '')
    .replace(/^[ \t]*(\d+)\.[ \t]+/gm, '$1. ')
    .replace(/^[ \t]*([-*_][ \t]*){3,}$/gm, '')
    .replace(/^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*$/gm, '')
    .replace(/\|/g, ' ');
  text = decodeEntities(text)
    // What decoding revealed is text too: a decoded `<script>` stays visible, never markup.
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (maxLength !== undefined && text.length > maxLength) {
    const cut = text.slice(0, maxLength - 1);
    const space = cut.lastIndexOf(' ');
    const atWord = text[maxLength - 1] === ' ';
    text = `${(atWord || space <= maxLength / 2 ? cut : cut.slice(0, space)).trimEnd()}…`;
  }
  return text;
}
