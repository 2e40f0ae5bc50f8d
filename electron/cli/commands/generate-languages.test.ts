// `chatflow generate --language` (issue #35): a flow in several languages gets a suite per language, each test's
// contact storing it, every test passing under `chatflow test`, and one coverage line for the flow over all of them.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { parseConversationTest } from '../../../shared/engine/conversation'
import { generateFile, slug } from './generate'
import { collectTestFiles, runFiles } from './test'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-generate-languages-'))
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))
const APPOINTMENT = path.join(root, 'resources/examples/appointment.flow.json')

async function generate(out: string, language: string) {
  let printed = ''
  const code = await generateFile(
    APPOINTMENT,
    { out, language },
    (s) => (printed += s),
    (s) => (printed += s),
  )
  const files = fs.existsSync(out) ? collectTestFiles(out) : []
  const tests = files.map((f) => {
    const parsed = parseConversationTest(fs.readFileSync(f, 'utf8'))
    if (!parsed.ok) throw new Error(parsed.message)
    return { file: path.basename(f), test: parsed.test }
  })
  return { code, printed, tests, files }
}

describe('chatflow generate --language', () => {
  it('all: a suite per language of the flow, each test storing its language, all passing, one coverage line', async () => {
    const out = path.join(tmp, 'all')
    const r = await generate(out, 'all')
    expect(r.code, r.printed).toBe(0)
    for (const language of ['en', 'es']) {
      const mine = r.tests.filter((t) => t.file.endsWith(`.${language}.test.yaml`))
      expect(mine.length, language).toBeGreaterThan(0)
      for (const { test } of mine) {
        expect(test.contact.language).toBe(language)
        expect(test.name.endsWith(` [${language}]`)).toBe(true)
      }
    }
    expect(r.tests.length).toBe(r.files.length)
    // The Spanish suite expects Spanish: its first menu is the translated one.
    const spanish = r.tests.find((t) => t.file.endsWith('.es.test.yaml'))!.test
    expect(JSON.stringify(spanish.turns[0])).toContain('¿qué servicio quieres reservar?')
    expect(r.printed).toContain('coverage resources/examples/appointment.flow.json (en, es): 16/18 branches\n')
    let played = ''
    expect(await runFiles(r.files, (s) => (played += s)), played).toBe(0)
    expect(played.trim().split('\n').at(-1)).toBe(`${r.files.length} passed, 0 failed`)
  }, 120_000)

  it('one language, matched in any spelling: its suite alone, every test storing it', async () => {
    const out = path.join(tmp, 'one')
    const r = await generate(out, 'ES')
    expect(r.code, r.printed).toBe(0)
    expect(r.tests.length).toBeGreaterThan(0)
    expect(r.tests.every((t) => t.file.endsWith('.es.test.yaml') && t.test.contact.language === 'es')).toBe(true)
    expect(r.printed).toContain('coverage resources/examples/appointment.flow.json: 16/18 branches\n')
  }, 120_000)

  it('a language the flow does not have is a usage error naming its languages, and writes nothing', async () => {
    const out = path.join(tmp, 'none')
    const r = await generate(out, 'fr')
    expect(r.code).toBe(2)
    expect(r.printed).toBe("chatflow generate: --language fr: the flow's languages are en, es (or 'all')\n")
    expect(fs.existsSync(out)).toBe(false)
  })

  it('file names keep accented letters as their letter', () => {
    expect(slug('service_menu "Español" → set_spanish')).toBe('service-menu-espanol-set-spanish')
  })
})
