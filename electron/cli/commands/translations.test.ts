// Runs the built CLI (dist/chatflow.mjs, as `npm run build:server` ships it; rebuilt when a source changed) in a child
// process on temporary flow files, as a translator's round trip would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { serialiseFlow } from '../../../shared/flow/serialise'
import { parseFlow } from '../../../shared/nodes/load-flow'
import { translationOf } from '../../../shared/flow/translations'
import { shopFlow } from '../../../shared/translate/testing/flow'
import { ROOT, serverBuildDir } from '../../runtime/testing/server-build'

let dir = ''
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'chatflow-translations-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function chatflow(...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(serverBuildDir(), 'chatflow.mjs'), 'translations', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  })
  return {
    code: r.status,
    stdout: r.stdout,
    stderr: r.stderr.split('\n').filter((l) => l && !l.startsWith('npm warn')),
  }
}
function put(name: string, content: string): string {
  const p = path.join(dir, name)
  mkdirSync(path.dirname(p), { recursive: true })
  writeFileSync(p, content)
  return p
}
const readFlow = (file: string) => {
  const loaded = parseFlow(readFileSync(file, 'utf8'))
  if (!loaded.ok) throw new Error(loaded.error.message)
  return loaded.document
}

describe('chatflow translations', () => {
  it('export → translate → import --write: good rows written, a broken placeholder and a long title refused by name', () => {
    const flow = put('shop.flow.json', serialiseFlow(shopFlow()))
    const xlf = path.join(dir, 'shop.es.xlf')
    const out = chatflow('export', flow, '--to', 'es', '-o', xlf)
    expect(out).toMatchObject({
      code: 0,
      stdout: '',
      stderr: [`4 texts of 1 flow for Spanish (es) written to ${xlf}.`],
    })
    const text = readFileSync(xlf, 'utf8')
      .replace(/(<source>What would you like to do\?<\/source>)/, '$1<target>¿Qué quieres hacer?</target>')
      .replace(/(<source>Talk to us<\/source>)/, '$1<target>Hablar con una persona ahora</target>')
      .replace(
        /(<source>Hi <ph id="1"[^>]*\/>, welcome to <ph id="2"[^>]*\/>!<\/source>)/,
        '$1<target>¡Hola <ph id="1"/>!</target>',
      )
    writeFileSync(xlf, text)

    const dry = chatflow('import', flow, xlf)
    expect(dry.code).toBe(1)
    expect(dry.stdout).toContain(`${flow}: Spanish (es)`)
    expect(dry.stdout).toContain('  changed  [menu] Body: "¿Qué quieres hacer?"')
    expect(dry.stdout).toMatch(
      / {2}refused {2}Node 'welcome', Message text \(unit 'n_welcome\/text' \(line \d+\)\): the translation drops \{\{shop_name\}\}/,
    )
    expect(dry.stdout).toMatch(
      / {2}refused {2}Node 'menu', Button 2 title .*: the translation has 28 characters; the channel allows at most 20\./,
    )
    expect(dry.stdout).toContain('  1 changed, 0 unchanged, 2 refused, 3 missing.')
    expect(dry.stdout).toContain('Nothing written: add --write to save the flow files.')
    expect(readFlow(flow).translations).toBeUndefined()

    const wet = chatflow('import', flow, xlf, '--write')
    expect(wet.code).toBe(1)
    expect(wet.stdout).toContain('1 flow file written.')
    expect(translationOf(readFlow(flow), 'es', 'n_menu', '/body')).toEqual({
      text: '¿Qué quieres hacer?',
      source: 'What would you like to do?',
    })
  })

  it('CSV through a folder; --json prints the report', () => {
    const folder = path.join(dir, 'flows')
    put('flows/a.flow.json', serialiseFlow(shopFlow({ id: 'flw_a', name: 'A' })))
    put('flows/sub/b.flow.json', serialiseFlow(shopFlow({ id: 'flw_b', name: 'B' })))
    const out = chatflow('export', folder, '--to', 'fr', '--format', 'csv')
    expect(out.code).toBe(0)
    expect(out.stdout.startsWith('\uFEFFid,node,field,limit,source:en,target:fr,flow\r\n')).toBe(true)
    expect(out.stdout.split('\r\n').filter((l) => l.endsWith(',flw_b'))).toHaveLength(4)
    const csv = put('flows.fr.csv', out.stdout.replace('Talk to us,,flw_b', 'Talk to us,"Parler, vite",flw_b'))
    const r = chatflow('import', folder, csv, '--json', '--write')
    expect(r.code).toBe(0)
    const reports = JSON.parse(r.stdout)
    expect(reports.map((x: any) => [x.flowId, x.written, x.report.changed.length])).toEqual([
      ['flw_a', false, 0],
      ['flw_b', true, 1],
    ])
    expect(
      translationOf(readFlow(path.join(folder, 'sub/b.flow.json')), 'fr', 'n_menu', '/buttons/1/title')?.text,
    ).toBe('Parler, vite')
  })

  it.each([
    ['not XML, not CSV', 'garbage "quote\n', /Not a valid translation CSV: .*\(line 1\)\./],
    [
      'a billion laughs',
      '<?xml version="1.0"?>\n<!DOCTYPE l [<!ENTITY a "aaaa">]>\n<xliff>&a;</xliff>',
      /a DOCTYPE is not allowed .*\(line 2\)\./,
    ],
    [
      'an unclosed XLIFF',
      '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0">\n<file id="f">',
      /unclosed root tag \(line 2\)\./,
    ],
  ])('%s: one line on stderr, exit 1, the flow file untouched', (_what, content, message) => {
    const flow = put('untouched.flow.json', serialiseFlow(shopFlow()))
    const before = readFileSync(flow, 'utf8')
    const r = chatflow('import', flow, put('bad.xlf', content), '--write')
    expect(r.code).toBe(1)
    expect(r.stderr).toHaveLength(1)
    expect(r.stderr[0]).toMatch(/^chatflow translations import: bad\.xlf: /)
    expect(r.stderr[0]).toMatch(message)
    expect(r.stderr[0]).toMatch(/ \[translations\.bad_file\]$/)
    expect(readFileSync(flow, 'utf8')).toBe(before)
  })

  it('a file over the size limit is refused before it is read', () => {
    const flow = put('big.flow.json', serialiseFlow(shopFlow()))
    const huge = put('huge.xlf', '<xliff>' + ' '.repeat(17 * 1024 * 1024) + '</xliff>')
    const r = chatflow('import', flow, huge, '--write')
    expect(r.code).toBe(1)
    expect(r.stderr).toEqual([
      `chatflow translations import: ${huge}: it is 17 MiB, larger than the 16 MiB a file may be; nothing was read. [translations.too_large]`,
    ])
  })

  it('bad usage and a language the flow lacks', () => {
    const flow = put('lang.flow.json', serialiseFlow(shopFlow()))
    expect(chatflow('export', flow).code).toBe(2)
    expect(chatflow('exprot').stderr[0]).toBe(
      "chatflow translations: unknown subcommand 'exprot'. Did you mean 'export'?",
    )
    const de = chatflow('export', flow, '--to', 'de')
    expect(de.code).toBe(1)
    expect(de.stderr[0]).toMatch(
      /^chatflow translations export: 'de' is not a language of flow 'Shop' \(it has English \(en\), Spanish \(es\), French \(fr\)\)/,
    )
  })
})
