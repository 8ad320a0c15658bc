// What the auto-fill benchmark runs of the app, bundled for Node by bench/autofill-validity.bench.mjs.
export { loadAutofillKit } from '../resources/js/features/body/autofill-kit';
export { autofillWithChoices } from '../resources/js/features/body/autofill';
export { isListEndpoint, querySchema } from '../resources/js/features/body/autofill-request';
export { linkRouteSchemas } from '../resources/js/model/json-schema/refs';
export { describeUnsatisfiable, unsatisfiable } from '../resources/js/features/body/schema-satisfiable';
