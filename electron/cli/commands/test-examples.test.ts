// The promise of issue 6's "Done when": every example flow in resources/examples has conversation tests, they all
// pass through `chatflow test`, and together they take every branch of their flow. The examples are found on disk,
// so a new example without tests, or a new branch no test takes, fails here.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { collectTestFiles, runFiles } from './test'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const examples = path.join(root, 'resources/examples')
const flows = fs.readdirSync(examples).filter((f) => f.endsWith('.flow.json')).sort()

describe('the example flows’ conversation tests', () => {
  it('finds the example flows', () => expect(flows.length).toBeGreaterThanOrEqual(6))

  it.each(flows)('%s: its tests pass through chatflow test and take every branch', async (flowFile) => {
    const dir = path.join(examples, flowFile.replace(/\.flow\.json$/, '.tests'))
    expect(fs.existsSync(dir), `${path.relative(root, dir)} holds the tests of ${flowFile}`).toBe(true)
    const files = collectTestFiles(dir)
    expect(files.length).toBeGreaterThan(0)

    let out = ''
    expect(await runFiles(files, (s) => (out += s))).toBe(0)
    const lines = out.trim().split('\n')
    expect(lines.at(-1)).toBe(`${files.length} passed, 0 failed`)
    const coverage = lines.find((l) => l.startsWith('coverage ') && l.includes(`${flowFile}:`))
    const m = coverage?.match(/: (\d+)\/(\d+) branches(.*)$/)
    expect(m, out).toBeTruthy()
    expect(m![3], 'branches no test takes').toBe('')
    expect(Number(m![1])).toBe(Number(m![2]))
    expect(Number(m![2])).toBeGreaterThan(0)
  }, 60_000)
})
