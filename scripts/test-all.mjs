#!/usr/bin/env node
// `npm test`: every test of the project (unit, end-to-end, the example flows' conversation tests), ending with one
// plain line `N passed, N failed, N skipped`. It exits non-zero when any runner failed in any way: a failed test,
// a runner's non-zero exit or failure flag with no failed test (a failing beforeAll, an unhandled rejection), a
// runner that wrote no report or ran nothing, a step that could not run. The rules are in test-report.mjs.
import fs from 'node:fs'
import path from 'node:path'
import { spawn } from 'node:child_process'
import { chromiumFor } from './failure.mjs'
import { bin, buildRenderer, buildServerBundle, buildWebHostBundle, ROOT, run } from './lib.mjs'
import {
  conversationOutcome,
  emptyOutcome,
  examplesValidateOutcome,
  playwrightOutcome,
  summaryLine,
  vitestOutcome,
} from './test-report.mjs'

// Private folders per run: engineers share a work tree, and one run must not delete another's build or reports.
const RUN_DIR = path.join(ROOT, '.tmp', `test-run-${process.pid}`)
const REPORTS = path.join(RUN_DIR, 'reports')
const BUILD = path.join(RUN_DIR, 'build')
// The runtime's tests, the publish tests and the end-to-end tests start `chatflow serve` from this build.
process.env.CHATFLOW_SERVER_BUILD = path.join(BUILD, 'server')
const EXAMPLES = 'resources/examples'

const totals = emptyOutcome()
const timings = []

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}

function add(label, outcome) {
  totals.passed += outcome.passed
  totals.failed += outcome.failed
  totals.skipped += outcome.skipped
  totals.failures.push(...outcome.failures)
  totals.skips.push(...outcome.skips)
  totals.flaky.push(...outcome.flaky)
  process.stdout.write(`\n== ${label}: ${summaryLine(outcome)}\n\n`)
}

/** Runs one step; a step that throws (it could not run) counts as one failure and the next step still runs. */
async function step(label, fn) {
  const start = Date.now()
  try {
    add(label, await fn())
    return true
  } catch (err) {
    const outcome = emptyOutcome()
    outcome.failed = 1
    outcome.failures.push(`${label} could not run: ${err instanceof Error ? err.message : String(err)}`)
    add(label, outcome)
    return false
  } finally {
    timings.push(`${label} ${((Date.now() - start) / 1000).toFixed(1)} s`)
  }
}

async function build() {
  await buildRenderer(path.join(BUILD, 'renderer'))
  await buildWebHostBundle(path.join(BUILD, 'web'))
  await buildServerBundle(process.env.CHATFLOW_SERVER_BUILD)
  return { ...emptyOutcome() }
}

async function unit() {
  const file = path.join(REPORTS, 'vitest.json')
  const code = await run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`])
  return vitestOutcome(readJson(file), code, (f) => path.relative(ROOT, f))
}

async function endToEnd() {
  // Without a browser, Playwright fails every test with its own banner; say it once instead (failure.mjs).
  const { chromium } = await import('@playwright/test')
  chromiumFor('the end-to-end tests', chromium.executablePath())
  const file = path.join(REPORTS, 'playwright.json')
  const code = await run(bin('playwright'), ['test', '--reporter=list,json'], {
    env: {
      ...process.env,
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
      CHATFLOW_E2E_BUILD: BUILD,
      CHATFLOW_E2E_OUTPUT: path.join(RUN_DIR, 'playwright-output'),
    },
  })
  return playwrightOutcome(readJson(file), code)
}

/** `chatflow test resources/examples` through the real command: every example has tests taking every branch. Then
 *  `chatflow validate --strict` of each: an example opens with no warning it does not mark as intentional. */
async function examples() {
  const dir = path.join(ROOT, EXAMPLES)
  const flows = fs.readdirSync(dir).filter((f) => f.endsWith('.flow.json'))
  const untested = flows
    .filter((f) => {
      const tests = path.join(dir, f.replace(/\.flow\.json$/, '.tests'))
      return !fs.existsSync(tests) || !fs.readdirSync(tests).some((t) => t.endsWith('.yaml'))
    })
    .map((f) => `${EXAMPLES}/${f}`)
  const result = await capture(process.execPath, ['--import', 'tsx', 'electron/cli/index.ts', 'test', EXAMPLES])
  const outcome = conversationOutcome(result.out, result.code, untested)
  const validated = []
  for (const f of flows) {
    const file = `${EXAMPLES}/${f}`
    const cli = ['--import', 'tsx', 'electron/cli/index.ts', 'validate', file, '--strict', '--json']
    validated.push({ file, ...(await capture(process.execPath, cli, { quiet: true })) })
  }
  const clean = examplesValidateOutcome(validated)
  process.stdout.write(`chatflow validate --strict: ${clean.passed} of ${flows.length} examples without warnings\n`)
  for (const failure of clean.failures) process.stdout.write(`✗ ${failure}\n`)
  return {
    ...outcome,
    passed: outcome.passed + clean.passed,
    failed: outcome.failed + clean.failed,
    failures: [...outcome.failures, ...clean.failures],
  }
}

function capture(command, args, { quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
      if (!quiet) process.stdout.write(chunk)
    })
    child.once('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), out }))
    child.once('error', reject)
  })
}

async function main() {
  fs.mkdirSync(REPORTS, { recursive: true })
  const built = await step('build', build)
  await step('unit tests (vitest)', unit)
  if (built) await step('end-to-end tests (playwright)', endToEnd)
  else await step('end-to-end tests (playwright)', () => Promise.reject(new Error('the build failed (see above)')))
  await step('example flows (chatflow test)', examples)
  process.stdout.write(`\nTimings: ${timings.join(', ')}\n`)
  for (const t of totals.skips.slice(0, 50)) process.stdout.write(`Skipped: ${t}\n`)
  if (totals.skips.length > 50) process.stdout.write(`Skipped: … and ${totals.skips.length - 50} more\n`)
  for (const t of totals.flaky) process.stdout.write(`Flaky: ${t}\n`)
  for (const t of totals.failures) process.stdout.write(`Failed: ${t}\n`)
  if (totals.failed > 0) process.stdout.write(`Reports kept in ${path.relative(ROOT, REPORTS)}\n`)
  process.stdout.write(`${summaryLine(totals)}\n`)
  return totals.failed > 0 ? 1 : 0
}

function cleanUp(code) {
  // Keep the reports of a failed run for reading; drop the build either way.
  fs.rmSync(code === 0 ? RUN_DIR : BUILD, { recursive: true, force: true })
}

main().then(
  (code) => {
    cleanUp(code)
    process.exit(code)
  },
  (err) => {
    // Only a bug in this script lands here; the line still counts it.
    totals.failed++
    process.stdout.write(
      `Failed: npm test itself: ${err instanceof Error ? err.message : String(err)}\n${summaryLine(totals)}\n`,
    )
    process.exit(1)
  },
)
