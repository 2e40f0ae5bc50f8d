#!/usr/bin/env node
// Refreshes the screenshots of docs/ and the README: the flows list (docs/screenshot.png) and, in the light and the
// dark theme, the editor, the emulator, the Expression Builder and Flow Logs (docs/screenshots/<view>-<theme>.png).
// Each theme gets its own browser host on an empty temporary data folder and does what a new user does: opens the
// appointment example from the flows list, tests it in the phone, opens the builder on a message and reads the run
// in Flow Logs. The theme is the system's (Chromium's prefers-color-scheme), which the studio follows.
// Run after `npm run build && npm run build:web`. `--only languages` makes only the pictures of docs/languages.md,
// `--only runtime` those of docs/runtime.md (broadcasts and takeovers, scripts/screenshot-runtime.mjs), `--only traffic`
// those of docs/logs.md's "Traffic on the canvas" (scripts/screenshot-traffic.mjs);
// CHATFLOW_SHOT_BUILD=<dir> serves another build (<dir>/web/index.mjs and <dir>/renderer, as the e2e set-up builds).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawn } from 'node:child_process'
import { chromium } from '@playwright/test'
import { chromiumFor, describeFailure } from './failure.mjs'
import { ROOT } from './lib.mjs'
import { runtimeTour } from './screenshot-runtime.mjs'
import { trafficTour } from './screenshot-traffic.mjs'

const SHOTS = path.join(ROOT, 'docs/screenshots')
const BUILD = process.env.CHATFLOW_SHOT_BUILD ? path.resolve(process.env.CHATFLOW_SHOT_BUILD) : null
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null
const VIEWPORT = { width: 1440, height: 900 }

