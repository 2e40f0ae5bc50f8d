// The debugger's Step as a tester feels it (issue #32, "from Step to the canvas and panels updated"), in the browser
// suite's Chromium (bench/suites/emulator.ts): the age-gate example with a breakpoint on is_adult, the customer
// answers 40, and each F10 is timed inside the page from its keydown to the first animation frame after the Debug
// tab's heading, the phone's "paused at" line and the canvas's current card all name the next node (is_adult →
// welcome, welcome → end_1). Beside it, the same customer reply (40 → is_adult, welcome: the bubble on screen) with
// the debugger off, as it runs without it.
import type { Page } from '@playwright/test'

const CYCLES = 15 // two timed steps each: 30 steps, and 30 replies for the baseline
const STEP_MS = 10_000

type Api = (page: Page, command: string, payload: unknown) => Promise<{ id: string; revision: number } & object>

// Plain source, not closures: tsx's keepNames would wrap inner functions in a __name() the page does not have.
const ARM_STEP = `(next) => {
  const lat = (window.__step = { t0: 0, t1: 0 })
  const shown = () =>
    document.querySelector('[data-testid="debug-paused"]')?.textContent?.startsWith('Paused at ' + next + ' (') &&
    document.querySelector('[data-testid="phone-paused"]')?.textContent?.trim() === 'paused at ' + next &&
    document.querySelector('.flow-card[data-node-name="' + next + '"]')?.getAttribute('data-run') === 'current'
  document.addEventListener('keydown', (e) => e.key === 'F10' && (lat.t0 = performance.now()), { capture: true, once: true })
  const observer = new MutationObserver(() => {
    if (!lat.t0 || !shown()) return
    observer.disconnect()
    requestAnimationFrame(() => (lat.t1 = performance.now()))
  })
  observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true })
}`

// The reply's stopwatch: Enter keydown → a frame after a bot bubble holding `expected` is the phone's last row.
const ARM_REPLY = `(expected) => {
  const lat = (window.__step = { t0: 0, t1: 0 })
  const rows = () => [...document.querySelectorAll('[aria-label="Phone emulator"] [data-testid$="-message"]')]
  document.addEventListener('keydown', (e) => e.key === 'Enter' && (lat.t0 = performance.now()), { capture: true, once: true })
  const observer = new MutationObserver(() => {
    const last = rows().at(-1)
    if (!lat.t0 || !last || last.getAttribute('data-testid') === 'customer-message') return
    if (!(last.querySelector('.chat-text')?.textContent ?? '').includes(expected)) return
    observer.disconnect()
    requestAnimationFrame(() => (lat.t1 = performance.now()))
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

/** Both series in ms: `step` (F10 → panels and canvas on the next node) and `reply` (debugger off). */
export async function measureStepUi(
  page: Page,
  api: Api,
  doc: { name: string },
): Promise<{ step: number[]; reply: number[] }> {
  const created = await api(page, 'flows.create', { name: `${doc.name} (step bench)` })
  await api(page, 'flows.save', { document: { ...doc, id: created.id }, expectedRevision: created.revision })
  await api(page, 'breakpoints.set', {
    flowId: created.id,
    breakpoints: [{ id: 'bench', at: { kind: 'node', nodeId: 'n_check' }, enabled: true }],
  })
  // The reply bench left the ▶ Test panel open (it stays open from flow to flow): close it, then open it here.
  await page.getByRole('button', { name: 'Close test', exact: true }).click()
  await page.goto(`${new URL(page.url()).origin}/#/flows/${created.id}`)
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const emulator = page.getByRole('complementary', { name: 'Emulator' })
  const input = page.getByLabel('Phone emulator').getByLabel('Message')
  await input.waitFor({ timeout: STEP_MS })
  const bot = page.getByLabel('Phone emulator').getByTestId('bot-message').last()
  const start = async () => {
    await input.fill('wine')
    await input.press('Enter')
    await bot.getByText('How old are you?').waitFor({ timeout: STEP_MS })
  }

  // The baseline: the debugger off, the breakpoint ignored; 40 runs is_adult and welcome, and the run ends.
  await emulator.getByRole('tab', { name: 'Debug' }).click()
  await emulator.getByRole('button', { name: 'Turn the debugger off' }).click()
  await emulator.getByRole('button', { name: 'Turn the debugger on' }).waitFor({ timeout: STEP_MS })
  const reply: number[] = []
  for (let c = 0; c < 2 * CYCLES; c++) {
    await start()
    await input.fill('40')
    await page.evaluate(`(${ARM_REPLY})("Thanks! Our wine list")`)
    reply.push(await timed(page, 'the welcome after 40', () => input.press('Enter')))
  }

  await emulator.getByRole('button', { name: 'Turn the debugger on' }).click()
  const paused = page.getByLabel('Phone emulator').getByTestId('phone-paused')
  const step: number[] = []
  for (let c = 0; c < CYCLES; c++) {
    await start()
    await input.fill('40')
    await input.press('Enter')
    await page
      .getByLabel('Phone emulator')
      .getByText('paused at is_adult', { exact: true })
      .waitFor({ timeout: STEP_MS })
    for (const next of ['welcome', 'end_1']) {
      await page.evaluate(`(${ARM_STEP})(${JSON.stringify(next)})`)
      step.push(await timed(page, `the pause at ${next}`, () => page.keyboard.press('F10')))
    }
    // end_1 runs and the run ends: nothing is paused any more.
    await page.keyboard.press('F10')
    await paused.waitFor({ state: 'detached', timeout: STEP_MS })
  }
  return { step, reply }
}
