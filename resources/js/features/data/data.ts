// The data feature's entry: the pickers (user, binding) and the database values auto-fill asks for,
// each loaded when first needed.
export const loadDataPicker = () => import('./DataPicker');
export const loadDatabaseValues = () => import('./database-values');
