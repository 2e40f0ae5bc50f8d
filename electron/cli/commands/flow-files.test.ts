// Where the CLI's calls find their callees: --flows first, then beside the flow; unreadable files are skipped.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { serialiseFlow } from '../../../shared/flow/serialise'
import { shop, verify } from '../../../shared/engine/testing/calls'
import { flowFilesOf, flowFilesSource } from './flow-files'

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-flow-files-'))
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))
const put = (rel: string, text: string) => {
  const file = path.join(tmp, rel)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, text)
  return file
}

describe('the flows the CLI calls', () => {
  const shopFile = put('app/shop.flow.json', serialiseFlow(shop))
  put('app/verify.flow.json', serialiseFlow({ ...verify, name: 'Beside' }))
  put('app/broken.flow.json', '{ not json')
  put('lib/deep/verify.flow.json', serialiseFlow({ ...verify, name: 'Given' }))
  put('lib/notes.txt', 'not a flow')

  it('takes --flows before the files beside the flow, searching folders for *.flow.json', async () => {
    const given = flowFilesOf(path.join(tmp, 'lib'))
    expect(given).toEqual([path.join(tmp, 'lib/deep/verify.flow.json')])
    const source = flowFilesSource(shopFile, given as string[])
    expect((await source.load('f_verify', { flowId: 'f_shop', revision: null }))?.doc.name).toBe('Given')
    const beside = flowFilesSource(shopFile, [])
    expect(await beside.load('f_verify', { flowId: 'f_shop', revision: null })).toMatchObject({
      doc: { name: 'Beside' },
      revision: null,
    })
  })

  it('answers null for a flow it cannot find, skipping files that are not valid flows', async () => {
    const source = flowFilesSource(shopFile, [])
    expect(await source.load('f_nowhere', { flowId: 'f_shop', revision: null })).toBeNull()
  })

  it('says when a --flows path does not exist', () => {
    expect(flowFilesOf(path.join(tmp, 'missing'))).toMatch(/no such file or folder/)
  })
})
