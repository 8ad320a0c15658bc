// What auto-fill is asked for beyond the seed: how many optional fields, and which oneOf/anyOf
// branch each polymorphic value takes (per route); and the branch choices the last fill made, so
// the builder can show them ("Card · one of 3") and let the user switch.
import { atom } from 'jotai';
import type { BranchChoice, FieldsMode } from './autofill';

export const autofillFieldsAtom = atom<FieldsMode>('some');

/** Per route id: the branch index chosen for each value path (`BranchChoice.path`). */
export const autofillBranchesAtom = atom<Record<string, Record<string, number>>>({});

/** The choices of the last auto-fill and the route they belong to; `noValue`: its body schema accepts no value (why, where). */
export const autofillChoicesAtom = atom<{ routeId: string; choices: BranchChoice[]; noValue?: string }>({ routeId: '', choices: [] });
