import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { dump, exampleFlow, seedExamples, TEST_SECRET } from '../../services/transfer/testing/support'
import { hashSecret } from '../../services/webhook/secrets'
import { orderTotalFlow } from '../../services/webhook/testing/fixtures'
import { exportCommand } from './export'
import { importCommand } from './import'
import { useCliSandbox } from '../testing/cli-sandbox'
import { readInputFile } from './input-file'

const cli = useCliSandbox('chatflow-cli-transfer-')
const { at, withDb } = cli

it('export → import into another data cli.dir → export gives the same bytes', async () => {
  withDb(at('a'), (db) => seedExamples(db))
  expect(await exportCommand.run(['--data-dir', at('a'), '--out', at('a.json')])).toBe(0)
  expect(await importCommand.run([at('a.json'), '--data-dir', at('b')])).toBe(0)
  expect(await exportCommand.run(['--data-dir', at('b'), '--out', at('b.json')])).toBe(0)
  expect(fs.readFileSync(at('b.json'), 'utf8')).toBe(fs.readFileSync(at('a.json'), 'utf8'))
  expect(JSON.parse(fs.readFileSync(at('b.json'), 'utf8')).flows).toHaveLength(3)
})

it('exports the chosen flows; an unknown one writes no file and exits 1', async () => {
  withDb(at('a'), (db) => seedExamples(db))
  const age = exampleFlow('age-gate').id
  expect(await exportCommand.run(['--data-dir', at('a'), '--flow', age, '--out', at('one.json')])).toBe(0)
  expect(
    JSON.parse(fs.readFileSync(at('one.json'), 'utf8')).flows.map((f: { document: { id: string } }) => f.document.id),
  ).toEqual([age])
  expect(await exportCommand.run(['--data-dir', at('a'), '--flow', 'flw_nope', '--out', at('two.json')])).toBe(1)
  expect(cli.err).toContain('flw_nope')
  expect(fs.existsSync(at('two.json'))).toBe(false)
  expect(await exportCommand.run(['--data-dir', at('a')])).toBe(2)
  expect(await exportCommand.run(['--data-dir', at('nowhere'), '--out', at('x.json')])).toBe(1)
})

it('--on-conflict keep-both and skip', async () => {
  withDb(at('a'), (db) => seedExamples(db, ['age-gate']))
  await exportCommand.run(['--data-dir', at('a'), '--out', at('a.json')])
  const before = withDb(at('a'), dump)
  expect(await importCommand.run([at('a.json'), '--data-dir', at('a'), '--on-conflict', 'skip'])).toBe(0)
  expect(withDb(at('a'), dump)).toBe(before)
  expect(await importCommand.run([at('a.json'), '--data-dir', at('a'), '--on-conflict', 'keep-both'])).toBe(0)
  expect(withDb(at('a'), (db) => db.prepare('SELECT name FROM flows ORDER BY name').pluck().all())).toEqual([
    exampleFlow('age-gate').name,
    `${exampleFlow('age-gate').name} (2)`,
  ])
  expect(await importCommand.run([at('a.json'), '--data-dir', at('a'), '--on-conflict', 'merge'])).toBe(2)
})

it('every kind of bad file exits 1, names the file and the path, and changes nothing', async () => {
  withDb(at('a'), (db) => seedExamples(db))
  await exportCommand.run(['--data-dir', at('a'), '--out', at('good.json')])
  const good = JSON.parse(fs.readFileSync(at('good.json'), 'utf8'))
  const variants: Record<string, (b: any) => unknown> = {
    truncated: () => fs.readFileSync(at('good.json'), 'utf8').slice(0, 200),
    'newer bundle': (b) => ({ ...b, format: 'chatflow.bundle/2' }),
    'bad node type': (b) => ((b.flows[2].document.nodes[0].type = 'teleport'), b),
    'bad test': (b) => ((b.flows[0].tests[0].yaml = ': : :'), b),
    'bad template': (b) => ((b.templates[0].body = 'x'.repeat(2000)), b),
    'duplicate ids': (b) => ((b.flows[1].document.id = b.flows[0].document.id), b),
  }
  const before = withDb(at('a'), dump)
  for (const [name, make] of Object.entries(variants)) {
    const made = make(structuredClone(good))
    fs.writeFileSync(at(`${name}.json`), typeof made === 'string' ? made : JSON.stringify(made))
    cli.err = ''
    expect(await importCommand.run([at(`${name}.json`), '--data-dir', at('a'), '--on-conflict', 'replace']), name).toBe(
      1,
    )
    expect(cli.err, name).toContain(`${name}.json: `)
    expect(cli.err, name).toMatch(/nothing was imported/)
  }
  expect(cli.err).toContain('/flows/1/document/id')
  expect(withDb(at('a'), dump)).toBe(before)
})

// Issue 18: a file nested too deep is refused naming the path, a file over the limit is not even read, and a
// bundle's webhook secrets are used only with --with-secrets.
it('refuses a flow whose samples nest 100,000 levels, naming the path, and creates no database', async () => {
  const head = JSON.stringify(orderTotalFlow('flw_deep')).slice(0, -1)
  fs.writeFileSync(
    at('deep.flow.json'),
    `${head},"samples":{"http_call_1":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`,
  )
  expect(await importCommand.run([at('deep.flow.json'), '--data-dir', at('data')])).toBe(1)
  expect(cli.err).toMatch(/deep\.flow\.json: \/samples\/http_call_1\/0\/0\/.*nested more than 64 levels deep/)
  expect(cli.err).toMatch(/nothing was imported/)
  expect(fs.existsSync(path.join(at('data'), 'studio.sqlite'))).toBe(false)
})

it('refuses a file over the size limit without reading it', () => {
  fs.writeFileSync(at('big.json'), Buffer.alloc(2048, 0x20))
  expect(readInputFile(at('big.json'), 1024)).toEqual({
    ok: false,
    reason: 'it is 2 KiB, larger than the 1 KiB a file may be',
  })
  expect(readInputFile(at('missing.json'))).toEqual({ ok: false, reason: 'ENOENT' })
})

it("keeps this studio's webhook secrets unless --with-secrets, and says the file carried some", async () => {
  withDb(at('a'), (db) => seedExamples(db))
  expect(await exportCommand.run(['--data-dir', at('a'), '--out', at('a.json'), '--include-secrets'])).toBe(0)
  withDb(at('b'), (db) => seedExamples(db))
  const secrets = () => withDb(at('b'), (db) => db.prepare('SELECT secret FROM webhook_secrets').pluck().all())
  withDb(at('b'), (db) => db.prepare("UPDATE webhook_secrets SET secret = 'whsec_b_own'").run())
  expect(await importCommand.run([at('a.json'), '--data-dir', at('b')])).toBe(0)
  expect(secrets()).toEqual(['whsec_b_own'])
  expect(cli.err).toMatch(/carries the webhook secrets of 1 flow\(s\); they were not used \(pass --with-secrets/)
  expect(await importCommand.run([at('a.json'), '--data-dir', at('b'), '--with-secrets'])).toBe(0)
  // The bundle carried the digest, and the flow here now accepts the key it accepted there.
  expect(secrets()).toEqual([hashSecret(TEST_SECRET)])
})
