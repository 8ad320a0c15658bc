// The import feature's entry: what other features use of it. The import itself (ImportFlow) is a
// lazy chunk the Saved pane opens; the export menu is small and loads its work when chosen.
export { ExportMenu } from './ExportMenu';
export const loadImportFlow = () => import('./ImportFlow');
