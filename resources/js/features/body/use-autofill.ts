// Auto-fill from the route's schema, undoable: its toast offers Undo when it replaced what the user
// typed, and Ctrl/Cmd+Z right after it (wherever the focus is) brings the previous values back.
// The fill is async on first use (the generators load), so it is held in pending-edits: a Send
// right after it waits for it and sends the auto-filled request.
import { matchesShortcut } from '../../lib/keyboard-shortcuts';
import { useWindowKeydown } from '../../lib/use-window-keydown';
import { type useStore, useSetAtom } from 'jotai';
import { useCallback, useRef } from 'react';
import type { RoutesResponse } from '../../../../protocol/types';
import { toast } from '../../lib/toast';
import { activeRoute } from '../routes/routes';
import { autofillBranchesAtom, autofillChoicesAtom, autofillFieldsAtom } from './autofill-atoms';
import { autofillKit } from './generator-kits';
import { flushPendingEdits, holdUntilApplied } from '../../lib/pending-edits';
import { requestStateAtom, updateRequestAtom } from '../tabs/tabs';
import { replacesTypedInput, stillApplied, type UndoStep, undoStep } from './undo-step';
import { loadDatabaseValues } from '../data/data';

export function useAutofill(store: ReturnType<typeof useStore>, routes: RoutesResponse | null) {
  const update = useSetAtom(updateRequestAtom);
  const last = useRef<UndoStep | null>(null);

  const undo = useCallback((): boolean => {
    flushPendingEdits();
    const step = last.current;
    if (!step || !stillApplied(step, store.get(requestStateAtom))) return false;
    last.current = null;
    update(step.before);
    return true;
  }, [store, update]);

  const run = useCallback(
    (seed?: number) =>
      holdUntilApplied(
        (async () => {
          flushPendingEdits();
          try {
            // Auto-fill and its generators are chunks of their own, loaded on first use.
            const [kit, { autofillRequest }, { autofill, newSeed }, { uniqueCandidates, withDatabaseValues }] = await Promise.all([
              autofillKit(),
              import('./autofill-request'),
              import('./autofill'),
              loadDatabaseValues(),
            ]);
            const fillSeed = seed ?? newSeed();
            // `exists:` fields get values that are in the app's tables, `unique:` fields values that
            // are not (when the host has data pickers).
            const candidates = uniqueCandidates((schema, name, candidateSeed) => autofill(schema, kit, candidateSeed, name), fillSeed);
            const route = await withDatabaseValues(activeRoute(routes, store.get(requestStateAtom)), candidates);
            const current = store.get(requestStateAtom);
            const branches = route ? store.get(autofillBranchesAtom)[route.id] : undefined;
            const { patch, filled, choices, noValue } = autofillRequest(current, route, kit, fillSeed, { fields: store.get(autofillFieldsAtom), branches });
            store.set(autofillChoicesAtom, { routeId: route?.id ?? '', choices, noValue });
            if (filled.length === 0) {
              toast.info(route ? 'This route has no schema to fill from.' : 'Pick a route to fill from its schema.');
              return;
            }
            last.current = undoStep(current, patch);
            update(patch);
            if (replacesTypedInput(current, patch)) {
              toast.success('Auto-filled over what you typed', {
                description: 'Ctrl+Z (⌘Z on a Mac) brings it back.',
                action: { label: 'Undo', onClick: () => void undo() },
              });
            }
          } catch (error) {
            toast.error('Auto-fill failed', { description: error instanceof Error ? error.message : String(error) });
          }
        })(),
      ),
    [store, routes, update, undo],
  );

  useWindowKeydown(
    (event) => {
      if (!matchesShortcut('undo-autofill', event)) return;
      // Captured before the editors: once anything the fill changed was edited, their own undo runs.
      if (undo()) {
        event.preventDefault();
        event.stopPropagation();
      }
    },
    { capture: true },
  );

  return run;
}
