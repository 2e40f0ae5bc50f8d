// `npm test` must never print "0 failed" while a runner failed. These tests feed the rules in
// scripts/test-report.mjs with reports written by real vitest runs of small temporary projects, and run the whole
// `npm test` once on a copy of the repository whose only vitest file has a failing beforeAll.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
// @ts-expect-error a plain ES module without types; its functions are documented with JSDoc
import * as report from '../../scripts/test-report.mjs'

const { conversationOutcome, examplesValidateOutcome, playwrightOutcome, summaryLine, vitestOutcome } = report

const ROOT = path.resolve(import.meta.dirname, '../..')
const temps: string[] = []
afterAll(() => temps.forEach((d) => fs.rmSync(d, { recursive: true, force: true })))

/** A child's environment without the outer vitest's variables, which would change how the inner runner behaves. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env }
  for (const key of Object.keys(env))
    if (key.startsWith('VITEST') || key === 'NODE_OPTIONS' || key === 'TEST') delete env[key]
  return env
}

/** Runs vitest on a temporary project holding `files`; returns its JSON report and exit code. */
function runVitest(files: Record<string, string>): { report: unknown; code: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-vitest-'))
  temps.push(dir)
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'))
  fs.writeFileSync(path.join(dir, 'vitest.config.mjs'), "export default { test: { include: ['*.test.mjs'] } }\n")
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text)
  const out = path.join(dir, 'report.json')
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=json', `--outputFile.json=${out}`],
    { cwd: dir, env: cleanEnv(), encoding: 'utf8' },
  )
  const report = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : undefined
  return { report, code: result.status ?? 1 }
}

describe('vitest reports', () => {
  it('a failing beforeAll is one failure, and its skipped tests are counted and named', () => {
    const { report, code } = runVitest({
      'setup.test.mjs': `import { beforeAll, it, expect } from 'vitest'
beforeAll(() => { throw new Error('the database did not start') })
it('first', () => expect(1).toBe(1))
it('second', () => expect(1).toBe(1))
`,
    })
    expect(code).not.toBe(0)
    const outcome = vitestOutcome(report, code)
    expect(outcome.failed).toBe(1)
    expect(outcome.passed).toBe(0)
    expect(outcome.failures.join('\n')).toContain('the database did not start')
    expect(outcome.skipped + outcome.failed).toBeGreaterThanOrEqual(1)
  }, 60_000)

  it('an unhandled rejection fails the run although every test passed', () => {
    const { report, code } = runVitest({
      'leak.test.mjs': `import { it, expect } from 'vitest'
it('passes but leaves a rejection behind', async () => {
  Promise.reject(new Error('nobody awaited me'))
  await new Promise((r) => setTimeout(r, 50))
  expect(1).toBe(1)
})
`,
    })
    expect(code).not.toBe(0)
    const outcome = vitestOutcome(report, code)
    expect(outcome.passed).toBe(1)
    expect(outcome.failed).toBe(1)
    expect(outcome.failures[0]).toMatch(/vitest exited with [1-9]/)
  }, 60_000)

  it('skipped and todo tests are counted and named; a clean run has no failure', () => {
    const { report, code } = runVitest({
      'mixed.test.mjs': `import { it, expect } from 'vitest'
it('runs', () => expect(1).toBe(1))
it.skip('is skipped', () => expect(1).toBe(2))
it.todo('is to do')
`,
    })
    expect(code).toBe(0)
    const outcome = vitestOutcome(report, code)
    expect(outcome).toMatchObject({ passed: 1, failed: 0, skipped: 2 })
    expect(outcome.skips.join('\n')).toContain('is skipped')
  }, 60_000)

  it('no report, or a report of no tests, is a failure', () => {
    expect(vitestOutcome(undefined, 1)).toMatchObject({ failed: 1 })
    expect(vitestOutcome(undefined, 0)).toMatchObject({ failed: 1 })
    expect(vitestOutcome({ numPassedTests: 0, numFailedTests: 0, success: true, testResults: [] }, 0)).toMatchObject({
      failed: 1,
    })
  })
})

describe('playwright reports', () => {
  const spec = (title: string, status: string, errors: string[] = []) => ({
    title,
    file: 'x.spec.ts',
    tests: [{ status, results: errors.map((message) => ({ error: { message } })) }],
  })

  it('a passed-on-retry test counts once as passed and is named flaky', () => {
    const report = {
      stats: { expected: 1, unexpected: 0, flaky: 1, skipped: 0 },
      suites: [{ title: 'x.spec.ts', specs: [spec('a', 'expected'), spec('b', 'flaky', ['lost a click'])] }],
    }
    const outcome = playwrightOutcome(report, 0)
    expect(outcome).toMatchObject({ passed: 2, failed: 0 })
    expect(outcome.flaky[0]).toContain('lost a click')
  })

  it('errors outside tests, a non-zero exit without failures, or no tests at all are failures', () => {
    expect(
      playwrightOutcome({ stats: { expected: 3 }, suites: [], errors: [{ message: 'globalSetup threw' }] }, 1),
    ).toMatchObject({ passed: 3, failed: 1 })
    expect(playwrightOutcome({ stats: { expected: 3 }, suites: [] }, 1)).toMatchObject({ failed: 1 })
    expect(playwrightOutcome({ stats: {}, suites: [] }, 0)).toMatchObject({ failed: 1 })
    expect(playwrightOutcome(undefined, 0)).toMatchObject({ failed: 1 })
  })
})

