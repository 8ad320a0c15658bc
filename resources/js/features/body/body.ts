// The body feature's entry: what other features use of it. The editors (BodyEditor, the JSON editor)
// are a lazy chunk; auto-fill's atoms, labels and hook are in the first load, its work is not.
export { autofillBranchesAtom, autofillChoicesAtom, autofillFieldsAtom } from './autofill-atoms';
export { branchLabel, type FieldsMode } from './autofill-labels';
export { generateValue } from './generator-kits';
export { useAutofill } from './use-autofill';
export const loadBodyEditor = () => import('./BodyEditor');
/** Notes a validation answer's messages under the fields they name (after a 422). */
export const loadNoteFieldErrors = () => import('./note-field-errors');
