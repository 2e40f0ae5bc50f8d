import type { Page } from '@playwright/test'
import { FLOW_FORMAT, type FlowDocument, type FlowEdge, type FlowNode } from '../../shared/flow/document'
import { test, expect } from './fixtures'
import { card } from './editor-helpers'
import { apiCall, botMessages, emulatorPanel, phone, type } from './emulator-helpers'

// Issue 32's "Step → canvas updated" on a large flow: a Step, and an ordinary reply, re-render only the cards whose
// look changes (the node the run left, the node now current, nodes newly on the path), never every card. Counted,
// not timed: React's DevTools hook (the one React calls on each commit, in production builds too) reports which card
// components ran. The cards are far apart, so the canvas pans to each new current node: the pan that once dipped
// the zoom below the readable band and re-rendered every card twice (renderer/canvas/reveal.ts).

const CARDS = 60 // under the canvas's virtualising threshold: every card is mounted, so any stray render counts

function chain(): FlowDocument {
  const nodes: FlowNode[] = []
  const edges: FlowEdge[] = []
  const add = (id: string, type: FlowNode['type'], name: string, config: Record<string, unknown>) =>
    nodes.push({ id, type, name, position: { x: (nodes.length % 2) * 900, y: nodes.length * 700 }, config })
  const link = (source: string, sourcePort: string, target: string) =>
    edges.push({ id: `e${edges.length}`, source, sourcePort, target })
  add('t', 'trigger', 'trigger_1', { kind: 'keyword', keywords: ['go'], matchMode: 'exact' })
  let prev = 't'
  for (let i = 0; nodes.length < CARDS - 1; i++) {
    add(`q${i}`, 'question', `ask_${i}`, { prompt: `Step ${i}?`, saveTo: `answer_${i}` })
    add(`c${i}`, 'condition', `check_${i}`, {
      join: 'and',
      rules: [{ left: `{{answer_${i}}}`, operator: 'equals', right: 'yes' }],
    })
    add(`m${i}`, 'message', `say_${i}`, { text: `Got {{answer_${i}}} at step ${i}` })
    link(prev, 'out', `q${i}`)
    link(`q${i}`, 'out', `c${i}`)
    link(`c${i}`, 'true', `m${i}`)
    link(`c${i}`, 'false', `m${i}`)
    prev = `m${i}`
  }
  add('end', 'end', 'end_1', {})
  link(prev, 'out', 'end')
  return {
    format: FLOW_FORMAT,
    id: 'x',
    name: 'Far apart',
    active: true,
    nodes,
    edges,
    samples: {},
    webhookSecretRef: null,
  }
}

// Before the app: a DevTools hook that, while `window.__cardRenders` is an array, adds the name of every flow card
// whose component ran in a commit. A fiber React processed in this commit is a new object (its alternate, or a
// mount) with the PerformedWork flag when the function ran; one it skipped is the same object as at the last commit.
const HOOK = `(() => {
  let last = new Set()
  const isCard = (f) => f.memoizedProps && f.memoizedProps.data && f.memoizedProps.data.node && f.memoizedProps.data.decor
  window.__cardRenders = null
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
        if ((f.tag === 0 || f.tag === 15) && isCard(f)) {
          now.add(f)
          if (window.__cardRenders && !last.has(f) && (f.flags & 1) === 1) window.__cardRenders.push(f.memoizedProps.data.node.name)
        }
        if (f.sibling) stack.push(f.sibling)
        if (f.child) stack.push(f.child)
      }
      last = now
    },
  }
})()`

const counting = (page: Page) => page.evaluate('window.__cardRenders = []')
const rendered = async (page: Page) => [...new Set((await page.evaluate('window.__cardRenders')) as string[])].sort()

/** Waits until the card is centred in the canvas (where the follow pan ends) and the emulator is idle again. */
async function settled(page: Page, name: string): Promise<void> {
  await expect(card(page, name)).toHaveAttribute('data-run', 'current')
  await expect
    .poll(() =>
      page.evaluate((n) => {
        const flow = document.querySelector('.react-flow')!.getBoundingClientRect()
        const c = document.querySelector(`.flow-card[data-node-name="${n}"]`)!.getBoundingClientRect()
        return Math.round(
          Math.hypot(c.x + c.width / 2 - (flow.x + flow.width / 2), c.y + c.height / 2 - (flow.y + flow.height / 2)),
        )
      }, name),
    )
    .toBeLessThan(3)
  await expect(emulatorPanel(page).getByRole('button', { name: 'Restart' })).toBeEnabled()
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
}

test('a Step and a reply re-render only the cards whose look changed, not every card', async ({ page, studio }) => {
  await page.addInitScript(HOOK)
  await studio.open(page)
  const doc = chain()
  const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name: doc.name })
  await apiCall(page, 'flows.save', { document: { ...doc, id: created.id }, expectedRevision: created.revision })
  await apiCall(page, 'breakpoints.set', {
    flowId: created.id,
    breakpoints: [{ id: 'b', at: { kind: 'node', nodeId: 'c0' }, enabled: true }],
  })
  await page.goto(`${new URL(page.url()).origin}/#/flows/${created.id}`)
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  await type(page, 'go')
  await expect(botMessages(page).last()).toContainText('Step 0?')
  await settled(page, 'ask_0')

  // The reply pauses at the breakpoint on check_0; F10 runs it and stops before say_0.
  await type(page, 'yes')
  await expect(phone(page).getByTestId('phone-paused')).toHaveText('paused at check_0')
  await settled(page, 'check_0')
  await counting(page)
  await page.keyboard.press('F10')
  await expect(phone(page).getByTestId('phone-paused')).toHaveText('paused at say_0')
  await settled(page, 'say_0')
  // check_0: current → on the path; say_0: not reached → current. Nothing else changed, nothing else renders.
  expect(await rendered(page)).toEqual(['check_0', 'say_0'])

  // say_0 runs and the run stops before ask_1.
  await counting(page)
  await page.keyboard.press('F10')
  await expect(phone(page).getByTestId('phone-paused')).toHaveText('paused at ask_1')
  await settled(page, 'ask_1')
  expect(await rendered(page)).toEqual(['ask_1', 'say_0'])

  // The last F10 of the pause: ask_1 asks and waits for the customer.
  await page.keyboard.press('F10')
  await expect(botMessages(page).last()).toContainText('Step 1?')
  await expect(phone(page).getByTestId('phone-paused')).toHaveCount(0)

  // An ordinary reply with the debugger off: check_1 and say_1 run, ask_2 waits.
  await emulatorPanel(page).getByRole('button', { name: 'Turn the debugger off' }).click()
  await expect(emulatorPanel(page).getByRole('button', { name: 'Turn the debugger on' })).toBeVisible()
  await counting(page)
  await type(page, 'yes')
  await expect(botMessages(page).last()).toContainText('Step 2?')
  await settled(page, 'ask_2')
  expect(await rendered(page)).toEqual(['ask_1', 'ask_2', 'check_1', 'say_1'])
})
