// Before a Send: the open tab is pinned. A tab from a shared link asks first when its URL puts a
// secret variable's value in it; its "Send anyway" sends again.
import type { Atom, useStore } from 'jotai';
import { startTransition } from 'react';
import { toast } from '../../lib/toast';
import type { VariableScope } from '../../model/workspace/variables';
import { secretsInDestination, sharedDestination } from './shared-destination';
import { activeTabAtom, openRequestAtom, updateTabAtom } from './tab-atoms';

type Store = ReturnType<typeof useStore>;

/**
 * False when the Send must wait for the user's answer.
 * @param scopeAtom the workspace's variable scope (app/ hands it over: the workspace imports tabs)
 */
export function beforeSend(store: Store, baseUrl: string, scopeAtom: Atom<VariableScope>, send: () => void): boolean {
  const open = store.get(activeTabAtom);
  if (open.fromLink) {
    const state = store.get(openRequestAtom);
    const scope = store.get(scopeAtom);
    const secrets = secretsInDestination(state, scope);
    if (secrets.length > 0) {
      toast.warning(`This shared request puts the secret ${secrets.length === 1 ? 'variable' : 'variables'} ${secrets.map((name) => `{{${name}}}`).join(', ')} in its URL`, {
        description: `Its value would go to ${sharedDestination(state, baseUrl, scope)}. Send only if you trust that address.`,
        duration: 15_000,
        action: {
          label: 'Send anyway',
          onClick: () => {
            store.set(updateTabAtom, { id: open.id, change: { fromLink: undefined } });
            send();
          },
        },
        cancel: { label: 'Not now', onClick: () => {} },
      });
      return false;
    }
  }
  // A transition, so that the Send's call leaves before React draws the pinned tab (see useSender).
  if (open.preview || open.fromLink) startTransition(() => store.set(updateTabAtom, { id: open.id, change: { preview: undefined, fromLink: undefined } }));
  return true;
}
