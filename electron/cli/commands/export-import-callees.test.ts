// Issue 30 through the CLI: `chatflow export --flow` brings the flows it calls; `chatflow import` resolves them by
// id, and --on-callee-conflict chooses for a callee that differs from the studio's.
import { expect, it } from 'vitest'
import { calleesOf } from '../../../shared/analysis/call-deps'
import { callingFlow } from '../../../shared/analysis/testing/call-graph'
import type { FlowDocument } from '../../../shared/flow'
import { applyImport } from '../../services/transfer/apply'
import { readStoredFlow } from '../../services/store/stored-flow'
import { exportCommand } from './export'
import { importCommand } from './import'
import { useCliSandbox } from '../testing/cli-sandbox'

const cli = useCliSandbox('chatflow-cli-callees-')
const { at, withDb } = cli
const seed = (dataDir: string, docs: FlowDocument[]) =>
  withDb(dataDir, (db) =>
    applyImport(
      db,
      {
        kind: 'bundle',
        flows: docs.map((document) => ({ document, tests: [] })),
        dependencies: [],
        templates: [],
        catalog: [],
      },
      () => 'skip',
    ),
  )
const docOf = (dataDir: string, id: string) =>
  withDb(dataDir, (db) =>
    readStoredFlow(db.prepare('SELECT document FROM flows WHERE id = ?').pluck().get(id) as string),
  )

it('exports a flow with the flows it calls, and imports them with the call rewired to a copy when asked', async () => {
  seed(at('a'), [
    callingFlow('flw_appointment', ['flw_verify'], { name: 'Appointment' }),
    callingFlow('flw_verify', [], { name: 'Verify phone', text: 'theirs' }),
  ])
  expect(await exportCommand.run(['--data-dir', at('a'), '--flow', 'flw_appointment', '--out', at('a.json')])).toBe(0)
  expect(cli.out).toContain('Exported 1 flow and 1 flow they call to')
  seed(at('b'), [callingFlow('flw_verify', [], { name: 'Verify phone', text: 'mine' })])
  cli.out = ''
  expect(await importCommand.run([at('a.json'), '--data-dir', at('b'), '--on-callee-conflict', 'copy'])).toBe(0)
  const copyId = /Imported "Verify phone \(2\)" as (\S+) \(revision 1, a copy/.exec(cli.out)?.[1]
  expect(copyId).toBeTruthy()
  expect(calleesOf(docOf(at('b'), 'flw_appointment'))).toEqual([copyId])
  expect(docOf(at('b'), 'flw_verify').nodes.find((n) => n.name === 'say')!.config.text).toBe('mine')
})

it('keeps the studio callee by default, and refuses an unknown choice', async () => {
  seed(at('a'), [
    callingFlow('flw_appointment', ['flw_verify'], { name: 'Appointment' }),
    callingFlow('flw_verify', [], { name: 'Verify phone', text: 'theirs' }),
  ])
  expect(await exportCommand.run(['--data-dir', at('a'), '--flow', 'flw_appointment', '--out', at('a.json')])).toBe(0)
  seed(at('b'), [callingFlow('flw_verify', [], { name: 'Verify phone', text: 'mine' })])
  expect(await importCommand.run([at('a.json'), '--data-dir', at('b'), '--on-callee-conflict', 'maybe'])).toBe(2)
  expect(cli.err).toContain('--on-callee-conflict must be one of keep-mine, take-theirs, copy')
  expect(await importCommand.run([at('a.json'), '--data-dir', at('b')])).toBe(0)
  expect(cli.out).toContain(`Kept this studio's "Verify phone" (flw_verify), which the imported flows call.`)
  expect(calleesOf(docOf(at('b'), 'flw_appointment'))).toEqual(['flw_verify'])
  expect(docOf(at('b'), 'flw_verify').nodes.find((n) => n.name === 'say')!.config.text).toBe('mine')
})
