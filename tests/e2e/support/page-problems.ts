// What went wrong on a page while a test ran, for a failure message: requests that failed or were
// answered with an error status, console errors and uncaught exceptions. For the few tests that
// failed once in CI without a trace (a dialog opened by a key never appeared), so that a next
// failure says whether its chunk did not load.
import type { Page } from '@playwright/test';

export function watchPageProblems(page: Page): () => string {
  const problems: string[] = [];
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} (${request.failure()?.errorText ?? 'no reason'})`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return () => (problems.length > 0 ? problems.join('\n') : 'no failed request, error status, console error or page error');
}
