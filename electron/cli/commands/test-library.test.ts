// `chatflow test` with a template and catalogue library, in-process against real files and real studio databases:
// the library.json beside the flow by default, --library, --data-dir, a test's own templates before any of them,
// and a malformed library as one line.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { feedbackTemplate, studioFolder, writeLibrary } from '../testing/library-fixtures'
import { collectTestFiles, runFiles, testCommand } from './test'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const expectsBody = (name: string, body: string, own?: string) =>
  [
    `name: ${name}`,
    'contact: { name: Asha, phone: "+919800000001" }',
    'trigger: { webhook: { data: { order_id: A-1 } } }',
    ...(own ? [`templates: [${JSON.stringify(feedbackTemplate(own))}]`] : []),
    'turns:',
    `  - variables: { feedback_request.body: ${JSON.stringify(body)} }`,
    '    state: paused',
    '',
  ].join('\n')

let dir: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-test-library-'))
  fs.copyFileSync(path.join(root, 'resources/examples/feedback-form.flow.json'), path.join(dir, 'fb.flow.json'))
  fs.mkdirSync(path.join(dir, 'fb.tests'))
  fs.writeFileSync(
    path.join(dir, 'fb.tests/library.yaml'),
    expectsBody('sends the template of the library beside the flow', 'Beside Asha, A-1'),
  )
  fs.writeFileSync(
    path.join(dir, 'fb.tests/own.yaml'),
    expectsBody('carries its own template', 'Own Asha, A-1', 'Own {{1}}, {{2}}'),
  )
  library('library.json', 'Beside {{1}}, {{2}}')
  library('other.json', 'Other {{1}}, {{2}}')
})
afterEach(() => {
  vi.restoreAllMocks()
  fs.rmSync(dir, { recursive: true, force: true })
})

const library = (file: string, body: string) => writeLibrary(dir, file, body)
const studio = (name: string, body?: string) => studioFolder(dir, name, body)

/** The command as a person runs it, its stdout and stderr captured. */
async function chatflowTest(...args: string[]) {
  let stdout = ''
  let stderr = ''
  vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((stdout += String(s)), true))
  vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((stderr += String(s)), true))
  const code = await testCommand.run([dir, ...args])
  vi.restoreAllMocks()
  return { code, stdout, stderr }
}

describe('chatflow test with a library', () => {
  it('finds tests in folders of a <name>.tests folder, each played against <name>.flow.json', async () => {
    fs.mkdirSync(path.join(dir, 'fb.tests/smoke/deeper'), { recursive: true })
    fs.renameSync(path.join(dir, 'fb.tests/library.yaml'), path.join(dir, 'fb.tests/smoke/deeper/library.yaml'))
    const files = collectTestFiles(dir).map((f) => path.relative(dir, f))
    expect(files).toEqual(['fb.tests/own.yaml', 'fb.tests/smoke/deeper/library.yaml'])
    let out = ''
    expect(await runFiles(collectTestFiles(dir), (s) => (out += s))).toBe(0)
    expect(out).toContain('2 passed, 0 failed')
  })

  it('reads the library.json beside the flow, and a test’s own templates come first', async () => {
    let out = ''
    expect(await runFiles(collectTestFiles(dir), (s) => (out += s))).toBe(0)
    expect(out).toContain('2 passed, 0 failed')
  })

  it('takes --library instead of the file beside the flow', async () => {
    const r = await chatflowTest('--library', path.join(dir, 'other.json'))
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('variable feedback_request.body: expected "Beside Asha, A-1", got "Other Asha, A-1"')
    expect(r.stdout).toContain('✓ ')
    expect(r.stdout).toContain('1 passed, 1 failed')
  })

  it('with --data-dir reads the studio’s library and not the file beside the flow; --library comes before the studio’s', async () => {
    const withTemplate = studio('studio', 'Studio {{1}}, {{2}}')
    expect((await chatflowTest('--data-dir', withTemplate)).stdout).toContain('got "Studio Asha, A-1"')
    const empty = await chatflowTest('--data-dir', studio('empty'))
    expect(empty.stdout).toContain(
      "state: expected paused, got failed (template_not_found: There is no template 'delivery_feedback' in en in the template library.)",
    )
    expect(
      (await chatflowTest('--data-dir', withTemplate, '--library', path.join(dir, 'other.json'))).stdout,
    ).toContain('got "Other Asha, A-1"')
  })

  it('fails the tests of a flow whose beside library is malformed with one line, and refuses a malformed --library', async () => {
    fs.writeFileSync(
      path.join(dir, 'library.json'),
      JSON.stringify({ templates: [{ ...feedbackTemplate('Hi'), category: 'PROMO' }] }),
    )
    let out = ''
    expect(await runFiles(collectTestFiles(dir), (s) => (out += s))).toBe(1)
    expect(out).toMatch(
      /✗ .*library\.yaml {2}sends the template of the library beside the flow\n {4}the library .*library\.json: \/templates\/0\/category: .+\n/,
    )
    expect(out).toContain('0 passed, 2 failed')

    const r = await chatflowTest('--library', path.join(dir, 'library.json'))
    expect(r.code).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(/^chatflow test: the library .*library\.json: \/templates\/0\/category: [^\n]+\n$/)
  })

  it('refuses unknown options with the usage, exit 2', async () => {
    const r = await chatflowTest('--libary', 'x.json')
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('chatflow test: unknown option --libary; did you mean --library?')
    expect(r.stderr).toContain('--library <file>')
  })
})
