import { expect, test } from './fixtures'

// Issue 18, case 8: the browser host requires the session token it prints, on the page and on its socket.
test('a browser without the token is told to open the printed address; the printed address opens the studio', async ({
  browser,
  studio,
}) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${studio.url}/#/flows`)
  await expect(page.getByText("This address needs the studio's session token")).toBeVisible()
  await page.goto(`${studio.url}/?token=${studio.token}#/flows`)
  await expect(page.getByRole('heading', { name: 'Flows', level: 1 })).toBeVisible()
  // Issue 39: the token left the address bar (and the history) for the cookie; the page's own route stayed.
  expect(page.url()).toBe(`${studio.url}/#/flows`)
  // The address without the token now works too: opening the printed one left the token in a cookie.
  await page.goto(`${studio.url}/#/flows`)
  await expect(page.getByRole('button', { name: 'Create your first flow' })).toBeVisible()
  await context.close()
})
