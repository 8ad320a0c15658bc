// Marks `{{variables}}` where they are typed: a highlight drawn behind the input's own text (green
// when the variable has a value, red when it has none), kept in step with the input's scrolling.
// The values themselves show in the input's title on hover, secrets masked.
import { useLayoutEffect, useRef } from 'react';
import { displayValue, segments, type VariableScope } from '../model/workspace/variables';

/** The hover text for a value with variables, and whether any has no value. */
export function variableSummary(text: string, scope: VariableScope): { title: string; unresolved: boolean } {
  const lines: string[] = [];
  let unresolved = false;
  for (const segment of segments(text, scope)) {
    if (!segment.name || lines.some((line) => line.startsWith(`{{${segment.name}}} `))) continue;
    if (segment.resolved) lines.push(`{{${segment.name}}} = ${displayValue(segment.resolved)} (${segment.resolved.source})`);
    else {
      unresolved = true;
      lines.push(`{{${segment.name}}} has no value`);
    }
  }
  return { title: lines.join('\n'), unresolved };
}

export function VariableBackdrop({ text, scope }: { text: string; scope: VariableScope }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const backdrop = ref.current;
    const input = backdrop?.parentElement?.querySelector('input');
    if (!backdrop || !input) return;
    const style = getComputedStyle(input);
    backdrop.style.font = style.font;
    backdrop.style.letterSpacing = style.letterSpacing;
    backdrop.style.paddingLeft = `${parseFloat(style.paddingLeft) + parseFloat(style.borderLeftWidth)}px`;
    backdrop.style.paddingRight = style.paddingRight;
    const follow = () => {
      backdrop.scrollLeft = input.scrollLeft;
    };
    follow();
    const events = ['scroll', 'input', 'keyup', 'select', 'focus', 'blur'] as const;
    for (const name of events) input.addEventListener(name, follow);
    return () => {
      for (const name of events) input.removeEventListener(name, follow);
    };
  }, [text]);
  return (
    <span ref={ref} className="kite-var-backdrop" aria-hidden="true">
      {segments(text, scope).map((segment, index) =>
        segment.name ? (
          <mark key={index} data-state={segment.resolved ? 'resolved' : 'unresolved'}>
            {segment.text}
          </mark>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </span>
  );
}
