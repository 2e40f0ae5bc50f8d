import { BrowserWindow, ipcMain, type IpcMainInvokeEvent } from 'electron'
import { IPC_CALL, IPC_EVENT } from '../../shared/api/bridge'
import { fail } from '../../shared/api/result'
import type { Backend } from '../studio/backend'
import { isAppUrl } from './security'

/** The contract over IPC: one invoke channel for calls, one push channel for events, only for our own pages. */
export function attachIpc(backend: Backend): void {
  ipcMain.handle(IPC_CALL, (event: IpcMainInvokeEvent, command: unknown, payload: unknown) => {
    if (!isAppUrl(event.senderFrame?.url ?? '')) {
      return fail('forbidden', 'Only the studio’s own pages may call its back end.')
    }
    return backend.call(String(command), payload)
  })
  backend.onAny((event, payload) => {
    for (const window of BrowserWindow.getAllWindows()) {
      if (!window.isDestroyed()) window.webContents.send(IPC_EVENT, event, payload)
    }
  })
}
