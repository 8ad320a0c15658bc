// Cuts a rendered line into runs of one highlight kind and one search state, for the DOM.
import type { RenderedLine, TokenKind } from './render-line';

export interface Segment {
  text: string;
  kind: TokenKind;
  /** 'current' for the match the user is on, 'hit' for the others. */
  match: 'none' | 'hit' | 'current';
}

export function lineSegments(line: Pick<RenderedLine, 'text' | 'spans' | 'matches'>, currentMatch: number): Segment[] {
  const cuts = new Set<number>([0, line.text.length]);
  for (const [from, to] of line.spans) cuts.add(from).add(to);
  for (const [from, to] of line.matches) cuts.add(from).add(to);
  const points = [...cuts].filter((p) => p >= 0 && p <= line.text.length).sort((a, b) => a - b);
  const segments: Segment[] = [];
  for (let i = 0; i + 1 < points.length; i += 1) {
    const from = points[i];
    const to = points[i + 1];
    if (from === to) continue;
    const span = line.spans.find(([a, b]) => a <= from && to <= b);
    const match = line.matches.find(([a, b]) => a <= from && to <= b);
    const segment: Segment = {
      text: line.text.slice(from, to),
      kind: span ? span[2] : 'text',
      match: match ? (match[2] === currentMatch ? 'current' : 'hit') : 'none',
    };
    const previous = segments[segments.length - 1];
    if (previous && previous.kind === segment.kind && previous.match === segment.match) previous.text += segment.text;
    else segments.push(segment);
  }
  return segments;
}
