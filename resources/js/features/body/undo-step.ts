// One step that can be undone (an auto-fill): the fields it replaced, as they were and as it left them.
import type { RequestState } from '../../model/request/request-state';

export interface UndoStep {
  before: Partial<RequestState>;
  after: Partial<RequestState>;
}

export function undoStep(previous: RequestState, patch: Partial<RequestState>): UndoStep {
  const before: Partial<RequestState> = {};
  for (const key of Object.keys(patch) as Array<keyof RequestState>) Object.assign(before, { [key]: previous[key] });
  return { before, after: patch };
}

/** Whether nothing the step changed has been edited since, so undoing it loses no typing. */
export function stillApplied(step: UndoStep, current: RequestState): boolean {
  return (Object.keys(step.after) as Array<keyof RequestState>).every((key) => JSON.stringify(current[key]) === JSON.stringify(step.after[key]));
}

const rowsHaveContent = (rows: Array<{ name: string; value: string }>) => rows.some((row) => row.value.trim() !== '');

/** Whether the patch replaces something the user typed (a body, form fields, query values). */
export function replacesTypedInput(previous: RequestState, patch: Partial<RequestState>): boolean {
  return (
    (patch.jsonBody !== undefined && previous.jsonBody.trim() !== '' && patch.jsonBody !== previous.jsonBody) ||
    (patch.rawBody !== undefined && previous.rawBody.trim() !== '' && patch.rawBody !== previous.rawBody) ||
    (patch.formFields !== undefined && rowsHaveContent(previous.formFields)) ||
    (patch.multipartFields !== undefined && rowsHaveContent(previous.multipartFields)) ||
    (patch.query !== undefined && rowsHaveContent(previous.query))
  );
}
