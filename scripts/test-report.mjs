// What one test runner's report and exit code mean for `npm test`. Kept apart from test-all.mjs so the rules are
// unit-tested (test/unit/test-report.test.ts) against reports the real runners wrote.
//
// The rules, the same for every runner:
// - a runner that exits non-zero, or says it failed, fails the run even when none of its tests is counted as failed
//   (a failing beforeAll, an unhandled rejection, a test file that does not load): it adds one failure, named;
// - a runner that wrote no report, or ran no test at all, is a failure, never a silent success;
// - skipped tests are counted, and named.

/** @typedef {{ passed: number, failed: number, skipped: number, failures: string[], skips: string[], flaky: string[] }} Outcome */

/** @returns {Outcome} */
export function emptyOutcome() {
  return { passed: 0, failed: 0, skipped: 0, failures: [], skips: [], flaky: [] }
}

/** The first non-blank line of a message, without terminal colours, at most 300 characters. */
export function firstLine(text) {
  // eslint-disable-next-line no-control-regex
  const plain = String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '')
  return (
    plain
      .split('\n')
      .find((line) => line.trim())
      ?.trim()
      .slice(0, 300) ?? '(no message)'
  )
}

function fail(outcome, message) {
  outcome.failed++
  outcome.failures.push(message)
  return outcome
}

/**
 * Vitest's JSON report (Jest's shape: numPassedTests, numFailedTests, numPendingTests, numTodoTests, success,
 * testResults[] with assertionResults[]) and its exit code.
 * @param {any} report the parsed report, or undefined when there is none
 * @param {number} exitCode
 * @param {(file: string) => string} name how a test file is shown (relative path)
 * @returns {Outcome}
 */
export function vitestOutcome(report, exitCode, name = (f) => f) {
  const outcome = emptyOutcome()
  if (!report || typeof report !== 'object') return fail(outcome, `vitest exited with ${exitCode} and wrote no report`)
  outcome.passed = report.numPassedTests ?? 0
  outcome.failed = report.numFailedTests ?? 0
  outcome.skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
  for (const file of report.testResults ?? []) {
    const where = name(file.name)
    const tests = file.assertionResults ?? []
    for (const test of tests) {
      if (test.status === 'failed')
        outcome.failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`)
      if (['pending', 'skipped', 'todo'].includes(test.status)) outcome.skips.push(`${where} › ${test.fullName}`)
    }
    // A file that failed without a failed test: it did not load, or a hook (beforeAll, afterAll) threw. Its tests
    // are reported skipped or not at all, so the file itself counts as one failure.
    if (file.status === 'failed' && !tests.some((t) => t.status === 'failed')) {
      fail(outcome, `${where}: ${firstLine(file.message)}`)
    }
  }
  if (outcome.passed + outcome.failed + outcome.skipped === 0 && outcome.failures.length === 0) {
    fail(outcome, 'vitest ran no test')
  }
  if ((exitCode !== 0 || report.success === false) && outcome.failed === 0) {
    fail(
      outcome,
      `vitest exited with ${exitCode}${report.success === false ? ' and reported failure' : ''} although no test failed: an error outside the tests (an unhandled error or rejection, see its output above)`,
    )
  }
  return outcome
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

/**
 * Playwright's JSON report (stats: expected, unexpected, flaky, skipped; suites; errors) and its exit code. A test
 * that passed on retry counts once, as passed, and is named as flaky.
 * @returns {Outcome}
 */
export function playwrightOutcome(report, exitCode) {
  const outcome = emptyOutcome()
  if (!report?.stats) return fail(outcome, `playwright exited with ${exitCode} and wrote no report`)
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats
  outcome.passed = expected + flaky
  outcome.failed = unexpected
  outcome.skipped = skipped
  for (const { file, title, test } of playwrightTests(report.suites ?? [])) {
    const name = `${file} › ${title}`
    if (test.status === 'unexpected')
      outcome.failures.push(`${name}: ${firstLine(test.results?.at(-1)?.error?.message)}`)
    if (test.status === 'flaky')
      outcome.flaky.push(`${name} (passed on retry; first failure: ${firstLine(test.results?.[0]?.error?.message)})`)
    if (test.status === 'skipped') outcome.skips.push(name)
  }
  // Errors outside tests: global set-up, a spec file that does not load, "no tests found".
  for (const error of report.errors ?? []) fail(outcome, `playwright: ${firstLine(error.message)}`)
  if (outcome.passed + outcome.failed + outcome.skipped === 0 && outcome.failures.length === 0) {
    fail(outcome, 'playwright ran no test')
  }
  if (exitCode !== 0 && outcome.failed === 0) {
    fail(outcome, `playwright exited with ${exitCode} although no test failed (see its output above)`)
  }
  return outcome
}

/**
 * `chatflow test` over the example flows: its output ends with `N passed, N failed`, and prints one `coverage` line
 * per flow. Every example must have tests, and they must take every branch of their flow.
 * @param {string} output what the command printed on stdout
 * @param {number} exitCode
 * @param {string[]} untested example flows on disk without a `<name>.tests` folder holding a test
 * @returns {Outcome}
 */
export function conversationOutcome(output, exitCode, untested = []) {
  const outcome = emptyOutcome()
  const match = /(\d+) passed, (\d+) failed\s*$/.exec(output.trim())
  if (!match) return fail(outcome, `chatflow test exited with ${exitCode} without a "N passed, N failed" line`)
  outcome.passed = Number(match[1])
  outcome.failed = Number(match[2])
  for (const line of output.split('\n')) {
    if (line.startsWith('✗ ')) outcome.failures.push(`chatflow test: ${line.slice(2).trim()}`)
    const partial = /^coverage (.+?): (\d+)\/(\d+) branches \(not taken: (.*)\)$/.exec(line)
    if (partial)
      fail(outcome, `chatflow test: ${partial[1]}: ${partial[2]}/${partial[3]} branches, not taken: ${partial[4]}`)
  }
  for (const flow of untested) fail(outcome, `chatflow test: ${flow} has no conversation tests`)
  if (outcome.passed + outcome.failed === 0) fail(outcome, 'chatflow test played no test')
  if (exitCode !== 0 && outcome.failed === 0)
    fail(outcome, `chatflow test exited with ${exitCode} although no test failed`)
  return outcome
}

/**
 * `chatflow validate --strict --json` of each shipped example: a warning the example does not mark as intentional
 * (docs/flow-format.md, "Intentional warnings") is a failure naming it, so no example opens with warnings; an example
 * that does not validate (errors, unreadable) fails too. `results` holds { file, code, out } per example.
 * @param {{ file: string, code: number, out: string }[]} results
 * @returns {Outcome}
 */
export function examplesValidateOutcome(results) {
  const outcome = emptyOutcome()
  for (const { file, code, out } of results) {
    let report
    try {
      report = JSON.parse(out)
    } catch {
      fail(outcome, `chatflow validate ${file}: exited with ${code} without a report`)
      continue
    }
    const open = (report.problems ?? []).filter((p) => p.severity !== 'note')
    for (const p of open)
      fail(outcome, `chatflow validate ${file}: ${p.severity} ${p.code} at ${p.pointer}: ${firstLine(p.message)}`)
    if (open.length === 0 && code !== 0) fail(outcome, `chatflow validate ${file}: exited with ${code}`)
    if (open.length === 0 && code === 0) outcome.passed++
  }
  return outcome
}

/** The last line of `npm test`. */
export function summaryLine({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed, ${skipped} skipped`
}
