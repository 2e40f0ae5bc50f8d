#!/usr/bin/env node
// `npm test`: every test of the project, ending with one plain line `N passed, N failed` (unit + end-to-end +
// example-flow tests). Exits non-zero when anything failed or a runner could not report.
import fs from 'node:fs'
import path from 'node:path'
import { spawn } from 'node:child_process'
import { bin, buildRenderer, buildServerBundle, buildWebHostBundle, ROOT, run } from './lib.mjs'

// Private folders per run: engineers share this work tree, and one run must not delete another's build or reports.
const RUN_DIR = path.join(ROOT, '.tmp', `test-run-${process.pid}`)
const REPORTS = path.join(RUN_DIR, 'reports')
const BUILD = path.join(RUN_DIR, 'build')
// The runtime's tests, the publish tests and the end-to-end tests start `chatflow serve` from this build.
process.env.CHATFLOW_SERVER_BUILD = path.join(BUILD, 'server')
const totals = { passed: 0, failed: 0 }
const problems = []
const timings = []
/** Names of failed (and retried-then-passed) tests, printed again at the end where CI's log tail shows them. */
const failedTests = []
const flakyTests = []

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}

async function timed(label, fn) {
  const start = Date.now()
  try {
    await fn()
  } finally {
    timings.push(`${label} ${((Date.now() - start) / 1000).toFixed(1)} s`)
  }
}

function count(label, passed, failed) {
  totals.passed += passed
  totals.failed += failed
  process.stdout.write(`\n== ${label}: ${passed} passed, ${failed} failed\n\n`)
}

async function unit() {
  const file = path.join(REPORTS, 'vitest.json')
  const code = await run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`])
  const report = readJson(file)
  if (!report) {
    problems.push(`vitest exited with ${code} and wrote no report`)
    return count('unit tests (vitest)', 0, 1)
  }
  // A test file that fails to load has no tests but fails the run: count it as one failure.
  const brokenFiles = (report.testResults ?? []).filter((f) => f.status === 'failed' && !f.assertionResults?.length)
  for (const file of report.testResults ?? []) {
    const where = path.relative(ROOT, file.name)
    if (file.status === 'failed' && !file.assertionResults?.length) failedTests.push(`${where}: ${firstLine(file.message)}`)
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') failedTests.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`)
    }
  }
  count('unit tests (vitest)', report.numPassedTests, report.numFailedTests + brokenFiles.length)
}

async function endToEnd() {
  const file = path.join(REPORTS, 'playwright.json')
  const code = await run(bin('playwright'), ['test', '--reporter=list,json'], {
    env: {
      ...process.env,
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
      CHATFLOW_E2E_BUILD: BUILD,
      CHATFLOW_E2E_OUTPUT: path.join(RUN_DIR, 'playwright-output'),
    },
  })
  const report = readJson(file)
  if (!report?.stats) {
    problems.push(`playwright exited with ${code} and wrote no report`)
    return count('end-to-end tests (playwright)', 0, 1)
  }
  const { expected = 0, unexpected = 0, flaky = 0 } = report.stats
  for (const { file, title, test } of playwrightTests(report.suites ?? [])) {
    const name = `${file} › ${title}`
    if (test.status === 'unexpected') failedTests.push(`${name}: ${firstLine(test.results?.at(-1)?.error?.message)}`)
    if (test.status === 'flaky') flakyTests.push(`${name} (passed on retry; first failure: ${firstLine(test.results?.[0]?.error?.message)})`)
  }
  for (const error of report.errors ?? []) failedTests.push(`playwright: ${firstLine(error.message)}`)
  const setupFailed = (report.errors ?? []).length > 0 ? 1 : 0
  count('end-to-end tests (playwright)', expected + flaky, unexpected + setupFailed)
}

/** Every test of a Playwright JSON report with its spec file and title path. */
function* playwrightTests(suites, titles = []) {
  for (const suite of suites) {
    const inner = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) yield { file: spec.file, title: [...inner, spec.title].join(' › '), test }
    }
    yield* playwrightTests(suite.suites ?? [], inner)
  }
}

function firstLine(text) {
  // eslint-disable-next-line no-control-regex
  const plain = String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '')
  return plain.split('\n').find((line) => line.trim())?.trim().slice(0, 300) ?? '(no message)'
}

/** `chatflow test resources/examples`, when that command exists: it ends with its own `N passed, N failed`. */
async function examples() {
  const cli = ['--import', 'tsx', 'electron/cli/index.ts']
  const help = await capture(process.execPath, [...cli, 'help'])
  if (!/^\s+test\s/m.test(help.out)) return
  const result = await capture(process.execPath, [...cli, 'test', 'resources/examples'], true)
  const match = /(\d+) passed, (\d+) failed\s*$/.exec(result.out.trim())
  if (!match) {
    problems.push(`chatflow test exited with ${result.code} without a "N passed, N failed" line`)
    return count('example flows (chatflow test)', 0, 1)
  }
  for (const line of result.out.split('\n')) if (line.startsWith('✗ ')) failedTests.push(`chatflow test: ${line.slice(2).trim()}`)
  count('example flows (chatflow test)', Number(match[1]), Number(match[2]))
}

function capture(command, args, echo = false) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
      if (echo) process.stdout.write(chunk)
    })
    child.once('exit', (code) => resolve({ code, out }))
    child.once('error', (err) => resolve({ code: -1, out: String(err) }))
  })
}

async function main() {
  fs.mkdirSync(REPORTS, { recursive: true })
  await timed('build', async () => {
    await buildRenderer(path.join(BUILD, 'renderer'))
    await buildWebHostBundle(path.join(BUILD, 'web'))
    await buildServerBundle(process.env.CHATFLOW_SERVER_BUILD)
  })
  await timed('unit', unit)
  await timed('end-to-end', endToEnd)
  await timed('examples', examples)
  process.stdout.write(`\nTimings: ${timings.join(', ')}\n`)
  for (const p of problems) process.stdout.write(`Problem: ${p}\n`)
  for (const t of flakyTests) process.stdout.write(`Flaky: ${t}\n`)
  for (const t of failedTests) process.stdout.write(`Failed: ${t}\n`)
  process.stdout.write(`${totals.passed} passed, ${totals.failed} failed\n`)
  return totals.failed > 0 || problems.length > 0 ? 1 : 0
}

function cleanUp(code) {
  // Keep the reports of a failed run for reading; drop the build either way.
  fs.rmSync(code === 0 ? RUN_DIR : BUILD, { recursive: true, force: true })
  if (code !== 0) process.stdout.write(`Reports kept in ${path.relative(ROOT, REPORTS)}\n`)
}

main().then(
  (code) => {
    cleanUp(code)
    process.exit(code)
  },
  (err) => {
    process.stdout.write(`Problem: ${err instanceof Error ? err.message : String(err)}\n0 passed, 1 failed\n`)
    process.exit(1)
  },
)
