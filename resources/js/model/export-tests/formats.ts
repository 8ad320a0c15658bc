// The formats a saved request exports to as a test: its own small module, so the Saved pane's menu
// lists them without loading the generators. Pure.
export const TEST_FORMATS = [
  { id: 'phpunit', label: 'PHPUnit (Laravel)' },
  { id: 'pest', label: 'Pest (Laravel)' },
  { id: 'node', label: 'node:test (Node)' },
] as const;

export type TestFormat = (typeof TEST_FORMATS)[number]['id'];

export const isTestFormat = (value: unknown): value is TestFormat => TEST_FORMATS.some((format) => format.id === value);
