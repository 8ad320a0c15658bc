// A host's one-line text whose `code spans` are set as code (an extraction error's fix). Text only:
// nothing of it reaches the page as HTML.
export function CodeSpans({ text }: { text: string }) {
  const parts = text.split('`');
  // An odd count of backticks leaves the last one as text.
  if (parts.length % 2 === 0) parts.splice(parts.length - 2, 2, `${parts[parts.length - 2]}\`${parts[parts.length - 1]}`);
  return <>{parts.map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}</>;
}
