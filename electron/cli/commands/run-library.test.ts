// `chatflow run` with a template and catalogue library: the shipped examples get past their Template and product
// nodes through a real child process fed on stdin, and the library's precedence (--library, --data-dir, the
// library.json beside the flow) is driven in-process against real studio databases.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DB_FILE_NAME } from '../../studio/backend'
import { openDatabase } from '../../services/db/open'
import { TemplateStore } from '../../services/effects/template-store'
import { studioFolder, writeLibrary } from '../testing/library-fixtures'
import { runCli } from './run'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const examples = path.join(root, 'resources/examples')

function chatflowRun(args: string[], input: string) {
  return spawnSync('npx', ['tsx', 'electron/cli/index.ts', 'run', ...args], {
    cwd: root,
    encoding: 'utf8',
    input,
    timeout: 80_000,
  })
}

describe('chatflow run of the examples in a terminal (child process, piped stdin)', () => {
  it('feedback-form: sends its template from the library.json beside it, says so on stderr, then takes the form', () => {
    const r = chatflowRun(
      [
        'resources/examples/feedback-form.flow.json',
        '--contact',
        'Asha +919800000001',
        '--trigger',
        'webhook:{"order_id":"A-1001"}',
      ],
      '{"rating":"5","on_time":"yes"}\n',
    )
    expect(r.stderr).toContain(
      'chatflow run: using the library beside the flow, resources/examples/library.json (1 template, 6 products); --library <file> picks another\n',
    )
    expect(r.status).toBe(0)
    expect(r.stdout).toContain(
      'bot: [template delivery_feedback (en)]\n     Hi Asha, how was the delivery of order A-1001?\nbot: *Your delivery*\n',
    )
    expect(r.stdout).toContain('bot: Thanks for your feedback, Asha!\n(run ended: completed)\n')
    expect(r.stdout).not.toContain('template_not_found')
  }, 90_000)

  it('catalogue: the single product and the product list are found in the catalogue; a malformed --library is one line, exit 1', () => {
    const r = chatflowRun(
      ['resources/examples/catalogue.flow.json', '--contact', 'Lena +491700000001'],
      'Do you sell tea?\n',
    )
    expect(r.status).toBe(0)
    expect(r.stdout).toContain(
      'bot: Our best-seller this month: Sencha Kagoshima, 100 g. Tap to see details or add it to your cart.\n',
    )
    expect(r.stdout).toContain(
      '     Hi Lena, here are our autumn teas. Add what you like to your cart and send it to us.\n',
    )
    expect(r.stdout).toContain('(run ended: completed)\n')
    expect(r.stdout).not.toContain('product_not_found')

    const bad = path.join(os.tmpdir(), `chatflow-bad-library-${process.pid}.json`)
    fs.writeFileSync(
      bad,
      JSON.stringify({
        catalog: [{ catalogId: '1184729301', id: 'TEA-SENCHA-100', name: 'Sencha', price: 'cheap', currency: 'EUR' }],
      }),
    )
    try {
      const refused = chatflowRun(['resources/examples/catalogue.flow.json', '--library', bad], 'tea\n')
      expect(refused.status).toBe(1)
      expect(refused.stdout).toBe('')
      // npx may add its own warnings about npm's config; ours is the one line that names the command.
      const ours = refused.stderr.split('\n').filter((l) => !l.startsWith('npm warn') && l !== '')
      expect(ours).toHaveLength(1)
      expect(ours[0]).toMatch(
        new RegExp(`^chatflow run: the library ${bad.replace(/[.]/g, '\\.')}: /catalog/0/price: .*number`),
      )
    } finally {
      fs.rmSync(bad, { force: true })
    }
  }, 90_000)
})

describe('which library chatflow run uses', () => {
  let dir: string
  let flow: string
  const library = (file: string, body: string) => writeLibrary(dir, file, body)
  const studio = (name: string, body?: string) => studioFolder(dir, name, body)
  async function run(...args: string[]) {
    let stdout = ''
    let stderr = ''
    const code = await runCli([flow, '--trigger', 'webhook:{"order_id":"B7"}', ...args], {
      input: async function* () {
        yield* [] // the chat starts on the webhook trigger; nobody types
      },
      stdout: (s) => (stdout += s),
      stderr: (s) => (stderr += s),
    })
    return {
      code,
      stdout,
      stderr,
      sent: /bot: \[template delivery_feedback \(en\)\]\n {5}(.*)\n/.exec(stdout)?.[1] ?? stdout,
    }
  }

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-run-library-'))
    flow = path.join(dir, 'feedback.flow.json')
    fs.copyFileSync(path.join(examples, 'feedback-form.flow.json'), flow)
  })
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('without a library anywhere the Template node fails as before', async () => {
    const r = await run()
    expect(r.code).toBe(0)
    expect(r.stderr).toBe('')
    expect(r.stdout).toContain(
      "(run failed: template_not_found: There is no template 'delivery_feedback' in en in the template library.)",
    )
  })

  it('uses the library.json beside the flow, and --library over it', async () => {
    library('library.json', 'Beside {{1}}, order {{2}}')
    library('other.json', 'Other {{1}}, order {{2}}')
    const beside = await run()
    expect(beside.sent).toBe('Beside Test Customer, order B7')
    expect(beside.stderr).toMatch(
      /^chatflow run: using the library beside the flow, .*library\.json \(1 template, 0 products\)/,
    )
    const chosen = await run('--library', path.join(dir, 'other.json'))
    expect(chosen.sent).toBe('Other Test Customer, order B7')
    expect(chosen.stderr).toBe('')
  })

  it('with --data-dir uses the studio’s library, not the file beside the flow; --library comes before the studio’s', async () => {
    library('library.json', 'Beside {{1}}, order {{2}}')
    const withTemplate = studio('studio', 'Studio {{1}}, order {{2}}')
    const fromStudio = await run('--data-dir', withTemplate)
    expect(fromStudio.sent).toBe('Studio Test Customer, order B7')
    expect(fromStudio.stderr).toMatch(
      /^chatflow run: using the studio's library; .*library\.json beside the flow is not read \(--library adds it\)\n$/,
    )
    const empty = await run('--data-dir', studio('empty'))
    expect(empty.stdout).toContain('(run failed: template_not_found:')

    library('other.json', 'Other {{1}}, order {{2}}')
    const layered = await run('--data-dir', withTemplate, '--library', path.join(dir, 'other.json'))
    expect(layered.sent).toBe('Other Test Customer, order B7')
    expect(layered.stderr).toBe('')
    // A file without the template leaves the studio's to answer; the studio database is never written by --library.
    fs.writeFileSync(path.join(dir, 'products.json'), JSON.stringify({ catalog: [] }))
    expect((await run('--data-dir', withTemplate, '--library', path.join(dir, 'products.json'))).sent).toBe(
      'Studio Test Customer, order B7',
    )
    const db = openDatabase(path.join(withTemplate, DB_FILE_NAME))
    try {
      expect(new TemplateStore(db).list().map((t) => t.body)).toEqual(['Studio {{1}}, order {{2}}'])
    } finally {
      db.close()
    }
  })

  it('refuses a malformed beside library with one line and exit 1 rather than running without it', async () => {
    fs.writeFileSync(path.join(dir, 'library.json'), '{"templates": [}')
    const r = await run()
    expect(r.code).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(/^chatflow run: the library .*library\.json is not JSON \(.+\)\n$/)
  })
})
