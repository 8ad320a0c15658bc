// A large document split into sections of whole lines, so each section can be edited in its own
// small textarea (a browser textarea holding megabytes takes seconds per keystroke).

export const CHUNK_LINES = 400;

export function splitIntoChunks(text: string, linesPerChunk = CHUNK_LINES): string[] {
  const chunks: string[] = [];
  let start = 0;
  while (start <= text.length) {
    let end = start;
    let lines = 0;
    while (lines < linesPerChunk) {
      const next = text.indexOf('\n', end);
      if (next === -1) {
        end = text.length;
        break;
      }
      lines += 1;
      end = next + (lines < linesPerChunk ? 1 : 0);
    }
    if (lines < linesPerChunk || end >= text.length) {
      chunks.push(text.slice(start));
      break;
    }
    chunks.push(text.slice(start, end));
    start = end + 1; // the newline between two chunks belongs to neither
  }
  return chunks;
}

/** The document again: chunks are joined by the newline that separated them. */
export function joinChunks(chunks: string[]): string {
  return chunks.join('\n');
}

export function countLines(text: string): number {
  let lines = 1;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines += 1;
  return lines;
}