async function startHost() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-shot-'))
  const entry = BUILD ? path.join(BUILD, 'web/index.mjs') : path.join(ROOT, 'out/web/index.mjs')
  const host = spawn(process.execPath, [entry, '--port', '0', '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
    // Any free webhook port: a studio already running on 7373 would otherwise put a notice in every picture.
    env: {
      ...process.env,
      CHATFLOW_WEBHOOK_PORT: '0',
      ...(BUILD ? { CHATFLOW_RENDERER_DIR: path.join(BUILD, 'renderer') } : {}),
    },
  })
  const url = await new Promise((resolve, reject) => {
    let out = ''
    host.stdout.on('data', (c) => {
      out += c
      const m = /running at (http:\/\/\S+)/.exec(out)
      if (m) resolve(m[1])
    })
    host.once('exit', (code) => reject(new Error(`host exited with ${code}`)))
  })
  return {
    url,
    async stop() {
      host.kill('SIGTERM')
      await new Promise((r) => host.once('exit', r))
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Waits for animations and transitions to finish and moves the mouse out of the way before a picture. */
async function shoot(page, file, { keepMouse = false } = {}) {
  if (!keepMouse) await page.mouse.move(VIEWPORT.width - 2, VIEWPORT.height - 2)
  await page.waitForTimeout(400)
  await page.screenshot({ path: file })
  console.log(`Wrote ${path.relative(ROOT, file)}`)
}

/** The flows list with a few flows of a person's own, two of them active. */
async function flowsList(page, url) {
  await page.goto(`${url}#/flows`) // the printed address carries the session token
  for (const name of ['Support hand-off', 'Abandoned cart reminder', 'Welcome and opt-in', 'Order status']) {
    await page
      .getByRole('button', { name: /New flow|Create your first flow/ })
      .first()
      .click()
    await page.getByLabel('Flow name').fill(name)
    await page.getByLabel('Flow name').press('Enter')
    await page.getByRole('link', { name, exact: true }).waitFor()
  }
  for (const name of ['Order status', 'Welcome and opt-in'])
    await page.getByRole('switch', { name: `Active: ${name}` }).check()
  await shoot(page, path.join(ROOT, 'docs/screenshot.png'))
}

async function tour(page, url, theme) {
  const file = (view) => path.join(SHOTS, `${view}-${theme}.png`)
  const card = (name) => page.locator(`.flow-card[data-node-name="${name}"]`)
  const phone = page.getByLabel('Phone emulator')
  const send = async (text) => {
    await phone.getByLabel('Message').fill(text)
    await phone.getByRole('button', { name: 'Send' }).click()
    await page.waitForFunction(`document.querySelector('input[aria-label="Message"]')?.value === ''`)
  }

  await page.goto(`${url}#/flows`) // the printed address carries the session token
  await page
    .getByRole('button', { name: /Start from an example|Examples…/ })
    .first()
    .click()
  await page
    .getByRole('dialog', { name: 'Start from an example' })
    .getByRole('button', { name: 'Open Appointment booking', exact: true })
    .click()
  // The flow opens readable at its Trigger (docs/canvas.md, "Readable on open"); the menu beside it is opened.
  await card('trigger_1').waitFor()
  await card('service_menu').click()
  await page.getByLabel('Node Name').waitFor()
  await shoot(page, file('editor'))

  await page.getByRole('button', { name: 'Close panel' }).click()
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  await send('book')
  await phone.getByRole('button', { name: 'See services' }).click()
  const sheet = phone.getByRole('dialog', { name: 'See services' })
  await sheet.getByRole('radio', { name: 'Colour' }).check()
  await sheet.getByRole('button', { name: 'Send' }).click()
  await phone.getByText('Which day suits you for your Colour?').waitFor()
  await send('next friday')
  await phone.getByText(/Booked: Colour on/).waitFor()
  await shoot(page, file('emulator'))

  await page.getByRole('button', { name: 'Close test' }).click()
  // Found with search, which centres it: the view followed the test to its end.
  await page.getByRole('button', { name: 'Search nodes', exact: true }).click()
  await page.getByRole('searchbox', { name: 'Search nodes' }).fill('confirm')
  await page.getByRole('searchbox', { name: 'Search nodes' }).press('Enter')
  await page.keyboard.press('Escape')
  await card('confirm').click()
  await page.getByRole('button', { name: 'Open Expression Builder for Message text' }).click()
  const builder = page.getByRole('dialog', { name: 'Expression Builder: Message text' })
  await builder.locator('.cm-content').waitFor()
  // Test values, so the preview shows the message as the customer reads it.
  await builder.getByLabel(/^Test value for .*service_menu\.title/).fill('Colour')
  await builder.getByLabel(/^Test value for .*preferred_day/).fill('2026-12-04')
  await shoot(page, file('expression-builder'))
  await builder.getByRole('button', { name: 'Cancel' }).click()

  await page.getByRole('link', { name: 'Logs', exact: true }).click()
  const run = page.getByRole('grid', { name: 'Executions' }).locator('[data-run-id]').first()
  await run.click()
  await page.locator('.trace-view').waitFor()
  await shoot(page, file('flow-logs'))
}

/**
 * docs/languages.md, "Designing in several languages": the appointment example with Spanish added, the canvas and a
 * panel in Spanish with a text left untranslated, and the phone speaking Spanish to a Spanish contact.
 */
async function languagesTour(page, url, theme) {
  const file = (view) => path.join(SHOTS, `languages-${view}-${theme}.png`)
  const card = (name) => page.locator(`.flow-card[data-node-name="${name}"]`)
  await page.goto(`${url}#/flows`)
  await page
    .getByRole('button', { name: /Start from an example|Examples…/ })
    .first()
    .click()
  await page
    .getByRole('dialog', { name: 'Start from an example' })
    .getByRole('button', { name: 'Open Appointment booking', exact: true })
    .click()
  await card('trigger_1').waitFor()
  const toolbar = page.getByRole('toolbar', { name: 'Editor' })
  await page.getByRole('button', { name: 'Flow settings' }).click()
  const settings = page.getByRole('complementary', { name: 'Flow settings' })
  // The example may already speak Spanish (docs/languages.md's example); a flow in one language gets it added.
  if (!(await toolbar.getByLabel('Language').count())) {
    await settings.getByLabel('Add a language').fill('es')
    await settings.getByLabel('Add a language').press('Enter')
  }
  // The heading at the top of the panel, below its own title bar.
  await settings.getByRole('heading', { name: 'Languages' }).evaluate((h) => {
    h.scrollIntoView({ block: 'start' })
    let box = h.parentElement
    while (box && box.scrollHeight <= box.clientHeight) box = box.parentElement
    if (box) box.scrollTop -= 56
  })
  await shoot(page, file('settings'))
  await settings.getByRole('button', { name: 'Close flow settings' }).click()

  await toolbar.getByLabel('Language').selectOption('es')
  await card('service_menu').click()
  await page.getByText(/^Texts in Spanish\./).waitFor()
  // One text left untranslated (the example has them all): the card shows its English row title greyed and the
  // Missing mark, the panel the empty field, and the phone's trace the fallback.
  const panel = page.locator('aside.node-panel')
  const pedicure = panel.getByLabel('Title in Spanish', { exact: true }).filter({ hasText: 'Pedicura' })
  await pedicure.fill('')
  await card('service_menu').locator('.flow-card-missing').waitFor()
  await panel
    .locator('.translated-field.missing')
    .first()
    .evaluate((e) => e.scrollIntoView({ block: 'center' }))
  await shoot(page, file('canvas'))
  await page.getByRole('button', { name: 'Close panel' }).click()

  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const emulator = page.getByRole('complementary', { name: 'Emulator' })
  await emulator.getByLabel('Contact language').selectOption('es')
  await emulator.getByRole('button', { name: 'Start test', exact: true }).click()
  await page.getByLabel('Phone emulator').getByTestId('bot-message').first().waitFor()
  await page.getByLabel('Phone emulator').getByTestId('bot-message').last().click()
  await emulator.getByTestId('trace-step').waitFor()
  await shoot(page, file('emulator'))
}

const runtimeShots = (page, url, theme) => runtimeTour(page, url, theme, { root: ROOT, shoot, shots: SHOTS })
const trafficShots = (page, url, theme) => trafficTour(page, url, theme, { shoot, shots: SHOTS, path })

fs.mkdirSync(SHOTS, { recursive: true })
let executablePath
try {
  executablePath = chromiumFor('the screenshots', chromium.executablePath())
} catch (err) {
  process.stderr.write(`${describeFailure(err)}\n`)
  process.exit(1)
}
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu'],
})
try {
  for (const theme of ['light', 'dark']) {
    // Each tour on a data folder of its own: the languages tour opening the example a second time beside the first
    // tour's copy would draw the two copies' shared keywords as warnings on its canvas.
    const tours = [
      ...(ONLY === null ? [tour] : []),
      ...(ONLY === null || ONLY === 'languages' ? [languagesTour] : []),
      ...(ONLY === null || ONLY === 'runtime' ? [runtimeShots] : []),
      ...(ONLY === null || ONLY === 'traffic' ? [trafficShots] : []),
    ]
    for (const run of tours) {
      const host = await startHost()
      try {
        const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, colorScheme: theme })
        const page = await context.newPage()
        if (run === tour && theme === 'light') await flowsList(page, host.url)
        await run(page, host.url, theme)
        await context.close()
      } finally {
        await host.stop()
      }
    }
  }
} finally {
  await browser.close()
}
