export function NoFlows({ onCreate, onExamples }: { onCreate(): void; onExamples(): void }) {
  return (
    <section className="empty" aria-labelledby="empty-title">
      <h2 id="empty-title">No flows yet</h2>
      <p>
        A flow is a chatbot conversation: it starts from a trigger (a keyword, a webhook, a button click…) and runs node
        by node. Create one, then open it to add messages, questions and conditions, and try it in the emulator.
      </p>
      <div className="empty-actions">
        <button type="button" className="primary" onClick={onCreate}>
          Create your first flow
        </button>
        <button type="button" onClick={onExamples}>
          Start from an example
        </button>
      </div>
      <p className="hint">
        Tip: press <kbd>N</kbd> anywhere on this screen to create a flow, <kbd>/</kbd> to search.
      </p>
    </section>
  )
}

export function NoMatches({ search, onClear }: { search: string; onClear(): void }) {
  return (
    <section className="empty" aria-labelledby="empty-title">
      <h2 id="empty-title">No flows match “{search}”</h2>
      <p>Search looks at flow names. Check the spelling, or clear the search to see every flow.</p>
      <button type="button" onClick={onClear}>
        Clear search
      </button>
    </section>
  )
}
