// The debugger's Step as a tester feels it (issue #32, "from Step to the canvas and panels updated"), in the browser
// suite's Chromium (bench/suites/emulator.ts), on three flows: the age-gate and appointment examples and the 500-node
// generated flow of bench/emulator-debug.ts. Each flow has a step plan: a start keyword, then rounds of a customer
// reply that hits a breakpoint and the nodes F10 then stops at, one by one. Each F10 is timed inside the page from its
// keydown to the first animation frame after the Debug tab's heading, the phone's "paused at" line and the canvas's
// current card all name the next node; one more F10 runs the last node (it waits for the customer, or ends the run).
// Beside it, the same replies with the debugger off (reply → the bubble the stepped nodes lead to, on screen), as
// many as there were steps.
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import type { FlowDocument } from '../shared/flow/document'
import { generatedFlow } from './emulator-debug'

const ROOT = path.resolve(import.meta.dirname, '..')
const STEPS = 30 // timed F10s per flow, and as many replies for the baseline
const STEP_MS = 10_000

type Api = (page: Page, command: string, payload: unknown) => Promise<{ id: string; revision: number } & object>

/** Typed text, or a row picked in the sheet that the last bubble's `list` button opens. */
type Reply = { text: string } | { list: string; row: string }

interface Round {
  reply: Reply
  /** The breakpoint's node: the reply pauses there. */
  pausedAt: string
  /** Where each timed F10 stops, in order. */
  steps: string[]
  /** The bubble the reply ends on with the debugger off. */
  expect: string
}

export interface StepPlan {
  name: string
  doc: FlowDocument
  start: { text: string; expect: string }
  rounds: Round[]
}

const example = (file: string): FlowDocument =>
  JSON.parse(fs.readFileSync(path.join(ROOT, 'resources/examples', file), 'utf8'))

export function stepPlans(): StepPlan[] {
  return [
    {
      name: 'age gate',
      doc: example('age-gate.flow.json'),
      start: { text: 'wine', expect: 'How old are you?' },
      rounds: [{ reply: { text: '40' }, pausedAt: 'is_adult', steps: ['welcome', 'end_1'], expect: 'Our wine list' }],
    },
    {
      name: 'appointment',
      doc: example('appointment.flow.json'),
      start: { text: 'book', expect: 'which service would you like to book?' },
      rounds: [
        {
          reply: { list: 'See services', row: 'Haircut' },
          pausedAt: 'by_service',
          steps: ['hair_info', 'ask_day'],
          expect: 'Which day suits you',
        },
        { reply: { text: 'tomorrow' }, pausedAt: 'confirm', steps: ['end_1'], expect: 'Booked: Haircut' },
      ],
    },
    {
      // One long conversation (cut at STEPS steps or replies): each "yes" pauses at check_i, then say_i and the next
      // question.
      name: '500-node flow',
      doc: generatedFlow(500),
      start: { text: 'go', expect: 'Step 0,' },
      rounds: Array.from({ length: STEPS }, (_, i) => ({
        reply: { text: 'yes' },
        pausedAt: `check_${i}`,
        steps: [`say_${i}`, `ask_${i + 1}`],
        expect: `Step ${i + 1},`,
      })),
    },
  ]
}

// Plain source, not closures: tsx's keepNames would wrap inner functions in a __name() the page does not have.
const ARM_STEP = `(next) => {
  const lat = (window.__step = { t0: 0, t1: 0 })
  const shown = () =>
    document.querySelector('[data-testid="debug-paused"]')?.textContent?.startsWith('Paused at ' + next + ' (') &&
    document.querySelector('[data-testid="phone-paused"]')?.textContent?.trim() === 'paused at ' + next &&
    document.querySelector('.flow-card[data-node-name="' + next + '"]')?.getAttribute('data-run') === 'current'
  document.addEventListener('keydown', (e) => e.key === 'F10' && (lat.t0 = performance.mark('bench-t0').startTime), { capture: true, once: true })
  const observer = new MutationObserver(() => {
    if (!lat.t0 || !shown()) return
    observer.disconnect()
    requestAnimationFrame(() => (lat.t1 = performance.mark('bench-t1').startTime))
  })
  observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true })
}`

