// What the open run dialog runs: a folder (`''` the top level) or a selection; null when none. The
// shell's RunHost shows the dialog for it; the Saved pane sets it through the tools app/ hands it
// (app/client-screen/saved-pane.tsx), so neither the shell nor the runs import the workspace for it.
import { atom } from 'jotai';
import type { RunTarget } from '../../model/runs/run-plan';

export const runTargetAtom = atom<RunTarget | null>(null);
