// A description from an API document drawn as React elements (rich-text.ts reads it as text
// first: nothing of it reaches the page as HTML). Shared by the Docs panel and the parameter docs
// beside the builder's rows; its styles come with it.
import '../../../css/rich-text.lazy.css';
import { type Block, type Inline, richText } from './rich-text';

export function RichText({ source, inline = false }: { source: string | undefined; inline?: boolean }) {
  const blocks = richText(source);
  if (blocks.length === 0) return null;
  if (inline) return <span className="kite-rich">{blocks.map((block, i) => <InlineBlock key={i} block={block} />)}</span>;
  return (
    <div className="kite-rich">
      {blocks.map((block, i) =>
        block.kind === 'code' ? (
          <pre key={i} className="kite-rich-code">
            {block.text}
          </pre>
        ) : block.kind === 'list' ? (
          <ul key={i}>
            {block.items.map((item, j) => (
              <li key={j}>
                <Inlines inlines={item} />
              </li>
            ))}
          </ul>
        ) : (
          <p key={i}>
            <Inlines inlines={block.inlines} />
          </p>
        ),
      )}
    </div>
  );
}

function InlineBlock({ block }: { block: Block }) {
  if (block.kind === 'code') return <code>{block.text} </code>;
  if (block.kind === 'list') return <>{block.items.map((item, i) => <Inlines key={i} inlines={item} />)} </>;
  return (
    <>
      <Inlines inlines={block.inlines} />{' '}
    </>
  );
}

function Inlines({ inlines }: { inlines: Inline[] }) {
  return (
    <>
      {inlines.map((inline, i) => {
        if (inline.code) return <code key={i}>{inline.text}</code>;
        if (inline.strong) return <strong key={i}>{inline.text}</strong>;
        if (inline.em) return <em key={i}>{inline.text}</em>;
        if (inline.href)
          return (
            <a key={i} href={inline.href} target="_blank" rel="noopener noreferrer">
              {inline.text}
            </a>
          );
        return <span key={i}>{inline.text}</span>;
      })}
    </>
  );
}
