import fs from 'node:fs'
import { expect, it } from 'vitest'
import { exampleFlow, seedExamples } from '../../services/transfer/testing/support'
import { BreakpointStore } from '../../studio/breakpoints/store'
import { exportCommand } from './export'
import { importCommand } from './import'
import { useCliSandbox } from '../testing/cli-sandbox'

// `chatflow export --include-breakpoints` and `chatflow import` carry breakpoints like the studio's Export and Import
// (docs/flow-format.md, "Breakpoints").

const cli = useCliSandbox('chatflow-cli-breakpoints-')
const { at, withDb } = cli

it('exports breakpoints only with --include-breakpoints; import keeps them beside the flow, not in it', async () => {
  const age = exampleFlow('age-gate')
  const node = age.nodes[1]!
  const list = [{ id: 'b1', at: { kind: 'node' as const, nodeId: node.id }, enabled: true }]
  withDb(at('a'), (db) => {
    seedExamples(db)
    new BreakpointStore(db).replace(age.id, list)
  })
  const docOf = (file: string) =>
    (JSON.parse(fs.readFileSync(at(file), 'utf8')) as { flows: { document: { debug?: unknown } }[] }).flows[0]!.document
  expect(await exportCommand.run(['--data-dir', at('a'), '--flow', age.id, '--out', at('plain.json')])).toBe(0)
  expect(docOf('plain.json')).not.toHaveProperty('debug')
  const args = ['--data-dir', at('a'), '--flow', age.id, '--include-breakpoints', '--out', at('with.json')]
  expect(await exportCommand.run(args)).toBe(0)
  expect(docOf('with.json').debug).toEqual({ breakpoints: list })

  expect(await importCommand.run([at('with.json'), '--data-dir', at('b')])).toBe(0)
  expect(cli.err).not.toMatch(/note/)
  withDb(at('b'), (db) => {
    expect(new BreakpointStore(db).stored(age.id)).toEqual(list)
    const stored = db.prepare('SELECT document FROM flows WHERE id = ?').pluck().get(age.id) as string
    expect(JSON.parse(stored)).not.toHaveProperty('debug')
  })
})
