import { useEffect, useState } from 'react'
import { ChevronDown, ChevronUp, X } from 'lucide-react'
import type { PublishServer } from '../../shared/api/commands/publish'
import { getApi } from '../api'
import { useEditor } from '../editor/context'
import { useCompareStore } from '../compare/compare-store'
import { isPeriodDays, PERIODS } from './period'
import { trafficStore, useTraffic } from './store'
import { TrafficFigures } from './TrafficFigures'

/**
 * The Traffic overlay's panel, a column beside the canvas: whose runs (this studio's or a production server's
 * saved in the Publish dialog), the period, the version and the one side by side with it, the goal; then what was
 * read (TrafficFigures), or why nothing was, with what to do about it.
 */
export function TrafficPanel() {
  const settings = useTraffic((s) => s.settings)
  const status = useTraffic((s) => s.status)
  const error = useTraffic((s) => s.error)
  const data = useTraffic((s) => s.data)
  const nodes = useEditor((s) => s.doc.nodes)
  const comparing = useCompareStore((s) => s.flowId !== null)
  const [servers, setServers] = useState<PublishServer[] | null>(null)
  const [serversError, setServersError] = useState<string | null>(null)
  const [folded, setFolded] = useState(false)
  useEffect(() => {
    void getApi()
      .call('publish.servers.list', {})
      .then((r) =>
        r.ok
          ? setServers(r.value.servers)
          : setServersError(`The production servers could not be read: ${r.error.message}`),
      )
  }, [])
  const store = trafficStore.getState()
  const server = servers?.find((s) => s.id === settings.serverId)
  const kind = settings.serverId ? 'Version' : 'Revision'
  const versions = [...new Set([...(data?.report.versions ?? []), settings.version, settings.versus])]
    .filter((v): v is number => v !== null)
    .sort((a, b) => b - a)
  const num = (v: string) => (v === '' ? null : Number(v))
  return (
    <section className="traffic-panel" role="region" aria-label="Traffic">
      <header>
        <h3>Traffic</h3>
        <button
          type="button"
          className="icon-button"
          aria-expanded={!folded}
          aria-label={folded ? 'Show traffic details' : 'Hide traffic details'}
          title={folded ? 'Show details' : 'Hide details'}
          onClick={() => setFolded((f) => !f)}
        >
          {folded ? <ChevronDown size={14} aria-hidden="true" /> : <ChevronUp size={14} aria-hidden="true" />}
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="Turn traffic off"
          title="Turn traffic off (Alt+Shift+T)"
          onClick={() => store.setOn(false)}
        >
          <X size={14} aria-hidden="true" />
        </button>
      </header>
      {!folded && (
        <div className="traffic-controls">
          <label>
            Runs of
            <select
              value={settings.serverId ?? ''}
              onChange={(e) => store.change({ serverId: e.target.value || null })}
            >
              <option value="">this studio</option>
              {(servers ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  server {s.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            Period
            <select
              aria-label="Period"
              value={settings.days}
              onChange={(e) => {
                const days = Number(e.target.value)
                if (isPeriodDays(days)) store.change({ days })
              }}
            >
              {PERIODS.map((p) => (
                <option key={p.days} value={p.days}>
                  {p.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            {kind}
            <select
              aria-label={kind}
              value={settings.version ?? ''}
              onChange={(e) => store.change({ version: num(e.target.value) })}
            >
              <option value="">all {kind.toLowerCase()}s</option>
              {versions.map((v) => (
                <option key={v} value={v}>
                  {kind.toLowerCase()} {v}
                </option>
              ))}
            </select>
          </label>
          <label>
            Side by side with
            <select
              aria-label="Side by side with"
              value={settings.versus ?? ''}
              disabled={settings.version === null}
              title={settings.version === null ? `Pick a ${kind.toLowerCase()} first` : undefined}
              onChange={(e) => store.change({ versus: num(e.target.value) })}
            >
              <option value="">nothing</option>
              {versions
                .filter((v) => v !== settings.version)
                .map((v) => (
                  <option key={v} value={v}>
                    {kind.toLowerCase()} {v}
                  </option>
                ))}
            </select>
          </label>
          <label>
            Goal
            <select
              aria-label="Goal"
              value={settings.goal ?? ''}
              onChange={(e) => store.change({ goal: e.target.value || null })}
            >
              <option value="">none</option>
              {nodes.map((n) => (
                <option key={n.id} value={n.id}>
                  {n.name}
                </option>
              ))}
            </select>
          </label>
          {serversError && <p role="alert">{serversError}</p>}
          {servers?.length === 0 && (
            <p className="traffic-hint">Add a production server in Publish… to see its customers’ runs here.</p>
          )}
        </div>
      )}
      {status === 'loading' && (
        <p className="traffic-status" role="status" aria-busy="true">
          Reading traffic{server ? ` from ${server.name}` : ''}…{' '}
          <button type="button" onClick={() => store.cancel()}>
            Cancel
          </button>
        </p>
      )}
      {status === 'cancelled' && (
        <p className="traffic-status" role="status">
          Stopped reading.{' '}
          <button type="button" onClick={() => void store.load()}>
            Read again
          </button>
        </p>
      )}
      {status === 'error' && (
        <div className="traffic-error" role="alert">
          <p>{error}</p>
          {data && <p>The figures shown are from the last read and may be out of date.</p>}
          <button type="button" onClick={() => void store.load()}>
            Try again
          </button>
        </div>
      )}
      {comparing && <p className="traffic-hint">Traffic is drawn again when you close the comparison of versions.</p>}
      {data && <TrafficFigures data={data} folded={folded} sourceName={server ? server.name : null} kind={kind} />}
    </section>
  )
}
