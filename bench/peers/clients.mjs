// The four clients and how a person sends one request in each: the clicks that reveal the send
// button for an operation, and that button. Kite's by role and visible text as in its e2e tests.
import { pathFor } from './api.mjs';

/** @typedef {{ id: string, name: string, sendPath: string, url: (urls: { kite: string, pages: string }) => string, sendButton: (page: import('@playwright/test').Page, size: { id: string, label: string }, timeout: number) => Promise<import('@playwright/test').Locator> }} Client */

/** @type {Client[]} */
export const CLIENTS = [
  {
    id: 'kite',
    name: 'Kite',
    sendPath: 'route in the explorer → Send',
    url: (urls) => urls.kite,
    async sendButton(page, size, timeout) {
      await page.getByRole('navigation', { name: 'Routes' }).getByRole('button', { name: `GET ${pathFor(size.id)}`, exact: true }).click({ timeout });
      return page.getByRole('region', { name: 'Request' }).getByRole('button', { name: 'Send', exact: true });
    },
  },
  {
    id: 'scalar',
    name: 'Scalar',
    sendPath: 'operation in the sidebar → Test Request → Send',
    url: (urls) => `${urls.pages}/scalar.html`,
    async sendButton(page, size, timeout) {
      // Operations far down the page are rendered only once scrolled to; the sidebar gets there.
      const sidebar = page.getByRole('complementary', { name: /^Sidebar/ });
      await sidebar.getByRole('link', { name: `JSON body of ${size.label} HTTP Method: GET`, exact: true }).click({ timeout });
      await page.getByRole('button', { name: `Test Request (get ${pathFor(size.id)})`, exact: true }).click({ timeout });
      return page.getByRole('button', { name: /^Send\b/ }).first();
    },
  },
  {
    id: 'swagger',
    name: 'Swagger UI',
    sendPath: 'operation → Try it out → Execute',
    url: (urls) => `${urls.pages}/swagger.html`,
    async sendButton(page, size, timeout) {
      await page.getByRole('button', { name: `GET ${pathFor(size.id)} JSON body of ${size.label}`, exact: true }).click({ timeout });
      await page.getByRole('button', { name: 'Try it out', exact: true }).click({ timeout });
      return page.getByRole('button', { name: 'Execute', exact: true });
    },
  },
  {
    id: 'rapidoc',
    name: 'RapiDoc',
    sendPath: 'operation in the nav bar → TRY',
    url: (urls) => `${urls.pages}/rapidoc.html`,
    async sendButton(page, size, timeout) {
      // The nav entry's text span does not take clicks; its row (a div with the operation id) does.
      await page.locator(`[id="link-get-${pathFor(size.id)}"]`).click({ timeout });
      return page.getByRole('button', { name: 'TRY', exact: true });
    },
  },
];
