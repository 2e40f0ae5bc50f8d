// What the desktop app does with a link the page asks to open (a link in a chat bubble, a URL button in the
// emulator): flows may come from anyone's file, so shell.openExternal never gets a URL straight from the page.
// Only https links to a named host are considered; hosts the studio itself links to open at once, any other host
// only after the person confirms it in a dialog that shows where the link goes.
import { dialog, shell } from 'electron'

/** Hosts the studio's own screens and documentation link to. */
export const TRUSTED_LINK_HOSTS = new Set(['github.com', 'www.electronjs.org'])

export type LinkDecision = 'open' | 'ask' | 'refuse'

const PRIVATE_HOST = /^(localhost|.*\.local|.*\.internal|.*\.localhost)$/i
const IP_LITERAL = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i

export function linkDecision(raw: string): LinkDecision {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return 'refuse'
  }
  // https only (no file:, javascript:, custom schemes that start programs); no user:password@ that disguises the
  // host; no address on this computer or its network, which a page could otherwise make the browser call.
  if (url.protocol !== 'https:' || url.username || url.password || raw.length > 2048) return 'refuse'
  if (!url.hostname || PRIVATE_HOST.test(url.hostname) || IP_LITERAL.test(url.hostname)) return 'refuse'
  return TRUSTED_LINK_HOSTS.has(url.hostname) ? 'open' : 'ask'
}

/** Opens `url` in the system browser as linkDecision allows, asking first where it says so. */
export async function openLink(url: string): Promise<boolean> {
  const decision = linkDecision(url)
  if (decision === 'refuse') return false
  if (decision === 'ask') {
    const { response } = await dialog.showMessageBox({
      type: 'question',
      buttons: ['Open in browser', 'Cancel'],
      defaultId: 1,
      cancelId: 1,
      message: `Open a link to ${new URL(url).hostname}?`,
      detail: `${url}\n\nThe link comes from a flow. Open it only if you trust where it goes.`,
    })
    if (response !== 0) return false
  }
  await shell.openExternal(url)
  return true
}
