import { describe, expect, it } from 'vitest'
import { freeName, pasteClip, copyClip, parseClip, CLIP_FORMAT } from './clipboard'
import { MESSAGE_V2, registerNodeVersion } from '../../shared/nodes/testing/versions'
import { flow, node } from './testing/docs'

describe('pasted names', () => {
  it('counts a trailing number up, or adds one, keeping the name a person chose', () => {
    expect(freeName('http_call_1', new Set(['http_call_1', 'http_call_2']))).toBe('http_call_3')
    expect(freeName('status', new Set(['status']))).toBe('status_2')
    expect(freeName('step9', new Set(['step9']))).toBe('step10')
  })

  it('stays within the 50-character limit', () => {
    const long = 'a'.repeat(50)
    const name = freeName(long, new Set([long]))
    expect(name).toHaveLength(50)
    expect(name.endsWith('_2') || name.endsWith('2')).toBe(true)
    expect(name).not.toBe(long)
  })

  it('renames a pasted card that reads another pasted card, and the reference follows', () => {
    const source = flow([
      node('h', 'http_call', 'lookup'),
      node('m', 'message', 'status', { text: 'Got {{lookup.status}}' }),
    ])
    const target = flow([
      node('x', 'http_call', 'lookup'),
      node('y', 'message', 'status', { text: 'Mine {{lookup.status}}' }),
    ])
    const { doc } = pasteClip(target, copyClip(source, ['h', 'm']), null)
    expect(doc.nodes.map((n) => n.name)).toEqual(['lookup', 'status', 'lookup_2', 'status_2'])
    expect(doc.nodes[3]!.config).toMatchObject({ text: 'Got {{lookup_2.status}}' })
    expect(doc.nodes[1]!.config).toMatchObject({ text: 'Mine {{lookup.status}}' })
  })
})

describe('a clip from another build of the studio', () => {
  const clip = (typeVersion: number | undefined, config: Record<string, unknown>) =>
    JSON.stringify({
      format: CLIP_FORMAT,
      nodes: [{ ...node('n1', 'message', 'hello', config), ...(typeVersion ? { typeVersion } : {}) }],
      edges: [],
    })

  it("has its nodes brought to this build's versions, and one newer than this build is not pasted", () => {
    const restore = registerNodeVersion(MESSAGE_V2)
    try {
      expect(parseClip(clip(undefined, { body: 'Hi' }))!.nodes[0]).toMatchObject({
        typeVersion: 2,
        config: { text: 'Hi' },
      })
      expect(parseClip(clip(2, { text: 'Hi' }))!.nodes[0]).toMatchObject({ typeVersion: 2, config: { text: 'Hi' } })
      expect(parseClip(clip(3, { text: 'Hi' }))).toBeNull()
    } finally {
      restore()
    }
  })
})