// The reply's stopwatch: Enter keydown or the sheet's Send click → a frame after a bot bubble holding `expected` is
// the phone's last row.
const ARM_REPLY = `(expected) => {
  const lat = (window.__step = { t0: 0, t1: 0 })
  const sent = new AbortController()
  const start = () => {
    lat.t0 = performance.mark('bench-t0').startTime
    sent.abort()
  }
  document.addEventListener('keydown', (e) => e.key === 'Enter' && start(), { capture: true, signal: sent.signal })
  document.addEventListener('click', start, { capture: true, signal: sent.signal })
  const rows = () => [...document.querySelectorAll('[aria-label="Phone emulator"] [data-testid$="-message"]')]
  const observer = new MutationObserver(() => {
    const last = rows().at(-1)
    if (!lat.t0 || !last || last.getAttribute('data-testid') === 'customer-message') return
    if (!(last.querySelector('.chat-text')?.textContent ?? '').includes(expected)) return
    observer.disconnect()
    requestAnimationFrame(() => (lat.t1 = performance.mark('bench-t1').startTime))
  })
  observer.observe(document.body, { childList: true, subtree: true, characterData: true })
}`

async function timed(page: Page, what: string, act: () => Promise<void>): Promise<number> {
  await act()
  await page
    .waitForFunction(() => (window as unknown as { __step: { t1: number } }).__step.t1 > 0, undefined, {
      timeout: STEP_MS,
      polling: 'raf',
    })
    .catch(async () => {
      const phone = await page
        .getByLabel('Phone emulator')
        .innerText()
        .catch(() => '(no phone)')
      const seen = await page.evaluate(`[
        document.querySelector('[data-testid="debug-paused"]')?.textContent,
        [...document.querySelectorAll('.flow-card[data-run]')].map((c) => c.dataset.nodeName + ':' + c.dataset.run),
      ]`)
      throw new Error(
        `emulator step bench: ${what} not shown within ${STEP_MS / 1000} s (Debug tab, cards: ${JSON.stringify(seen)}); the phone shows:\n${phone}`,
      )
    })
  const lat = await page.evaluate(() => (window as unknown as { __step: { t0: number; t1: number } }).__step)
  return lat.t1 - lat.t0
}

/** EMULATOR_PROFILE's hooks: `phase` wraps each series whole (a CPU profile), `each` every timed action (call counts). */
export interface StepHooks {
  phase<T>(label: 'step' | 'reply', act: () => Promise<T>): Promise<T>
  each<T>(label: 'step' | 'reply', act: () => Promise<T>): Promise<T>
}

const NO_HOOKS: StepHooks = { phase: (_, act) => act(), each: (_, act) => act() }

