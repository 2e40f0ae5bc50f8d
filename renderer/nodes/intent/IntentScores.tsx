// Every intent's score as a labelled meter, highest first: the "Try a sentence" box and the emulator's Step tab.

/**
 * Highest first; on a tie the chosen intent first. Scores are capped at 1, so two intents can both read 1.00 while
 * the classifier picked the closer one (shared/nlu/classifier.ts): the list must not put the other on top.
 */
export function rankScores(scores: Record<string, number>, chosen: string | null): Array<[string, number]> {
  return Object.entries(scores).sort((a, b) => b[1] - a[1] || Number(b[0] === chosen) - Number(a[0] === chosen))
}

export function IntentScores({
  scores,
  chosen,
  threshold,
}: {
  scores: Record<string, number>
  chosen: string | null
  threshold?: number
}) {
  const rows = rankScores(scores, chosen)
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
