import { useEffect, useMemo, useState } from 'react'
import { useStore } from 'zustand'
import type { PublishServer } from '../../shared/api/commands/publish'
import { api } from '../api'
import { navigate } from '../shell/route'
import { ThemeSwitch } from '../shell/ThemeSwitch'
import { BroadcastDetail } from './BroadcastDetail'
import { BroadcastList } from './BroadcastList'
import { isLive } from './model'
import { NewBroadcast } from './NewBroadcast'
import { createBroadcastsStore, type TargetKey } from './store'
import '../styles/flows.css'
import '../contacts/contacts.css'
import './broadcasts.css'

// Where the screen runs broadcasts is kept across reloads, so a link to a server's broadcast opens it there again.
const TARGET_KEY = 'chatflow.broadcasts.target'
/** How often a live broadcast's progress is read again. */
const LIVE_MS = 1000

/** Broadcasts: a flow started for many contacts at once, in this studio or on a production server. */
export function BroadcastsScreen({ broadcastId }: { broadcastId: string | null }) {
  const store = useMemo(() => createBroadcastsStore(localStorage.getItem(TARGET_KEY) ?? 'studio'), [])
  const target = useStore(store, (s) => s.target)
  const list = useStore(store, (s) => s.list)
  const listError = useStore(store, (s) => s.listError)
  const open = useStore(store, (s) => s.open)
  const [servers, setServers] = useState<PublishServer[]>([])
  const [serversError, setServersError] = useState<string | null>(null)
  const [creating, setCreating] = useState(false)

  useEffect(() => {
    void api.call('publish.servers.list', {}).then((r) => {
      if (r.ok) setServers(r.value.servers)
      else setServersError(`The production servers could not be read: ${r.error.message}`)
    })
    void store.getState().loadList()
  }, [store])
  useEffect(() => void store.getState().openBroadcast(broadcastId), [store, broadcastId, target])

  // Live progress: the open broadcast (or, on the list, any live one) is read again while the back end moves it.
  const live = open ? isLive(open.status) : (list ?? []).some((b) => isLive(b.status))
  useEffect(() => {
    if (!live) return
    const timer = setInterval(() => void store.getState().refresh(), LIVE_MS)
    return () => clearInterval(timer)
  }, [store, live])

  const chooseTarget = (key: TargetKey) => {
    localStorage.setItem(TARGET_KEY, key)
    if (broadcastId) navigate({ screen: 'broadcasts' })
    void store.getState().setTarget(key)
  }
  const targetName = target === 'studio' ? 'this studio' : (servers.find((s) => s.id === target)?.name ?? 'a server')

  return (
    <main className="flows-screen broadcasts-screen" aria-labelledby="broadcasts-title">
      <header className="flows-header">
        <div>
          <p className="brand">
            <a href="#/flows">Chatflow Studio · Flows</a>
          </p>
          <h1 id="broadcasts-title">Broadcasts</h1>
        </div>
        <div className="flows-toolbar">
          <label className="sort">
            Run on
            <select value={target} onChange={(e) => chooseTarget(e.target.value)}>
              <option value="studio">This studio</option>
              {servers.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            New broadcast
          </button>
          <a href="#/contacts">Contacts</a>
          <ThemeSwitch />
        </div>
      </header>
      {serversError && (
        <p className="error-banner" role="alert">
          {serversError}
        </p>
      )}
      {broadcastId ? (
        <BroadcastDetail store={store} />
      ) : list === null && listError ? (
        <div className="error-banner" role="alert" aria-label="Broadcasts not loaded">
          <span>
            The broadcasts of {targetName} could not be loaded: {listError}
          </span>
          <button type="button" onClick={() => void store.getState().loadList()}>
            Try again
          </button>
        </div>
      ) : list === null ? (
        <p className="loading" aria-busy="true">
          Loading broadcasts…
        </p>
      ) : (
        <>
          {listError && (
            <p className="error-banner" role="alert">
              The list may be out of date: {listError}
            </p>
          )}
          <BroadcastList broadcasts={list} targetName={targetName} onNew={() => setCreating(true)} />
        </>
      )}
      {creating && (
        <NewBroadcast
          target={target}
          targetName={targetName}
          onClose={() => setCreating(false)}
          onStarted={(id) => {
            setCreating(false)
            void store.getState().loadList()
            navigate({ screen: 'broadcasts', broadcastId: id })
          }}
        />
      )}
    </main>
  )
}
