#!/usr/bin/env node
// Refreshes docs/screenshot.png: starts the bundled browser host on an empty temporary data folder, creates a few
// flows through the UI in Chromium, and photographs the flows list. Run after `npm run build && npm run build:web`.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawn } from 'node:child_process'
import { chromium } from '@playwright/test'
import { ROOT } from './lib.mjs'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-shot-'))
const host = spawn(process.execPath, [path.join(ROOT, 'out/web/index.mjs'), '--port', '0', '--data-dir', dataDir], {
  stdio: ['ignore', 'pipe', 'inherit'],
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

const browser = await chromium.launch({
  executablePath: fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  args: ['--no-sandbox', '--disable-gpu'],
})
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 600 }, deviceScaleFactor: 1 })
  await page.goto(`${url}#/flows`) // the printed address carries the session token
  for (const name of ['Support hand-off', 'Abandoned cart reminder', 'Welcome and opt-in', 'Order status']) {
    await page.getByRole('button', { name: /New flow|Create your first flow/ }).first().click()
    await page.getByLabel('Flow name').fill(name)
    await page.getByLabel('Flow name').press('Enter')
    await page.getByRole('link', { name, exact: true }).waitFor()
  }
  for (const name of ['Order status', 'Welcome and opt-in']) await page.getByRole('switch', { name: `Active: ${name}` }).check()
  await page.mouse.move(0, 0)
  await page.waitForTimeout(400) // let the switches finish their transition
  await page.screenshot({ path: path.join(ROOT, 'docs/screenshot.png') })
  console.log('Wrote docs/screenshot.png')
} finally {
  await browser.close()
  host.kill('SIGTERM')
  await new Promise((r) => host.once('exit', r))
  fs.rmSync(dataDir, { recursive: true, force: true })
}
