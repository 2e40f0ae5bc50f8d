import type { PublishPreview as Preview } from '../../shared/api/commands/publish'

// What a publish would change, shown before it: the changes since the version the server runs, then errors
// (which block), warnings and the branches no test has taken (which do not).

export function PublishPreview({ preview, serverName }: { preview: Preview; serverName: string }) {
  const { changes, errors, warnings, untested, coverage, revision, dependencies = [] } = preview
  const since =
    changes.since !== null && `version ${changes.since}${changes.sinceLabel ? ` (${changes.sinceLabel})` : ''}`
  return (
    <section className="publish-preview" aria-label="Before publishing">
      <p className="transfer-note" aria-label="Version published">
        {revision.label
          ? `Publishing revision ${revision.revision}, named “${revision.label}”${revision.description ? `: ${revision.description}` : ''}`
          : `Publishing revision ${revision.revision}, not named yet: publishing names it after the server and version.`}
      </p>
      <h3>{since ? `Changes since ${since} on ${serverName}` : `Changes on ${serverName}`}</h3>
      {changes.note && <p className="transfer-note">{changes.note}</p>}
      {changes.lines.length > 0 && (
        <ul className="transfer-list publish-changes" aria-label="Changes">
          {changes.lines.map((l, i) => (
            <li key={i}>{l}</li>
          ))}
        </ul>
      )}
      {dependencies.length > 0 && (
        <>
          <h3>Flows it calls, sent with it</h3>
          <p className="transfer-note">
            This version runs the versions sent with it; publishing one of them on its own later changes nothing here.
          </p>
          <ul className="transfer-list publish-callees" aria-label="Flows it calls">
            {dependencies.map((d) => (
              <li key={d.flowId}>
                <strong>{d.name}</strong>
                {d.since !== null && d.lines.length > 0 && ` — changes since version ${d.since}:`}
                {d.note && <span className="transfer-note"> — {d.note}</span>}
                {d.lines.length > 0 && (
                  <ul className="publish-changes">
                    {d.lines.map((l, i) => (
                      <li key={i}>{l}</li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {errors.length > 0 && (
        <>
          <h3 className="transfer-warning">Errors: fix them to publish</h3>
          <ul className="transfer-list" aria-label="Errors">
            {errors.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
        </>
      )}
      {(warnings.length > 0 || untested.length > 0) && (
        <>
          <h3>Warnings (publishing is still allowed)</h3>
          <ul className="transfer-list" aria-label="Warnings">
            {warnings.map((w, i) => (
              <li key={`w${i}`}>{w}</li>
            ))}
            {untested.length > 0 && (
              <li>
                {untested.length} untested branch{untested.length === 1 ? '' : 'es'} (coverage {coverage.percent}%):{' '}
                {untested
                  .map((b) => `${b.nodeName} → ${b.portLabel}${b.connected ? '' : ' (not connected)'}`)
                  .join(', ')}
              </li>
            )}
          </ul>
        </>
      )}
    </section>
  )
}