/** Both series in ms for one flow: `step` (F10 → panels and canvas on the next node) and `reply` (debugger off). */
export async function measureStepUi(
  page: Page,
  api: Api,
  plan: StepPlan,
  hooks: StepHooks = NO_HOOKS,
): Promise<{ step: number[]; reply: number[] }> {
  const { doc } = plan
  const idOf = (name: string) => doc.nodes.find((n) => n.name === name)!.id
  const created = await api(page, 'flows.create', { name: `${doc.name} (step bench)` })
  await api(page, 'flows.save', { document: { ...doc, id: created.id }, expectedRevision: created.revision })
  await api(page, 'breakpoints.set', {
    flowId: created.id,
    breakpoints: plan.rounds.map((r) => ({
      id: r.pausedAt,
      at: { kind: 'node', nodeId: idOf(r.pausedAt) },
      enabled: true,
    })),
  })
  // The ▶ Test panel stays open from flow to flow: close the last one's, then open it here.
  await page.getByRole('button', { name: 'Close test', exact: true }).click()
  await page.goto(`${new URL(page.url()).origin}/#/flows/${created.id}`)
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const emulator = page.getByRole('complementary', { name: 'Emulator' })
  const phone = page.getByLabel('Phone emulator')
  const input = phone.getByLabel('Message')
  await input.waitFor({ timeout: STEP_MS })
  const bot = phone.getByTestId('bot-message').last()
  const status = emulator.getByTestId('run-status')
  // The phone drops what is sent while a call is in flight (a debugger toggle, a step): wait for Restart to be enabled.
  const idle = () => emulator.locator('button:enabled', { hasText: /^Restart$/ }).waitFor({ timeout: STEP_MS })
  const start = async () => {
    await idle()
    // A run left waiting (a keyword there is the customer's answer) is ended first.
    if ((await status.textContent())?.startsWith('paused')) {
      await emulator.getByRole('button', { name: 'Restart', exact: true }).click()
      await status.filter({ hasNotText: /^paused/ }).waitFor({ timeout: STEP_MS })
      await idle()
    }
    await input.fill(plan.start.text)
    await input.press('Enter')
    await bot.getByText(plan.start.expect).waitFor({ timeout: STEP_MS })
  }
  /** Readies the reply; the returned action sends it (Enter, or the sheet's Send). */
  const ready = async (reply: Reply): Promise<() => Promise<void>> => {
    await idle()
    if ('text' in reply) {
      await input.fill(reply.text)
      return () => input.press('Enter')
    }
    await bot.getByRole('button', { name: reply.list }).click()
    const sheet = phone.getByRole('dialog', { name: reply.list })
    await sheet.getByRole('radio', { name: reply.row, exact: true }).check()
    return () => sheet.getByRole('button', { name: 'Send' }).click()
  }

  // The baseline: the debugger off, the breakpoints ignored; whole conversations until there are as many replies.
  const debugTab = emulator.getByRole('tab', { name: 'Debug' })
  await debugTab.click()
  const toggle = emulator.getByRole('button', { name: /^Turn the debugger (on|off)$/ })
  if ((await toggle.textContent({ timeout: STEP_MS }))?.trim() !== 'Turn the debugger on') await toggle.click()
  await emulator.getByRole('button', { name: 'Turn the debugger on' }).waitFor({ timeout: STEP_MS })
  const reply: number[] = []
  await hooks.phase('reply', async () => {
    while (reply.length < STEPS) {
      await start()
      for (const round of plan.rounds) {
        if (reply.length >= STEPS) break
        const send = await ready(round.reply)
        await page.evaluate(`(${ARM_REPLY})(${JSON.stringify(round.expect)})`)
        reply.push(await hooks.each('reply', () => timed(page, `"${round.expect}" after the reply`, send)))
      }
    }
  })

  // A click on a bubble's list button shows that message's Step tab: back to Debug, which the timed steps read.
  await debugTab.click()
  await emulator.getByRole('button', { name: 'Turn the debugger on' }).click()
  await emulator.getByRole('button', { name: 'Turn the debugger off' }).waitFor({ timeout: STEP_MS })
  const paused = phone.getByTestId('phone-paused')
  const step: number[] = []
  await hooks.phase('step', async () => {
    while (step.length < STEPS) {
      await start()
      for (const round of plan.rounds) {
        if (step.length >= STEPS) break
        const send = await ready(round.reply)
        await send()
        await phone.getByText(`paused at ${round.pausedAt}`, { exact: true }).waitFor({ timeout: STEP_MS })
        await debugTab.click()
        for (const next of round.steps) {
          await page.evaluate(`(${ARM_STEP})(${JSON.stringify(next)})`)
          step.push(
            await hooks.each('step', () => timed(page, `the pause at ${next}`, () => page.keyboard.press('F10'))),
          )
        }
        // The last node runs: it waits for the customer or ends the run, and nothing is paused any more.
        await page.keyboard.press('F10')
        await paused.waitFor({ state: 'detached', timeout: STEP_MS })
      }
    }
  })
  return { step, reply }
}
