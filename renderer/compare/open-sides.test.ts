import { describe, expect, it } from 'vitest'
import { fileSide } from './open-sides'
import { base } from './testing/pair'

describe('fileSide', () => {
  it('reads a flow file through the one loader, named by the file', async () => {
    const r = await fileSide(new File([JSON.stringify(base())], 'age.flow.json'))
    expect(r.ok && r.side).toMatchObject({ kind: 'file', label: 'age.flow.json' })
    expect(r.ok && r.side.kind === 'file' && r.side.doc.nodes.map((n) => n.name)).toEqual([
      'trigger_1',
      'ask',
      'thanks',
      'bye',
    ])
  })

  it('refuses a file that is not a flow, in words naming the file', async () => {
    const r = await fileSide(new File(['{"nodes": 3}'], 'notes.json'))
    expect(r.ok).toBe(false)
    expect(r.ok ? '' : r.message).toMatch(/^notes\.json is not a flow this studio can read: /)
  })
})
