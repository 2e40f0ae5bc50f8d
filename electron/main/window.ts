import path from 'node:path'
import { app, BrowserWindow } from 'electron'
import { APP_NAME } from '../services/data-dir'
import { APP_ORIGIN } from './security'

export function createMainWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 880,
    minHeight: 560,
    title: APP_NAME,
    show: false,
    webPreferences: {
      preload: path.join(__dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      spellcheck: false,
      // The developer tools are for working on the studio from a checkout; an installed app has none to open.
      devTools: !app.isPackaged,
    },
  })
  window.once('ready-to-show', () => window.show())
  void window.loadURL(`${APP_ORIGIN}/index.html#/flows`)
  return window
}
