import { useEffect, useState } from 'react'

// Hash routes, so the same build works from file/app:// in Electron and from the browser host without rewrites.
export type Route =
  | { screen: 'flows' }
  | { screen: 'contacts' }
  | { screen: 'broadcasts'; broadcastId?: string }
  | { screen: 'editor'; flowId: string }
  | { screen: 'logs'; flowId: string; runId?: string }
  | { screen: 'templates' }
  | { screen: 'catalog' }
  | { screen: 'settings' }

export function parseRoute(hash: string): Route {
  if (/^#\/contacts(?:[/?#]|$)/.test(hash)) return { screen: 'contacts' }
  const broadcast = /^#\/broadcasts(?:\/([^/?#]+))?\/?(?:[?#]|$)/.exec(hash)
  if (broadcast)
    return broadcast[1]
      ? { screen: 'broadcasts', broadcastId: decodeURIComponent(broadcast[1]) }
      : { screen: 'broadcasts' }
  if (/^#\/templates\/?$/.test(hash)) return { screen: 'templates' }
  if (/^#\/catalog\/?$/.test(hash)) return { screen: 'catalog' }
  if (/^#\/settings\/?$/.test(hash)) return { screen: 'settings' }
  const logs = /^#\/flows\/([^/?#]+)\/logs(?:\/([^/?#]+))?/.exec(hash)
  if (logs?.[1]) {
    const flowId = decodeURIComponent(logs[1])
    return logs[2] ? { screen: 'logs', flowId, runId: decodeURIComponent(logs[2]) } : { screen: 'logs', flowId }
  }
  const match = /^#\/flows\/([^/?#]+)/.exec(hash)
  if (match?.[1]) return { screen: 'editor', flowId: decodeURIComponent(match[1]) }
  return { screen: 'flows' }
}

export function hrefFor(route: Route): string {
  if (route.screen === 'contacts') return '#/contacts'
  if (route.screen === 'broadcasts')
    return route.broadcastId ? `#/broadcasts/${encodeURIComponent(route.broadcastId)}` : '#/broadcasts'
  if (route.screen === 'templates' || route.screen === 'catalog' || route.screen === 'settings')
    return `#/${route.screen}`
  if (route.screen === 'logs') {
    const base = `#/flows/${encodeURIComponent(route.flowId)}/logs`
    return route.runId ? `${base}/${encodeURIComponent(route.runId)}` : base
  }
  return route.screen === 'editor' ? `#/flows/${encodeURIComponent(route.flowId)}` : '#/flows'
}

export function navigate(route: Route): void {
  window.location.hash = hrefFor(route)
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash))
  useEffect(() => {
    const update = () => setRoute(parseRoute(window.location.hash))
    window.addEventListener('hashchange', update)
    return () => window.removeEventListener('hashchange', update)
  }, [])
  return route
}
