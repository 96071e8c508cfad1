import { serverAndBrowser } from '../helpers/e2e';

/**
 * The API reference opens in a browser from the server alone (its files are ours, not a CDN's) under the app's
 * Content-Security-Policy, and shows the routes of the OpenAPI document with who may call them.
 */
const running = serverAndBrowser();

it('renders the interactive API reference at /api/docs', async () => {
  const context = await running.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(running.server.url)) outside.push(request.url());
  });

  await page.goto(`${running.server.url}/api/docs`);
  await page.getByText('Driver staffing back-office API').waitFor();
  // A route's summary, in its tag's section; opening it shows who may call it.
  const login = page.getByText('Staff login', { exact: true });
  await login.waitFor();
  await page.getByText('Add a shift', { exact: true }).click();
  await page.getByText('Who may call: administrator, manager.').waitFor();
  await page.getByRole('button', { name: /Authorize/ }).first().waitFor();

  expect(refused).toEqual([]);
  expect(outside).toEqual([]);
  await context.close();
});
