import { describe, expect, it } from 'vitest'
import { NAME_PREFIX, NODE_TYPES } from './node-types'
import { isValidNodeName } from '../flow/names'
import { NODE_MODULES } from './modules'
import { configOf, NODE_DEFINITIONS, parseConfig, withParsedConfigs } from './registry'

const ctx = { nodeId: 'n1', nodeName: 'x_1', configPointer: '/nodes/0/config' }

describe('node registry contract', () => {
  it('derives the node types, name prefixes and definitions from the one list of modules', () => {
    expect(NODE_TYPES).toEqual(NODE_MODULES.map((m) => m.type))
    expect(new Set(NODE_TYPES).size).toBe(NODE_TYPES.length)
    for (const m of NODE_MODULES) {
      expect(NODE_DEFINITIONS[m.type]).toBe(m)
      expect(NAME_PREFIX[m.type]).toBe(m.namePrefix)
    }
  })

  it('gives every type a name prefix that makes valid, distinct node names', () => {
    const prefixes = NODE_MODULES.map((m) => m.namePrefix)
    expect(new Set(prefixes).size).toBe(prefixes.length)
    for (const p of prefixes) expect(isValidNodeName(`${p}1`), p).toBe(true)
  })

  it.each(NODE_TYPES)('%s: defaults parse unchanged and an empty config gets the defaults', (t) => {
    const def = NODE_DEFINITIONS[t]
    const d = def.defaults()
    expect(def.configSchema.parse(d)).toEqual(d)
    const fromEmpty = parseConfig(t, {})
    expect(fromEmpty.success).toBe(true)
    expect(def.defaults()).not.toBe(d) // a fresh object each call, so callers may mutate theirs
  })

  it.each(NODE_TYPES)('%s: ports have unique ids, text field pointers resolve, summary is one line', (t) => {
    const def = NODE_DEFINITIONS[t]
    const c = def.defaults()
    const ids = def.ports(c).map((p) => p.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const f of def.textFields(c)) expect(f.pointer.startsWith('/')).toBe(true)
    expect(def.summary(c)).not.toMatch(/\n/)
    for (const p of def.validate(c, ctx)) expect(p.pointer.startsWith('/nodes/0/config')).toBe(true)
  })

  it('End has no ports, linear nodes one out port, branching nodes their own ports', () => {
    const ports = (t: keyof typeof NODE_DEFINITIONS) =>
      NODE_DEFINITIONS[t].ports(NODE_DEFINITIONS[t].defaults()).map((p) => p.id)
    expect(ports('end')).toEqual([])
    for (const t of [
      'message',
      'lead_management',
      'template_message',
      'media_message',
      'spm',
      'mpm',
      'trigger',
    ] as const)
      expect(ports(t)).toEqual(['out'])
    expect(ports('condition')).toEqual(['true', 'false'])
    expect(ports('http_call')).toEqual(['success', 'failure'])
    expect(ports('script')).toEqual(['success', 'failure'])
    expect(ports('router')).toEqual(['route_1', 'else'])
    expect(ports('interactive_message')).toEqual(['yes', 'no'])
  })

  it('exactly Question, Interactive Message, Chat Flow, Intent (on the next message) and Extract (with a required slot) wait, products with "no reply within", and they resume', () => {
    const waiting = NODE_TYPES.filter((t) => NODE_DEFINITIONS[t].waits(NODE_DEFINITIONS[t].defaults()))
    expect(waiting.sort()).toEqual(['chat_flow', 'extract', 'intent', 'interactive_message', 'question'])
    expect(NODE_DEFINITIONS.intent.waits({ ...NODE_DEFINITIONS.intent.defaults(), source: 'trigger' })).toBe(false)
    const timed = (t: 'spm' | 'mpm') =>
      NODE_DEFINITIONS[t].waits({ ...NODE_DEFINITIONS[t].defaults(), noReplyWithin: '4h' })
    expect([timed('spm'), timed('mpm')]).toEqual([true, true])
    expect(
      NODE_MODULES.filter((m) => m.runner.resume)
        .map((m) => m.type)
        .sort(),
    ).toEqual([...waiting, 'mpm', 'spm', 'template_message'].sort())
  })

  it('withParsedConfigs parses a config once while it runs, and afresh after it (a config may be edited in place)', () => {
    const config: Record<string, unknown> = { text: 'Hi' }
    const [a, b, other] = withParsedConfigs(() => [
      parseConfig('message', config),
      parseConfig('message', config),
      parseConfig('end', config),
    ])
    expect(b).toBe(a)
    expect(other).not.toBe(a)
    config.text = 'Bye'
    const after = parseConfig('message', config)
    expect(after).not.toBe(a)
    expect(after.success && (after.data as { text: string }).text).toBe('Bye')
    expect(parseConfig('message', config)).not.toBe(after)
  })

  it('configOf gives a node its typed config with defaults, and nothing for another type or a broken config', () => {
    const call = { type: 'http_call' as const, config: { url: 'https://example.com' } }
    const config = configOf(call, 'http_call')
    expect(config?.method).toBe('GET')
    expect(config?.url).toBe('https://example.com')
    expect(configOf(call, 'message')).toBeNull()
    expect(configOf({ type: 'http_call', config: { method: 'TELEPORT' } }, 'http_call')).toBeNull()
  })
})