describe('conversation tests through chatflow test', () => {
  it('counts its line, and fails a flow with branches no test takes or an example without tests', () => {
    const out = '✓ a.test.yaml  a\ncoverage a.flow.json: 3/4 branches (not taken: ask → failure)\n1 passed, 0 failed\n'
    const outcome = conversationOutcome(out, 0, ['resources/examples/new.flow.json'])
    expect(outcome).toMatchObject({ passed: 1, failed: 2 })
    expect(outcome.failures.join('\n')).toMatch(/ask → failure[\s\S]*new\.flow\.json has no conversation tests/)
  })

  it('no summary line, or an exit code that disagrees with it, is a failure', () => {
    expect(conversationOutcome('crashed\n', 1)).toMatchObject({ failed: 1 })
    expect(conversationOutcome('coverage a.flow.json: 4/4 branches\n2 passed, 0 failed\n', 1)).toMatchObject({
      passed: 2,
      failed: 1,
    })
  })

  it('an example with a warning it does not mark as intentional fails, naming it; notes pass', () => {
    const cli = (args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'electron/cli/index.ts', 'validate', ...args], {
        cwd: ROOT,
        encoding: 'utf8',
      })
    const marked = cli(['resources/examples/appointment.flow.json', '--strict', '--json'])
    const doc = JSON.parse(fs.readFileSync(path.join(ROOT, 'resources/examples/appointment.flow.json'), 'utf8'))
    delete doc.intentional
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-examples-'))
    temps.push(dir)
    fs.writeFileSync(path.join(dir, 'unmarked.flow.json'), JSON.stringify(doc))
    const unmarked = cli([path.join(dir, 'unmarked.flow.json'), '--strict', '--json'])
    const outcome = examplesValidateOutcome([
      { file: 'appointment.flow.json', code: marked.status, out: marked.stdout },
      { file: 'unmarked.flow.json', code: unmarked.status, out: unmarked.stdout },
      { file: 'broken.flow.json', code: 1, out: '' },
    ])
    expect(outcome).toMatchObject({ passed: 1, failed: 3 })
    expect(outcome.failures).toEqual([
      expect.stringMatching(
        /^chatflow validate unmarked\.flow\.json: warning branch\.unreachable at \/nodes\/2: 'by_service'/,
      ),
      expect.stringMatching(/^chatflow validate unmarked\.flow\.json: warning node\.never_runs at \/nodes\/5/),
      'chatflow validate broken.flow.json: exited with 1 without a report',
    ])
  })

  it('the last line has three counts', () =>
    expect(summaryLine({ passed: 3, failed: 1, skipped: 2 })).toBe('3 passed, 1 failed, 2 skipped'))
})

describe('npm test on a copy of the repository whose only vitest file has a failing beforeAll', () => {
  it('exits non-zero and its last line counts the failure', () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-npm-test-'))
    temps.push(copy)
    const tracked = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .stdout.split('\0')
      .filter(Boolean)
    const isTest = (f: string) => /\.test\.tsx?$/.test(f) || /\.spec\.ts$/.test(f)
    for (const file of tracked.filter((f) => !isTest(f) && fs.existsSync(path.join(ROOT, f)))) {
      fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true })
      fs.copyFileSync(path.join(ROOT, file), path.join(copy, file))
    }
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'))
    for (const dir of ['test/unit', 'test/e2e']) fs.mkdirSync(path.join(copy, dir), { recursive: true })
    fs.writeFileSync(
      path.join(copy, 'test/unit/setup-fails.test.ts'),
      "import { beforeAll, expect, it } from 'vitest'\nbeforeAll(() => { throw new Error('set-up broke') })\nit('would pass', () => expect(1).toBe(1))\n",
    )
    // One end-to-end test that needs no browser, so that step passes and the count isolates the vitest failure.
    fs.writeFileSync(
      path.join(copy, 'test/e2e/plain.spec.ts'),
      "import { expect, test } from '@playwright/test'\ntest('plain', () => expect(1).toBe(1))\n",
    )

    const result = spawnSync(process.execPath, ['scripts/test-all.mjs'], {
      cwd: copy,
      env: { ...cleanEnv(), CI: '' },
      encoding: 'utf8',
      timeout: 240_000,
    })
    const lines = result.stdout.trim().split('\n')
    expect(result.status, result.stdout.slice(-3000)).toBe(1)
    expect(lines.at(-1)).toMatch(/^\d+ passed, 1 failed, \d+ skipped$/)
    expect(result.stdout).toMatch(/Failed: test\/unit\/setup-fails\.test\.ts: .*set-up broke/)
    expect(result.stdout).toContain('== unit tests (vitest): 0 passed, 1 failed')
  }, 300_000)
})
