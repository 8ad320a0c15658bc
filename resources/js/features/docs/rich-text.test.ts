import { describe, expect, it } from 'vitest';
import { decodeEntities, htmlToText, plainText, richText } from './rich-text';

describe('descriptions as safe text', () => {
  it('takes tags out, scripts and styles with their content, and decodes entities afterwards', () => {
    expect(htmlToText('<p>Hello <b>you</b></p><script>alert(1)</script><img src=x onerror=alert(2)>&lt;script&gt;')).toBe('Hello **you**\n\n<script>');
    expect(htmlToText('a<style>p{}</style>b<script>never closed')).toBe('ab');
    expect(decodeEntities('&amp;lt; &#65;&#x42; &bogus;')).toBe('&lt; AB &bogus;');
  });

  it('reads paragraphs, lists, code and inline Markdown', () => {
    expect(richText('First **bold** and `code`.\n\n- one\n- [two](https://example.com)\n\n```\n{"a": 1}\n```')).toEqual([
      { kind: 'paragraph', inlines: [{ text: 'First ' }, { text: 'bold', strong: true }, { text: ' and ' }, { text: 'code', code: true }, { text: '.' }] },
      { kind: 'list', items: [[{ text: 'one' }], [{ text: 'two', href: 'https://example.com' }]] },
      { kind: 'code', text: '{"a": 1}' },
    ]);
  });

  it('keeps only web and mail links', () => {
    expect(richText('[x](javascript:alert(1))')).toEqual([{ kind: 'paragraph', inlines: [{ text: 'x' }, { text: ')' }] }]);
    expect(plainText('<ul><li>a</li><li>b</li></ul>')).toBe('a; b');
    expect(richText('  ')).toEqual([]);
  });
});
