// Every intent's score as a labelled meter, highest first: the "Try a sentence" box and the emulator's Step tab.
export function IntentScores({
  scores,
  chosen,
  threshold,
}: {
  scores: Record<string, number>
  chosen: string | null
  threshold?: number
}) {
  const rows = Object.entries(scores).sort((a, b) => b[1] - a[1])
  return (
    <ul className="intent-scores" aria-label="Scores">
      {rows.map(([name, score]) => (
        <li key={name} className={name === chosen ? 'chosen' : undefined}>
          <span className="intent-score-name">{name}</span>
          <meter min={0} max={1} low={threshold} optimum={1} value={score} aria-label={`${name} score`} />
          <span className="intent-score-value">{score.toFixed(2)}</span>
        </li>
      ))}
    </ul>
  )
}
