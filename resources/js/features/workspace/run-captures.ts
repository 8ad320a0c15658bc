// After a send of a request with capture rules: read what the rules need from the response (before
// the viewer takes the body away), then apply them in their own chunk and store the values.
import type { createStore } from 'jotai';
import { toast } from '../../lib/toast';
import type { CaptureInput } from '../../model/workspace/capture';
import type { CaptureRule } from '../../model/workspace/capture-rules';
import { setCaptured } from '../../model/workspace/environment-files';
import { workspaceApplicationAtom, workspaceStoreAtom } from './workspace-atoms';

export async function runCaptures(store: ReturnType<typeof createStore>, rules: CaptureRule[], input: CaptureInput): Promise<void> {
  const { applyCaptureRules } = await import('../../model/workspace/capture');
  const { values, problems } = applyCaptureRules(rules, input);
  if (values.length > 0) {
    store.set(workspaceStoreAtom, (current) => setCaptured(current, store.get(workspaceApplicationAtom), values));
    toast.success(`Captured ${values.map((value) => `{{${value.name}}}`).join(', ')}`);
  }
  if (problems.length > 0) toast.warning('Some capture rules found nothing', { description: problems.join('; ') });
}
