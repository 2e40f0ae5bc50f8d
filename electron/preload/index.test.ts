// The preload with 'electron' replaced by electron/main/testing/electron.ts: what it exposes to the page, and that it
// passes on only the contract's own command and event names.
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { IPC_CALL, IPC_EVENT, type ApiBridge } from '../../shared/api/bridge'
import * as electron from '../main/testing/electron'

vi.mock('electron', () => import('../main/testing/electron'))

let api: ApiBridge
beforeAll(async () => {
  await import('./index')
  api = electron.exposed.api as ApiBridge
})

describe('the preload', () => {
  it('exposes window.api with the contract’s two verbs and nothing else', () => {
    expect(Object.keys(electron.exposed)).toEqual(['api'])
    expect(Object.keys(api).sort()).toEqual(['call', 'on'])
  })

  it('forwards a known command over the one IPC channel', async () => {
    electron.ipcRenderer.invoked.length = 0
    expect(await api.call('flows.list', {})).toEqual({ ok: true, value: 'from main' })
    expect(electron.ipcRenderer.invoked).toEqual([[IPC_CALL, 'flows.list', {}]])
  })

  it('answers an unknown command itself, without reaching the main process', async () => {
    electron.ipcRenderer.invoked.length = 0
    expect(await api.call('shell.exec', { cmd: 'rm -rf /' })).toMatchObject({
      ok: false,
      error: { code: 'unknown_command' },
    })
    expect(electron.ipcRenderer.invoked).toEqual([])
  })

  it('delivers only the subscribed event, and stops after unsubscribing', () => {
    const got: unknown[] = []
    const off = api.on('flows.changed', (payload) => got.push(payload))
    electron.ipcRenderer.emit(IPC_EVENT, {}, 'flows.changed', { kind: 'created' })
    electron.ipcRenderer.emit(IPC_EVENT, {}, 'runs.trace', { x: 1 })
    off()
    electron.ipcRenderer.emit(IPC_EVENT, {}, 'flows.changed', { kind: 'deleted' })
    expect(got).toEqual([{ kind: 'created' }])
    expect(() => api.on('not.an.event', () => {})).toThrow(/no event named/)
  })
})
