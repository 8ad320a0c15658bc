// The tab on screen shows its last response from history when it has none in memory: after a
// reload, and when a tab opened from a history entry comes up. Read once per entry; a request of
// the tab's own that starts meanwhile wins.
import { atom, useAtomValue, useStore } from 'jotai';
import { useEffect } from 'react';
import type { HistoryState } from '../history/history';
import { activeTabAtom, tabCallAtom } from './tab-atoms';

/**
 * Whether the tab on screen names a history entry its call does not hold, with no request running.
 * A boolean, so that the screen using this hook re-renders when it flips, not with every change of
 * the call (an answer shown at the floor re-renders the response pane alone, issue 31).
 */
const entryWantedAtom = atom((get) => {
  const tab = get(activeTabAtom);
  const call = get(tabCallAtom(tab.id));
  return tab.historyId !== null && call.entryId !== tab.historyId && call.controller === null;
});

export function useTabResponse(history: HistoryState): void {
  const store = useStore();
  const tab = useAtomValue(activeTabAtom);
  const entryId = tab.historyId;
  const entryWanted = useAtomValue(entryWantedAtom);
  const wanted = history.loaded && entryWanted;
  useEffect(() => {
    if (!wanted || !entryId) return;
    const target = tabCallAtom(tab.id);
    store.set(target, (previous) => ({ ...previous, entryId }));
    const entry = history.entries.find((item) => item.id === entryId);
    if (!entry) return;
    void history.response(entry).then((response) => {
      const now = store.get(target);
      if (now.entryId === entryId && now.controller === null) store.set(target, { ...now, response });
    });
  }, [wanted, entryId, tab.id, history, store]);
}
