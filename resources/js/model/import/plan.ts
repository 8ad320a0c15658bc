// What an import writes into a workspace that already has files: nothing is overwritten unless
// the user said so (the CLI's --overwrite, the page's question); each file left alone is a line of
// the report. Pure.
import type { ImportResult, SkippedItem } from './batch';

export interface ImportWrite {
  path: string;
  content: object;
}

/** Paths of the import that already exist in the workspace. */
export function existingPaths(result: ImportResult, existing: Iterable<string>): string[] {
  const taken = new Set(existing);
  return [...result.environments, ...result.folders, ...result.requests].map((file) => file.path).filter((path) => taken.has(path));
}

export function planWrites(result: ImportResult, existing: Iterable<string>, overwrite: boolean, howToOverwrite: string): { writes: ImportWrite[]; left: SkippedItem[] } {
  const taken = new Set(existingPaths(result, existing));
  const writes: ImportWrite[] = [];
  const left: SkippedItem[] = [];
  for (const file of [...result.environments, ...result.folders, ...result.requests]) {
    if (taken.has(file.path) && !overwrite) left.push({ file: file.path, item: 'name' in file.content ? file.content.name : `folder ${file.content.folder || '(the workspace)'}`, reason: `${file.path} exists in the workspace and was not overwritten (${howToOverwrite})` });
    else writes.push(file);
  }
  return { writes, left };
}

/** The report as lines of text, for the command line. */
export function reportLines(result: ImportResult, left: SkippedItem[] = []): string[] {
  const { report } = result;
  const skipped = [...report.skipped, ...left];
  return [
    `${report.requests} request${report.requests === 1 ? '' : 's'}, ${report.environments} environment${report.environments === 1 ? '' : 's'}${report.matched > 0 ? `; ${report.matched} matched to a known route` : ''}`,
    ...(report.converted.length > 0 ? ['Converted:', ...report.converted.map((line) => `  ${line}`)] : []),
    ...(report.keptAsNote.length > 0 ? ['Kept as a note:', ...report.keptAsNote.map((line) => `  ${line}`)] : []),
    ...(skipped.length > 0 ? ['Not imported:', ...skipped.map((item) => `  ${item.file}${item.item ? ` › ${item.item}` : ''}: ${item.reason}`)] : []),
  ];
}
