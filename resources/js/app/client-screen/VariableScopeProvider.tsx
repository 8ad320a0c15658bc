// Hands the workspace's variable scope to the shared fields (components/variable-scope.ts), so a
// field marks `{{variables}}` with the active environment's values. Only the fields re-render when
// the scope changes, as when each read the atom itself.
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { VariableScopeContext } from '../../components/variable-scope';
import { variableScopeAtom } from '../../features/workspace/workspace';

export function VariableScopeProvider({ children }: { children: ReactNode }) {
  return <VariableScopeContext value={useAtomValue(variableScopeAtom)}>{children}</VariableScopeContext>;
}
