// A runtime keeps running flows published before an upgrade: a stored published document whose nodes were written
// by an older version of their type is migrated when it is loaded (both stores), and one whose node is newer than
// this build is refused, never run as the old shape. The older version is the test-only Message 2 of
// shared/nodes/testing/versions.ts (its version 1 called the text `body`).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, expect, it, vi } from 'vitest'
import type { FlowDocument } from '../../shared/flow/document'
import { MESSAGE_V2, NODE_VERSION_FIXTURES, registerNodeVersion } from '../../shared/nodes/testing/versions'
import { MemoryAdapter } from './adapters/log-adapter'
import { storePublishTarget } from './publish-target'
import { describeEachStore } from './testing/stores'
import { testRuntime, text } from './testing/runtime-fixtures'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const fixture = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(ROOT, NODE_VERSION_FIXTURES, `${name}.flow.json`), 'utf8')) as FlowDocument

let restore: (() => void) | null = null
afterEach(() => {
  restore?.()
  restore = null
})

describeEachStore('flows published before a node type changed', (c) => {
  it('are migrated when the runtime loads them, and answer customers as before', async () => {
    const opened = await c.open()
    // What the older build published: its checks passed then, and the store keeps the document as it was sent.
    await opened.store.publish(fixture('message-v1-body'))
    await opened.store.close()
    // The upgrade: this build's Message is at version 2. A fresh process reads the stored version.
    restore = registerNodeVersion(MESSAGE_V2)
    const store = await opened.reopen()
    const doc = (await store.runningFlow('flw_node_versions'))!
    expect(doc.nodes.filter((n) => n.type === 'message').map((n) => [n.typeVersion, n.config])).toEqual([
      [2, { text: 'Hello {{customer_name}}' }],
      [2, { text: 'Welcome back, {{customer_name}}. You said {{greet.text}}' }],
      [2, { text: 'Welcome!' }],
    ])
    expect(await store.runningFlows()).toEqual([doc])

    const adapter = new MemoryAdapter()
    const { runtime } = testRuntime(store, adapter)
    const answer = await runtime.inbound({ ...text('+919800000001', 'hello'), name: 'Asha' })
    expect(answer.status).toBe('processed')
    await runtime.idle()
    expect(adapter.to('+919800000001').map((e) => e.message)).toEqual([
      { type: 'text', text: { body: 'Hello Asha' } },
      { type: 'text', text: { body: 'Welcome back, Asha. You said Hello Asha' } },
    ])
    await runtime.close()
  })

  it('are refused, naming the node and versions, when a node is newer than this build', async () => {
    const { store } = await c.open()
    await store.publish(fixture('newer'))
    await expect(store.runningFlow('flw_node_versions')).rejects.toThrow(
      "Node 'welcome_back' is version 7 of the Message node type (message), but this build knows only up to version 1.",
    )
    await store.close()
  })

  // A runtime downgraded below what was published: the one flow it cannot run is left out of the running flows with
  // one log line naming it, and every other flow keeps answering (before: every customer message failed, because
  // keyword matching reads all running flows and the one newer document refused them all).
  it('leave out only the flow this build is older than, say so once, and keep serving every other flow', async () => {
    const lines: string[] = []
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk))
      return true
    })
    try {
      const { store } = await c.open()
      await store.publish(fixture('newer'))
      const served = { ...fixture('current'), id: 'flw_still_served', name: 'Still served' }
      await store.publish(served)

      const running = await store.runningFlows()
      expect(running.map((f) => f.id)).toEqual(['flw_still_served'])
      expect(await store.runningFlows()).toEqual(running)
      await expect(store.runningFlow('flw_node_versions')).rejects.toThrow('version 7 of the Message node type')

      const adapter = new MemoryAdapter()
      const { runtime } = testRuntime(store, adapter)
      const answer = await runtime.inbound({ ...text('+919800000002', 'hello'), name: 'Ravi' })
      expect(answer).toMatchObject({ status: 'processed', action: 'started' })
      await runtime.inbound({ ...text('+919800000003', 'hello'), name: 'Meera' })
      await runtime.idle()
      expect(adapter.to('+919800000002').map((e) => e.message)[0]).toEqual({
        type: 'text',
        text: { body: 'Hello Ravi' },
      })
      expect(adapter.to('+919800000003')).not.toEqual([])

      // Once per published version however often the flows are read (every message reads them all).
      const refused = lines.filter((l) => l.includes('flw_node_versions'))
      expect(refused).toHaveLength(1)
      expect(refused[0]).toContain('flow flw_node_versions')
      expect(refused[0]).toContain(
        "Node 'welcome_back' is version 7 of the Message node type (message), but this build knows only up to version 1.",
      )

      // Publishing it is refused as before.
      const published = await storePublishTarget(store).receive(fixture('newer'))
      expect(published.ok).toBe(false)
      expect(JSON.stringify(published)).toContain('version 7 of the Message node type')
      await runtime.close()
    } finally {
      spy.mockRestore()
    }
  })
})
