import fs from 'node:fs'
import path from 'node:path'
import { test, expect } from './fixtures'
import { apiCall, botMessages, emulatorPanel, phone, type } from './emulator-helpers'

// Issue 32: a Step draws again only the Debug tab's variable rows whose value it changed. The session store keeps an
// unchanged value's object (renderer/emulator/keep-equal.ts), the rows are memoised on it, and the busy flag of the
// step in flight no longer takes the rows' Edit buttons out of the page and puts them back. Counted, not timed:
// React's DevTools hook reports which row components ran in each commit, a MutationObserver what left the page.

const HOOK = `(() => {
  let last = new Set()
  const isRow = (f) => f.memoizedProps && typeof f.memoizedProps.name === 'string' && 'output' in f.memoizedProps && 'editable' in f.memoizedProps
  window.__rowRenders = null
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) { const id = this.renderers.size + 1; this.renderers.set(id, renderer); return id },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(id, root) {
      const now = new Set()
      const stack = [root.current]
      while (stack.length) {
        const f = stack.pop()
        if ((f.tag === 0 || f.tag === 15 || f.tag === 14) && isRow(f)) {
          now.add(f)
          if (window.__rowRenders && !last.has(f) && (f.flags & 1) === 1) window.__rowRenders.push(f.memoizedProps.name)
        }
        if (f.sibling) stack.push(f.sibling)
        if (f.child) stack.push(f.child)
      }
      last = now
    },
  }
})()`

// From here until read: the rows rendered, and the Edit buttons removed from the variables section.
const WATCH = `(() => {
  window.__rowRenders = []
  window.__removedEdits = 0
  const vars = document.querySelector('.dbg-vars')
  window.__watch = new MutationObserver((records) => {
    for (const r of records)
      for (const n of r.removedNodes)
        if (n.nodeType === 1 && (n.matches('button.emu-link') || n.querySelector('button.emu-link'))) window.__removedEdits++
  })
  window.__watch.observe(vars, { childList: true, subtree: true })
})()`

test('a Step redraws only the variable rows it changed, and keeps every row’s Edit button in the page', async ({
  page,
  studio,
}) => {
  await page.addInitScript(HOOK)
  await studio.open(page)
  const file = path.resolve(import.meta.dirname, '../../resources/examples/age-gate.flow.json')
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'))
  const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name: doc.name })
  await apiCall(page, 'flows.save', { document: { ...doc, id: created.id }, expectedRevision: created.revision })
  const isAdult = doc.nodes.find((n: { name: string }) => n.name === 'is_adult').id
  await apiCall(page, 'breakpoints.set', {
    flowId: created.id,
    breakpoints: [{ id: 'b', at: { kind: 'node', nodeId: isAdult }, enabled: true }],
  })
  await page.goto(`${new URL(page.url()).origin}/#/flows/${created.id}`)
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  await type(page, 'wine')
  await expect(botMessages(page).last()).toContainText('How old are you?')
  await type(page, '40')
  await expect(phone(page).getByTestId('phone-paused')).toHaveText('paused at is_adult')
  const debug = emulatorPanel(page).getByLabel('Debugger', { exact: true })
  await expect(debug.getByTestId('debug-var-age')).toContainText('40')
  await expect(debug.getByRole('button', { name: 'Edit age' })).toBeVisible()
  const before = await debug.locator('.dbg-var').evaluateAll((rows) => rows.map((r) => r.textContent))

  await page.evaluate(WATCH)
  await page.keyboard.press('F10')
  await expect(phone(page).getByTestId('phone-paused')).toHaveText('paused at welcome')
  await expect(emulatorPanel(page).getByRole('button', { name: 'Restart' })).toBeEnabled()
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))

  const after = await debug.locator('.dbg-var').evaluateAll((rows) => rows.map((r) => r.textContent))
  const rendered = [...new Set((await page.evaluate('window.__rowRenders')) as string[])]
  // The rows the Step changed may render; age, the customer's name and every other unchanged row do not.
  const changed = after.filter((t) => !before.includes(t)).length
  expect(rendered).not.toContain('age')
  expect(rendered).not.toContain('customer_name')
  expect(rendered.length).toBeLessThanOrEqual(changed)
  expect(await page.evaluate('window.__removedEdits')).toBe(0)
  await expect(debug.getByRole('button', { name: 'Edit age' })).toBeVisible()
})
