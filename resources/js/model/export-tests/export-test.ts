// Export to a framework test: saved requests (one, or a folder's in file-name order) become one
// test that sends them in order, captured values flowing from one to the next, each assertion
// checked: a PHPUnit or Pest feature test for a Laravel application, a node:test file for an API
// behind the Node host. The app's "Export as test…" and `kite export-test` both call this. Pure.
import type { EnvironmentFile, SavedRequestFile } from '../../../../protocol/types';
import { isTestFormat, TEST_FORMATS, type TestFormat } from './formats';
import { toPest, toPhpunit } from './laravel';
import { toNodeTest } from './node-test';
import { testPlan } from './plan';

export { isTestFormat, TEST_FORMATS, type TestFormat };

export interface ExportedTest {
  fileName: string;
  text: string;
  /** What the test does not do as Kite does (also written at the top of the file). */
  notes: string[];
}

/**
 * The test of saved requests, in the order given. `title` names the test (the folder's or the
 * request's name); the environment's plain values are written in, anything secret is read from
 * KITE_VAR_<name> when the test runs.
 */
export function exportTest(files: Array<Partial<SavedRequestFile>>, format: TestFormat, title: string, environment?: EnvironmentFile): ExportedTest {
  const plan = testPlan(files, environment);
  const made = format === 'node' ? toNodeTest(plan, title) : format === 'pest' ? toPest(plan, title) : toPhpunit(plan, title);
  return { ...made, notes: plan.notes };
}
