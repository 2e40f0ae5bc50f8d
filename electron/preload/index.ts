// Runs sandboxed before the page: exposes the contract's two verbs as window.api and nothing else (no ipcRenderer,
// no Node). Names are checked against the contract here as well as in the back end.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { isCommandName, isEventName } from '../../shared/api'
import { IPC_CALL, IPC_EVENT, type ApiBridge } from '../../shared/api/bridge'
import { fail } from '../../shared/api/result'

const bridge: ApiBridge = {
  call(command, payload) {
    if (!isCommandName(command)) {
      return Promise.resolve(fail('unknown_command', `There is no command named ${JSON.stringify(String(command))}.`))
    }
    return ipcRenderer.invoke(IPC_CALL, command, payload)
  },
  on(event, listener) {
    if (!isEventName(event)) throw new Error(`There is no event named ${JSON.stringify(String(event))}.`)
    const handler = (_e: IpcRendererEvent, name: string, payload: unknown) => {
      if (name === event) listener(payload)
    }
    ipcRenderer.on(IPC_EVENT, handler)
    return () => {
      ipcRenderer.removeListener(IPC_EVENT, handler)
    }
  },
}

contextBridge.exposeInMainWorld('api', bridge)
