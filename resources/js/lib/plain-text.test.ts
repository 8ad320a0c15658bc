import { describe, expect, it } from 'vitest';
import { toPlainText } from './plain-text';

describe('descriptions as plain text', () => {
  it('reads Markdown as the words a person sees', () => {
    expect(toPlainText('# Create a **repository**\n\nSee [the guide](https://x.dev/guide) and `POST /repos`.\n\n- one\n- _two_')).toBe(
      'Create a repository\n\nSee the guide and POST /repos.\n\none\ntwo',
    );
  });

  it('drops tags, and scripts and styles with their content', () => {
    expect(toPlainText('<p>Hello <b>world</b></p><script>alert(1)</script><style>p{}</style><img src=x onerror=alert(1)>')).toBe('Hello world');
  });

  it('decodes entities once, so escaped markup shows as text and never becomes a tag', () => {
    const text = toPlainText('Use &lt;script&gt; &amp;amp; &#x41;');
    expect(text).toBe('Use <script> &amp; A');
    // The result goes into a text node: what looks like a tag is shown, not run.
    const node = document.createElement('div');
    node.textContent = text;
    expect(node.querySelector('script')).toBeNull();
  });

  it('cuts a long description at a word with an ellipsis', () => {
    expect(toPlainText('Lists the repositories of the authenticated user, newest first.', 30)).toBe('Lists the repositories of the…');
  });

  it('gives an empty string for nothing', () => {
    expect(toPlainText(undefined)).toBe('');
  });
});
